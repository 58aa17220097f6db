import {
  clearNotifications,
  dismissNotification,
  getVisibleNotifications,
  MAX_VISIBLE_NOTIFICATIONS,
  notify,
} from '../../web/src/common/notifications/notificationStore';

/** Spec 001 s.4: notifications are queued, at most 5 shown at once. */
const shown = () => getVisibleNotifications().map((n) => n.message);

beforeEach(() => clearNotifications());

test('at most five are shown; the rest wait their turn in order', () => {
  const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((message) => notify(message, 'error'));
  expect(MAX_VISIBLE_NOTIFICATIONS).toBe(5);
  expect(shown()).toEqual(['a', 'b', 'c', 'd', 'e']);
  dismissNotification(ids[1] ?? 0);
  expect(shown()).toEqual(['a', 'c', 'd', 'e', 'f']);
});

test('a waiting notification can be dismissed before it shows', () => {
  const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((message) => notify(message));
  dismissNotification(ids[5] ?? 0);
  dismissNotification(ids[0] ?? 0);
  expect(shown()).toEqual(['b', 'c', 'd', 'e', 'g']);
});

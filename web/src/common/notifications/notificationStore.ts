import { useSyncExternalStore } from 'react';

/**
 * The notification queue (spec 001 s.4: queued, at most 5 shown at once). A plain store rather than a React
 * context so non-React code (the query client's error handler, the session) can notify too.
 */
export type NotificationSeverity = 'success' | 'info' | 'warning' | 'error';

export interface Notification {
  id: number;
  message: string;
  severity: NotificationSeverity;
  /** Stays until dismissed (progress of long work), instead of hiding itself after a while. */
  sticky?: boolean;
}

export const MAX_VISIBLE_NOTIFICATIONS = 5;

let nextId = 1;
let visible: readonly Notification[] = [];
let waiting: readonly Notification[] = [];
const listeners = new Set<() => void>();

function publish(nextVisible: readonly Notification[], nextWaiting: readonly Notification[]) {
  const room = MAX_VISIBLE_NOTIFICATIONS - nextVisible.length;
  visible = room > 0 ? [...nextVisible, ...nextWaiting.slice(0, room)] : nextVisible;
  waiting = room > 0 ? nextWaiting.slice(room) : nextWaiting;
  for (const listener of listeners) listener();
}

export function notify(
  message: string,
  severity: NotificationSeverity = 'info',
  options: { sticky?: boolean } = {},
): number {
  const id = nextId++;
  publish(visible, [...waiting, { id, message, severity, ...options }]);
  return id;
}

/** New text for a notification still shown or waiting (e.g. the rows an export has written so far). */
export function updateNotification(id: number, message: string) {
  const update = (list: readonly Notification[]) => list.map((n) => (n.id === id ? { ...n, message } : n));
  publish(update(visible), update(waiting));
}

export const notifyError = (message: string) => notify(message, 'error');
export const notifySuccess = (message: string) => notify(message, 'success');

export function dismissNotification(id: number) {
  publish(
    visible.filter((n) => n.id !== id),
    waiting.filter((n) => n.id !== id),
  );
}

/** Drops every notification, shown or waiting (e.g. old sign-in errors once signed in). */
export function clearNotifications() {
  publish([], []);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getVisibleNotifications = (): readonly Notification[] => visible;

export function useVisibleNotifications(): readonly Notification[] {
  return useSyncExternalStore(subscribe, getVisibleNotifications);
}

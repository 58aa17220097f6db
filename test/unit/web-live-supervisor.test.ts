import { QueryClient } from '@tanstack/react-query';
import { liveStatus } from '../../web/src/live/liveStatus';
import { type LiveHandlers, LiveSupervisor, type LiveTarget, POLL_MS } from '../../web/src/live/liveSupervisor';

const catchUp = jest.fn((..._args: unknown[]) => Promise.resolve());

/** The live layer's connection states: live, connecting, and polling when push is unavailable. */
const target = (token = 't1'): LiveTarget => ({
  endpoint: 'http://localhost:1/event',
  region: 'eu-west-1',
  token,
  channels: { view: '/live/t1/staff', own: '/live/t1/u5' },
});

function harness(outcomes: ('ok' | 'refused')[]) {
  const opened: { token: string; handlers: LiveHandlers; closed: boolean }[] = [];
  const open = async (to: LiveTarget, handlers: LiveHandlers) => {
    const outcome = outcomes.shift() ?? 'ok';
    if (outcome === 'refused') throw new Error('Connection handshake error');
    const link = { token: to.token, handlers, closed: false };
    opened.push(link);
    return {
      close: async () => {
        link.closed = true;
      },
    };
  };
  const supervisor = new LiveSupervisor(new QueryClient(), {
    loadOpen: () => Promise.resolve(open),
    catchUp,
    rememberCursor: () => undefined,
    freshenToken: () => undefined,
  });
  return { supervisor, opened };
}

beforeEach(() => {
  jest.useFakeTimers();
  catchUp.mockClear();
});
afterEach(() => jest.useRealTimers());

test('connects, says live and catches up once from where the screens were read', async () => {
  const { supervisor, opened } = harness(['ok']);
  supervisor.update(target());
  expect(liveStatus()).toBe('connecting');
  await jest.advanceTimersByTimeAsync(0);
  expect(liveStatus()).toBe('live');
  expect(opened).toHaveLength(1);
  expect(catchUp).toHaveBeenCalledTimes(1);
  supervisor.dispose();
});

test('a renewed token subscribes again with it; the old link is closed', async () => {
  const { supervisor, opened } = harness(['ok', 'ok']);
  supervisor.update(target('t1'));
  await jest.advanceTimersByTimeAsync(0);
  supervisor.update(target('t1'));
  supervisor.update(target('t2'));
  await jest.advanceTimersByTimeAsync(0);
  expect(opened.map((link) => [link.token, link.closed])).toEqual([
    ['t1', true],
    ['t2', false],
  ]);
  supervisor.dispose();
});

test('refused twice it polls the delta every 30 s, and goes live again when the service is back', async () => {
  // Attempts at 0, 4, 12 and 28 s are refused; the fifth, at 60 s, connects.
  const { supervisor } = harness(['refused', 'refused', 'refused', 'refused', 'ok']);
  supervisor.update(target());
  await jest.advanceTimersByTimeAsync(0);
  expect(liveStatus()).toBe('connecting');
  await jest.advanceTimersByTimeAsync(4000);
  expect(liveStatus()).toBe('polling');
  catchUp.mockClear();
  await jest.advanceTimersByTimeAsync(POLL_MS);
  expect(catchUp).toHaveBeenCalledWith(expect.anything(), { conditional: true });
  expect(liveStatus()).toBe('polling');
  await jest.advanceTimersByTimeAsync(60_000 - 4000 - POLL_MS);
  expect(liveStatus()).toBe('live');
  catchUp.mockClear();
  await jest.advanceTimersByTimeAsync(POLL_MS * 2);
  expect(catchUp).not.toHaveBeenCalled();
  supervisor.dispose();
});

test('without a push service it polls from the start', async () => {
  const { supervisor } = harness([]);
  supervisor.update(null);
  expect(liveStatus()).toBe('polling');
  await jest.advanceTimersByTimeAsync(POLL_MS);
  expect(catchUp).toHaveBeenCalledTimes(1);
  supervisor.dispose();
});

test('a dropped connection reconnects and catches up; messages of the old link are ignored', async () => {
  const { supervisor, opened } = harness(['ok', 'ok']);
  supervisor.update(target());
  await jest.advanceTimersByTimeAsync(0);
  catchUp.mockClear();
  opened[0]?.handlers.onDown();
  expect(liveStatus()).toBe('connecting');
  await jest.advanceTimersByTimeAsync(1000);
  expect(liveStatus()).toBe('live');
  expect(opened).toHaveLength(2);
  expect(catchUp).toHaveBeenCalledTimes(1);
  // A late drop notice from the first link changes nothing.
  opened[0]?.handlers.onDown();
  expect(liveStatus()).toBe('live');
  supervisor.onVisible();
  expect(catchUp).toHaveBeenLastCalledWith(expect.anything(), { afterGap: true });
  supervisor.dispose();
});

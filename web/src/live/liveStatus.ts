import { useSyncExternalStore } from 'react';

/**
 * What the console's live layer is doing, for the top bar (live-contract: useLiveStatus):
 * - live: subscribed to the user's channels, changes arrive as they happen;
 * - connecting: (re)connecting; the last state shown is at most a few seconds old;
 * - polling: push is unavailable (no push service configured, or it refused us repeatedly): the console asks
 *   the map's delta every 30 s.
 */
export type LiveStatus = 'live' | 'connecting' | 'polling';

let status: LiveStatus = 'connecting';
const listeners = new Set<() => void>();

export const liveStatus = (): LiveStatus => status;

export function setLiveStatus(next: LiveStatus) {
  if (next === status) return;
  status = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useLiveStatus = (): LiveStatus => useSyncExternalStore(subscribe, liveStatus, liveStatus);

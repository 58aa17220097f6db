import { useSyncExternalStore } from 'react';
import { queuedActions, subscribeToQueue } from './offlineQueue';

/** The signed-in user's queued actions on this device, oldest first. */
export function useOfflineQueue() {
  return useSyncExternalStore(subscribeToQueue, queuedActions);
}

/** True while the browser says it has no network (it may still have none when it says it has). */
export function useOnline() {
  return useSyncExternalStore(
    (listener) => {
      window.addEventListener('online', listener);
      window.addEventListener('offline', listener);
      return () => {
        window.removeEventListener('online', listener);
        window.removeEventListener('offline', listener);
      };
    },
    () => navigator.onLine,
  );
}

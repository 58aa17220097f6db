/** Spec 001 s.9 "Update check interval 3600" (unit not shown): seconds, i.e. once an hour. */
export const UPDATE_CHECK_INTERVAL_SECONDS = 3600;

/** The part of a ServiceWorkerRegistration the hourly check uses. */
export interface UpdatableRegistration {
  installing: unknown;
  update(): Promise<unknown>;
}

/** Typed loosely: the unit tests compile this file against Node's Navigator, which has no onLine. */
const browserIsOnline = () => (globalThis.navigator as { onLine?: boolean } | undefined)?.onLine !== false;

/**
 * Asks the browser every interval whether a new service worker (a new console release) exists; the
 * registration then reports it waiting and the prompt appears. Skipped while one is already installing or
 * the browser is offline. Failures are only logged (spec 001 s.8: service-worker errors are only logged).
 * Returns the function that stops the checks.
 */
export function scheduleUpdateChecks(
  registration: UpdatableRegistration,
  isOnline: () => boolean = browserIsOnline,
  intervalMs = UPDATE_CHECK_INTERVAL_SECONDS * 1000,
): () => void {
  const timer = setInterval(() => {
    if (registration.installing || !isOnline()) return;
    registration.update().catch((error: unknown) => console.error('Service worker update check failed', error));
  }, intervalMs);
  return () => clearInterval(timer);
}

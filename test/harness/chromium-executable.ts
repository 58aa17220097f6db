/**
 * The Chromium the browser tests drive: Debian's `chromium-headless-shell`, Chromium's own headless build
 * (the one Playwright drives for headless runs). The full browser's headless mode (`chromium --headless`) is the
 * whole desktop browser without a window: every new context opens a window that preloads the address bar's
 * suggestion popup, a WebUI page in a renderer of its own, about 1.3 CPU seconds each, and the browser
 * process does a window's bookkeeping besides. One browser test file measured alone: Chromium's CPU 51 → 33 s.
 * `CHROMIUM_PATH` names another binary (the full `chromium` drives the same tests, slower).
 */
export const CHROMIUM_EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/** The Debian package that provides the default executable. */
export const CHROMIUM_PACKAGE = 'chromium-headless-shell';

/**
 * The full browser, in its headless mode, for what the headless shell lacks: it has no notification platform, so
 * `Notification.permission` is "denied" whatever a test grants and a service worker cannot show a notification
 * (test/browser/web-push.test.ts). Only the tests that need it pay its cost. `CHROMIUM_FULL_PATH` names another
 * binary.
 */
export const FULL_CHROMIUM_EXECUTABLE = process.env.CHROMIUM_FULL_PATH ?? '/usr/bin/chromium';
export const FULL_CHROMIUM_PACKAGE = 'chromium';

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { SESSION_STORAGE_KEY, storedSessionSchema } from '../../web/src/session/sessionTypes';
import { signIn } from './api';
import { CHROMIUM_EXECUTABLE } from './chromium-executable';
import { readStack } from './stack';
import { waitUntil } from './wait';

/** The time zone every page runs in (spec 000 s.9 shows times in the user's zone: Dutch users). */
export const CONSOLE_TIME_ZONE = 'Europe/Amsterdam';

/** The yyyy-MM-dd of `at` in the console's time zone: "today" as a page sees it. */
export const consoleDay = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: CONSOLE_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);

/**
 * Debian's Chromium (its headless shell, test/harness/chromium-executable.ts) driven by playwright-core: no
 * browser download, flags as the workplace requires.
 *
 * Pages and contexts block service workers unless a test asks for them (`serviceWorkers: 'allow'`): the
 * production build registers Workbox's worker, which would precache the whole console (3 MB) in every
 * test's fresh context and answer requests that `page.route` is then unable to see.
 */
export async function launchBrowser(
  executablePath = CHROMIUM_EXECUTABLE,
  /** Flags of one file's browser only, e.g. the fake camera of test/browser/scan.test.ts. */
  extraArgs: readonly string[] = [],
): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
  const newContext = browser.newContext.bind(browser);
  // browser.newPage goes through newContext as well. The console's users are in the Netherlands: pages run in
  // their time zone whatever the machine's is, so a test's "today" means the same day on every machine. Pages
  // ask for reduced motion, which the console honours (web/src/theme/useReducedMotion.ts): a drawer that slides
  // in is a quarter second of frames for a loaded machine's renderer, in every state a test reaches.
  // An error thrown in a page and caught by nobody unmounts the console (a blank page): the test then fails on a
  // missing element far from the cause, so the cause is written to the test's output.
  browser.newContext = async (options = {}) => {
    const context = await newContext({
      serviceWorkers: 'block',
      timezoneId: CONSOLE_TIME_ZONE,
      reducedMotion: 'reduce',
      ...options,
    });
    context.on('weberror', (webError) =>
      console.error(`Uncaught in the page at ${webError.page()?.url()}:\n${webError.error().stack}`),
    );
    return context;
  };
  return browser;
}

export const consoleUrl = (route = '/') => `http://localhost:${readStack().ports.WEB_PORT}${route}`;

export const SCREENSHOT_DIR = path.resolve(__dirname, '../../test-results/screenshots');

/**
 * Resolves once the page's running CSS transitions and finite animations have ended: a drawer slid in, a dialog
 * or popover faded in. Endless ones (spinners, skeleton pulses) are not waited for.
 */
export async function animationsFinished(page: Page) {
  // A string: this project's Node typings have no DOM (document.getAnimations runs in the page).
  await page.evaluate(`Promise.all(
    document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
      .map((animation) => animation.finished.catch(() => undefined)),
  ).then(() => undefined)`);
}

/**
 * A screenshot of the viewport once whatever was sliding or fading in has arrived. Never the full page:
 * Chromium captures beyond the viewport by resizing the window, now and then to 1×1 for a moment, and the
 * console's width media queries answer that resize (a desktop panel turns into a phone's for a frame, and what
 * it held, its chosen tab, an open dialog, is remounted away before the test's next step).
 */
export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await animationsFinished(page);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

type UrlTest = Parameters<Page['waitForURL']>[0];

/**
 * Waits until the address matches `url` and the console shows that address's screen. The address changes the
 * moment a link is followed, but the router renders the new screen in a transition that keeps the old one up
 * (its buttons clickable) until the new screen's code has loaded; the layout's `main` says which location it
 * shows (web/src/shell/useShownLocation.ts).
 */
export async function waitForScreen(page: Page, url: UrlTest, { timeout = 30_000 }: { timeout?: number } = {}) {
  await page.waitForURL(url, { timeout });
  await shownAtAddress(page, timeout);
}

/** Until the layout's `main` shows the location in the address bar (that screen, not the one before it). */
async function shownAtAddress(page: Page, timeout = 30_000) {
  // Read through CDP (page.evaluate), which the console's CSP allows; waitForFunction would eval in the page.
  const shown = () =>
    page
      .evaluate<{ shown?: string; address: string }>(
        `({ shown: document.querySelector('main')?.getAttribute('data-location'), address: location.pathname + location.search })`,
      )
      .catch(() => ({ shown: undefined, address: 'a page being replaced' }));
  await waitUntil('the console to show the address it is at', shown, (read) => read.shown === read.address, {
    timeoutMs: timeout,
  });
}

/** What a link would not close: an open dialog, popover, menu or modal drawer over the screen. */
export const OPEN_OVERLAY = '.MuiModal-root:not(.MuiModal-hidden)';

/**
 * Closes what is open over the screen with Escape, the top layer first, as a user does before following a link.
 * Answers whether nothing is open any more: a layer that stays (a dialog that asks before it closes) is left to
 * a page load.
 */
export async function closeOverlays(page: Page) {
  for (let open = await page.locator(OPEN_OVERLAY).count(); open > 0; open--) {
    await page.keyboard.press('Escape');
    const closed = await page
      .locator(OPEN_OVERLAY)
      .nth(open - 1)
      .waitFor({ state: 'detached', timeout: 5_000 })
      .then(
        () => true,
        () => false,
      );
    if (!closed) return false;
  }
  return true;
}

/**
 * Shows `route` (a path with its query) as a user gets there: by closing what is open over the screen and
 * following a link in the running console, the router hearing a popstate. A page load costs a loaded machine's
 * renderer seconds of parsing and first renders; it is done only when the console is not running yet, already
 * shows that very address, or keeps a dialog open that Escape does not close.
 */
export async function goToScreen(page: Page, route: string) {
  const running = await page
    .evaluate<boolean>(`document.querySelector('main[data-location]') !== null`)
    .catch(() => false);
  const followable =
    running &&
    (await closeOverlays(page)) &&
    (await page.evaluate<string>('location.pathname + location.search').catch(() => route)) !== route;
  if (!followable) {
    await page.goto(consoleUrl(route));
    return;
  }
  await page.evaluate(`(() => {
    const idx = (history.state?.idx ?? 0) + 1;
    history.pushState({ usr: null, key: 'followed-' + idx, idx }, '', ${JSON.stringify(route)});
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  })()`);
  // The address is the route now (or where the route redirects); the screen before it shows another.
  await shownAtAddress(page);
}

/** A demo user's session as the sign-in screen keeps it (web/src/session/sessionPersistence.ts). */
async function storedSessionOf(login: string): Promise<string> {
  // The API harness's sign-in, made once per user and file and shared with the file's API calls.
  const answer = await signIn(login);
  const parsed = storedSessionSchema.safeParse({ ...answer, stayLoggedIn: true });
  if (!parsed.success) throw new Error(`sign-in of ${login} gave no session: ${JSON.stringify(answer).slice(0, 300)}`);
  return JSON.stringify(parsed.data);
}

/**
 * Opens the console as a signed-in demo user, at `at` or at the role's landing page, and waits for that screen:
 * as a user who signed in before and follows a link. The session is the sign-in API's answer, kept where the
 * sign-in screen keeps it by default (localStorage, Stay logged in: the context's other pages are signed in too),
 * written before the page's next load only, so a sign-out in the test stays one. The sign-in screen itself is
 * tested in sign-in.test.ts and its neighbours; going through it for every test cost a loaded machine a render of
 * the form and a password check per test, and one sign-in per user and file is all the session needs (an ID token
 * lasts an hour).
 */
let sessionsGiven = 0;
export async function signInAs(page: Page, login: string, at = '/') {
  const session = await storedSessionOf(login);
  // Once per call (a page may sign out and in as another user); a string: the Node typings here have no DOM.
  const given = `test-session-given-${++sessionsGiven}`;
  await page.addInitScript(`if (localStorage.getItem('${given}') === null) {
    localStorage.setItem('${given}', '1');
    localStorage.setItem(${JSON.stringify(SESSION_STORAGE_KEY)}, ${JSON.stringify(session)});
  }`);
  await page.goto(consoleUrl(at));
  await waitForScreen(page, (url) => url.pathname !== '/sign-in' && url.pathname !== '/');
}

import { existsSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { consoleUrl, DESKTOP, launchBrowser, screenshot, signInAs } from '../harness/browser';
import { FULL_CHROMIUM_EXECUTABLE, FULL_CHROMIUM_PACKAGE } from '../harness/chromium-executable';
import { waitUntil } from '../harness/wait';

/**
 * Web Push in the console's production build: the alarm inbox asks once whether this browser may show alarm
 * notices (not again once dismissed), and the service worker shows a pushed message as a notification. No push
 * service is reachable here, so the message is handed to the worker through the DevTools protocol
 * (ServiceWorker.deliverPushMessage), as Chromium's own "Push" button does; the payload is what
 * functions/lib/web-push/push-sender.ts sends. The full Chromium drives it: the headless shell has no notification
 * platform (test/harness/chromium-executable.ts).
 */
const origin = () => new URL(consoleUrl()).origin;

/** A page of its own context with the service worker allowed, signed in, the worker active. */
async function consoleWithWorker(browser: Browser, grant: boolean): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ serviceWorkers: 'allow', viewport: DESKTOP });
  if (grant) await context.grantPermissions(['notifications'], { origin: origin() });
  const page = await context.newPage();
  await signInAs(page, 'user');
  await page.evaluate('navigator.serviceWorker.ready.then(() => undefined)');
  return { context, page };
}

const openInbox = async (page: Page) => {
  await page.getByTestId('alarm-inbox-button').click();
  await page.getByTestId('alarm-inbox').waitFor();
};

describe('web push in the console', () => {
  let browser: Browser;
  beforeAll(async () => {
    if (!existsSync(FULL_CHROMIUM_EXECUTABLE))
      throw new Error(`Needs ${FULL_CHROMIUM_EXECUTABLE}: apt-get install ${FULL_CHROMIUM_PACKAGE} (.ci/run does)`);
    browser = await launchBrowser(FULL_CHROMIUM_EXECUTABLE);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('asks once in the alarm inbox, and not again after "Not now"', async () => {
    const { context, page } = await consoleWithWorker(browser, false);
    expect(await page.evaluate('Notification.permission')).toBe('default');
    await openInbox(page);
    const prompt = page.getByTestId('push-prompt');
    await prompt.waitFor();
    await screenshot(page, 'web-push-prompt');
    await prompt.getByRole('button', { name: 'Not now' }).click();
    await page.getByTestId('push-prompt-settled').waitFor({ state: 'attached' });

    await page.reload();
    await openInbox(page);
    await page.getByTestId('push-prompt-settled').waitFor({ state: 'attached' });
    expect(await prompt.count()).toBe(0);
    await context.close();
  });

  it('shows a pushed message as the service worker’s notification', async () => {
    const { context, page } = await consoleWithWorker(browser, true);
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
    await cdp.send('ServiceWorker.enable');
    const registration = await waitUntil(
      'the console’s service worker registration',
      async () => registrations.find((entry) => !entry.isDeleted && entry.scopeURL === `${origin()}/`),
      (found) => found !== undefined,
    );
    const message = { title: `Alarm: Pallet ${Date.now()}`, body: 'Raised 10:42', url: '/assets/7', tag: 'alarm-7' };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: `${origin()}/`,
      registrationId: registration?.registrationId as string,
      data: JSON.stringify(message),
    });
    const shown = await waitUntil(
      'the notification of the pushed message',
      () =>
        page.evaluate<{ title: string; body: string; tag: string; url?: string }[]>(
          `navigator.serviceWorker.ready
            .then((worker) => worker.getNotifications())
            .then((all) => all.map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: n.data && n.data.url })))`,
        ),
      (all) => all.some((notification) => notification.title === message.title),
    );
    expect(shown.find((notification) => notification.title === message.title)).toEqual(message);
    await context.close();
  });
});

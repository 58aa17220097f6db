import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { consoleUrl, DESKTOP, launchBrowser, PHONE, SCREENSHOT_DIR, signInAs, waitForScreen } from '../harness/browser';
import { readStack } from '../harness/stack';
import { waitUntil } from '../harness/wait';

/** The reference is a very long page: the visible part tells more than the whole. */
const viewportShot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });

/** Requests to anywhere but the console and the local API: the reference must work offline. */
function recordOutsideRequests(page: Page): string[] {
  const local = [new URL(consoleUrl()).origin, new URL(readStack().apiUrl).origin];
  const outside: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith('data:') && !url.startsWith('blob:') && !local.includes(new URL(url).origin)) outside.push(url);
  });
  return outside;
}

describe('API reference', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('opens from the API credentials screen: the token how-to, then every route from the served document', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const outside = recordOutsideRequests(page);
    await signInAs(page, 'admin', '/api');
    const documentLoaded = page.waitForResponse((r) => r.url().endsWith('/api/docs.json') && r.status() === 200);
    await page.getByRole('link', { name: 'API reference' }).click();
    await waitForScreen(page, '**/api/reference');
    await page.getByRole('heading', { name: 'Get a token and call a list' }).waitFor();
    const base = readStack().apiUrl;
    // The how-to's steps come first on the screen; the reference below them, once rendered, can show the same
    // command in its samples (seen in a run: two matches).
    const howTo = page.getByRole('listitem');
    await howTo.getByText(`curl -X POST ${base}/api/oauth/token`).first().waitFor();
    await howTo.getByText(`curl "${base}/api/assets?page=1&itemsPerPage=30"`).first().waitFor();
    await documentLoaded;
    const reference = page.getByTestId('api-reference');
    await reference.getByRole('heading', { name: 'Tracking API' }).waitFor();
    await reference.getByRole('link', { name: /^Sign in with user name or e-mail/ }).waitFor();
    await viewportShot(page, 'api-reference-desktop');

    // The sidebar opens a group and goes to an operation: the asset list with its filters and sorts.
    // A click before Scalar's sidebar has hydrated opens nothing (seen on a loaded machine): open the group until
    // its operations show, clicking only while it is still closed.
    const openAssets = reference.getByRole('button', { name: 'Open Group - Assets' });
    const listAssets = reference.getByRole('link', { name: /^List assets/ });
    await waitUntil(
      'the Assets group open in the sidebar',
      async () => {
        if (await listAssets.isVisible()) return true;
        if (await openAssets.isVisible()) await openAssets.click();
        return false;
      },
      (open) => open,
      { maxIntervalMs: 1_000 },
    );
    await listAssets.click();
    const main = reference.getByRole('main');
    await main.getByRole('heading', { name: 'List assets' }).waitFor();
    await main.getByText('order[reference]').first().waitFor();
    await viewportShot(page, 'api-reference-assets-desktop');
    expect(outside).toEqual([]);
    await page.close();
  });

  it('works on a phone, in Dutch', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signInAs(page, 'acme-admin');
    await page.evaluate(() => localStorage.setItem('language', 'nl'));
    await page.goto(consoleUrl('/api/reference'));
    await page.getByRole('heading', { name: 'Een token krijgen en een lijst opvragen' }).waitFor();
    await page.getByTestId('api-reference').getByRole('heading', { name: 'Tracking API' }).waitFor();
    await viewportShot(page, 'api-reference-phone');
    await page.close();
  });
});

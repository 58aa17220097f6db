import type { Browser } from 'playwright-core';
import { consoleUrl, launchBrowser, PHONE, screenshot, signInAs, waitForScreen } from '../harness/browser';
import { waitUntil } from '../harness/wait';

/**
 * The console as an installable app, checked as Lighthouse's installability and offline audits check it, against
 * the production build (its Workbox worker): the manifest linked from the page, with the fields an install needs
 * and icons that load; a service worker that controls the page; and a reload with no network that still shows
 * the console (the precached shell, the last config) rather than the browser's offline page.
 */
interface Manifest {
  name?: string;
  short_name?: string;
  start_url?: string;
  scope?: string;
  display?: string;
  theme_color?: string;
  icons?: { src: string; sizes: string; type: string; purpose?: string }[];
}

describe('the console as an installable app', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('has a valid manifest with loadable icons, a controlling worker, and an offline shell', async () => {
    const context = await browser.newContext({ serviceWorkers: 'allow', viewport: PHONE });
    const page = await context.newPage();
    await signInAs(page, 'transporter');

    const href = await page.evaluate<string | null>(`document.querySelector('link[rel="manifest"]')?.href ?? null`);
    // Built with a hash in its name (web/manifest.webmanifest through Vite), so it is cached as the chunks are.
    expect(href).toMatch(new RegExp(`^${consoleUrl('/assets/manifest-')}[\\w-]+\\.webmanifest$`));
    const answer = await context.request.get(href as string);
    expect(answer.ok()).toBe(true);
    expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await answer.json()) as Manifest;
    expect(manifest).toMatchObject({ start_url: '/', scope: '/', display: 'standalone' });
    expect(manifest.name).toBeTruthy();
    expect(manifest.short_name?.length).toBeLessThanOrEqual(12);
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    const icons = manifest.icons ?? [];
    for (const size of ['192x192', '512x512'])
      for (const purpose of ['any', 'maskable'])
        expect(icons).toContainEqual(expect.objectContaining({ sizes: size, purpose }));
    for (const icon of icons) {
      const image = await context.request.get(new URL(icon.src, href as string).href);
      expect([icon.src, image.status(), image.headers()['content-type']]).toEqual([icon.src, 200, 'image/png']);
      // The PNG's own width and height (IHDR) are what the manifest says.
      const bytes = await image.body();
      expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`).toBe(icon.sizes);
    }

    // Workbox's worker takes the pages loaded after it activated (no clients.claim): one reload online.
    await page.evaluate('navigator.serviceWorker.ready.then(() => undefined)');
    await page.reload();
    await waitUntil(
      'a service worker to control the page',
      () => page.evaluate<boolean>('navigator.serviceWorker.controller !== null'),
      (controlled) => controlled,
    );

    await context.setOffline(true);
    await page.goto(consoleUrl('/assets'));
    await waitForScreen(page, (url) => url.pathname === '/assets');
    await page.getByRole('banner').waitFor();
    await screenshot(page, 'pwa-offline-shell-phone');
    // The start URL too (Lighthouse's check): `/` sends a signed-in user on to their landing screen.
    await page.goto(consoleUrl('/'));
    await waitForScreen(page, (url) => url.pathname !== '/' && url.pathname !== '/sign-in');
    await context.setOffline(false);
    await context.close();
  });
});

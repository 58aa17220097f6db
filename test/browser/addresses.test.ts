import type { Browser, Page } from 'playwright-core';
import assetsNl from '../../web/src/i18n/features/assets/nl.json';
import { LANGUAGE_STORAGE_KEY } from '../../web/src/i18n/languages';
import { call, tokenOf } from '../harness/api';
import { consoleUrl, DESKTOP, launchBrowser, PHONE, screenshot, signInAs } from '../harness/browser';
import { publishMqtt, waitFor } from '../harness/uplinks';

/**
 * The address the geocoder gave a tag's position (the local stack's offline geocoder: city,
 * province, country) in the asset list, the asset panel's last location and its events tab, in English on a
 * desktop and in Dutch on a phone (the country named in the user's language).
 */
let browser: Browser;
let assetId: number;
let devEui: string;

beforeAll(async () => {
  browser = await launchBrowser();
  devEui = `AD0E${Date.now().toString(16).toUpperCase().slice(-12).padStart(12, '0')}`;
  const device = await call<{ id: number }>('POST', '/api/devices', {
    token: await tokenOf('superadmin'),
    body: { dev_eui: devEui, name: 'Address tag' },
  });
  expect(device.status).toBe(201);
  const admin = await tokenOf('admin');
  const created = await call<{ id: number }>('POST', '/api/assets', {
    token: admin,
    body: { name: `Address ${devEui}`, devices: [device.body.id] },
  });
  expect(created.status).toBe(201);
  assetId = created.body.id;
  const at = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
  // Utrecht, by the Dom: the offline geocoder answers Utrecht, Utrecht (province), NL.
  await publishMqtt({
    devEui,
    at,
    payload: { eventType: 'still', fix: { latitude: 52.0908, longitude: 5.1217, accuracy: 10 } },
  });
  await waitFor(
    async () =>
      (await call<{ last_event: { city: string | null } | null }>('GET', `/api/assets/${assetId}`, { token: admin }))
        .body,
    (asset) => asset.last_event?.city === 'Utrecht',
  );
});

afterAll(async () => {
  await browser?.close();
});

const rowOf = (page: Page) => page.locator('table[aria-busy="false"] tbody tr', { hasText: `Address ${devEui}` });

describe('addresses in the console', () => {
  it('shows the city and country in the asset list, the panel and the events tab (desktop, English)', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin', `/assets?search=${devEui}`);
    const row = rowOf(page);
    await row.waitFor();
    expect(await row.textContent()).toContain('Utrecht');
    expect(await row.textContent()).toContain('Netherlands');
    await screenshot(page, 'addresses-list-desktop-en');

    await page.goto(consoleUrl(`/assets/${assetId}?search=${devEui}`));
    const lastLocation = page.locator('dt', { hasText: /^Last location$/ }).locator('xpath=following-sibling::dd[1]');
    await lastLocation.filter({ hasText: 'Utrecht' }).waitFor();
    // The asset has no address of its own: the panel's address is its last location's, as in the list.
    const address = page.locator('dt', { hasText: /^Address$/ }).locator('xpath=following-sibling::dd[1]');
    expect(await address.textContent()).toContain('Utrecht');
    expect(await address.textContent()).toContain('Netherlands');
    await screenshot(page, 'addresses-panel-desktop-en');

    await page.getByRole('tab', { name: 'Events' }).click();
    const events = page.getByRole('list', { name: 'Events' });
    await events.getByText('Utrecht').first().waitFor();
    await screenshot(page, 'addresses-events-desktop-en');
    await page.close();
  }, 120_000);

  it('in Dutch on a phone: the country as "Nederland"', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signInAs(page, 'admin');
    await page.evaluate(({ key }) => localStorage.setItem(key, 'nl'), { key: LANGUAGE_STORAGE_KEY });
    await page.goto(consoleUrl(`/assets/${assetId}`));
    const address = page
      .locator('dt', { hasText: new RegExp(`^${assetsNl.fields.address}$`) })
      .locator('xpath=following-sibling::dd[1]');
    await address.filter({ hasText: 'Utrecht (Nederland)' }).waitFor();
    await screenshot(page, 'addresses-panel-phone-nl');
    await page.getByRole('tab', { name: assetsNl.panel.events }).click();
    await page.getByRole('list', { name: assetsNl.panel.events }).getByText('Utrecht').first().waitFor();
    await screenshot(page, 'addresses-events-phone-nl');
    await page.close();
  }, 120_000);
});

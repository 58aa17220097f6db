import type { Browser, Page } from 'playwright-core';
import type { ZoneStock } from '../../shared/schemas/zone-stock';
import { call, tokenOf } from '../harness/api';
import {
  animationsFinished,
  consoleUrl,
  DESKTOP,
  launchBrowser,
  PHONE,
  screenshot,
  signInAs,
  waitForScreen,
} from '../harness/browser';
import { conflictDialog, conflictRowOf, saveAsOther } from '../harness/conflicts';
import { publishMqtt, waitFor } from '../harness/uplinks';
import { waitUntil } from '../harness/wait';

/**
 * Stock per zone in the console: the Stock screen (zones x profiles, a count below the zone's
 * minimum marked, a cell opening its assets in the URL), the stock section and the limits dialog of the zone
 * panel (also when someone else saved them meanwhile), a phone, and who is offered the screen. Two reels of this
 * file's own stand in a zone of its own, brought there by real uplinks; the zone's minimum is 3, so its cell is
 * below.
 */
const stamp = Date.now();
const T0 = Math.floor((Date.now() - 90 * 60_000) / 1000) * 1000;
const CENTRE = { latitude: 53.1 + (stamp % 997) / 20_000, longitude: 6.2 + (stamp % 613) / 20_000 };
const ZONE = `Browser depot ${stamp}`;
const devEuiOf = (n: number) => `${(stamp % 0xffffffff).toString(16).toUpperCase().padStart(8, '0')}00005B${n}0`;

describe('Stock screen', () => {
  let browser: Browser;
  let admin: string;
  let zoneId: number;
  let profile: { id: number; name: string };
  const assets: number[] = [];
  const devices: number[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await tokenOf('admin');
    const superadmin = await tokenOf('superadmin');
    const definitions = await call<{ 'hydra:member': { id: number; name: string }[] }>(
      'GET',
      '/api/asset-profile-definitions?pagination=false',
      { token: admin },
    );
    profile = definitions.body['hydra:member'][0] as { id: number; name: string };
    const zone = await call<{ id: number }>('POST', '/api/geo-zones', {
      token: admin,
      body: { name: ZONE, geometry: { type: 'Point', coordinates: [CENTRE.longitude, CENTRE.latitude], radius: 300 } },
    });
    zoneId = zone.body.id;
    for (let n = 0; n < 2; n++) {
      const asset = await call<{ id: number }>('POST', '/api/assets', {
        token: admin,
        body: { name: `Stock browser reel ${stamp} ${n}`, asset_profile_definitions: [profile.id], client: 1 },
      });
      assets.push(asset.body.id);
      const device = await call<{ id: number }>('POST', '/api/devices', {
        token: superadmin,
        body: { dev_eui: devEuiOf(n), name: `Stock browser tag ${n}`, asset: asset.body.id },
      });
      devices.push(device.body.id);
      for (let i = 0; i < 2; i++) {
        const at = new Date(T0 + (n * 2 + i) * 60_000);
        await publishMqtt({
          devEui: devEuiOf(n),
          at,
          payload: { eventType: 'moving', fix: { ...CENTRE, accuracy: 5 } },
        });
        await waitFor(
          () => call<{ last_event: { date: string } | null }>('GET', `/api/assets/${asset.body.id}`, { token: admin }),
          (r) => r.body.last_event?.date === at.toISOString(),
        );
      }
    }
    await call('PUT', `/api/geo-zones/${zoneId}/stock-limits`, {
      token: admin,
      body: { version: 0, limits: [{ profile: profile.id, min: 3, max: 10 }] },
    });
    await waitFor(
      () => call<ZoneStock>('GET', `/api/geo-zones/${zoneId}/stock`, { token: admin }),
      (r) => r.body.total === 2,
    );
  });

  afterAll(async () => {
    await browser?.close();
    const superadmin = await tokenOf('superadmin');
    for (const id of devices) await call('DELETE', `/api/devices/${id}`, { token: superadmin });
    for (const id of assets) await call('DELETE', `/api/assets/${id}`, { token: admin });
    if (zoneId) await call('DELETE', `/api/geo-zones/${zoneId}`, { token: admin });
  });

  const zoneRow = (page: Page) => page.locator('tbody tr', { has: page.locator('th', { hasText: ZONE }) });

  it('marks a zone below its minimum and drills down to its assets through the URL', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin', '/stock');
    await page.locator('[data-stock-table="loaded"]').waitFor();
    const cell = zoneRow(page).locator('td[data-stock-state="below"]');
    await cell.waitFor();
    expect(await cell.textContent()).toContain('2');
    await zoneRow(page).scrollIntoViewIfNeeded();
    await animationsFinished(page);
    await screenshot(page, 'stock-desktop');

    await cell.getByRole('button').click();
    await waitForScreen(page, new RegExp(`/stock\\?zone=${zoneId}&profile=${profile.id}$`));
    const drawer = page.locator('[data-stock-assets="loaded"]');
    await drawer.waitFor();
    const links = drawer.getByRole('link');
    expect(await links.allTextContents()).toEqual([`Stock browser reel ${stamp} 0`, `Stock browser reel ${stamp} 1`]);
    await animationsFinished(page);
    await screenshot(page, 'stock-drill-down-desktop');
    // Reloading the link opens the same drill-down; Back closes it.
    await page.reload();
    await page.locator('[data-stock-assets="loaded"]').getByRole('link').first().waitFor();
    await page.goBack();
    await waitForScreen(page, /\/stock$/);
    await page.goForward();
    await page.locator('[data-stock-assets="loaded"]').getByRole('link').first().click();
    await waitForScreen(page, new RegExp(`/assets/${assets[0]}$`));
    await page.close();
  });

  it('shows the counts in the zone panel and edits the limits with the shared messages', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin', `/asset-map?zone=${zoneId}`);
    const section = page.locator('[data-zone-stock="loaded"]');
    await section.waitFor({ timeout: 60_000 });
    await section.locator('[data-stock-state="below"]').waitFor();
    await animationsFinished(page);
    await screenshot(page, 'stock-zone-panel-desktop');

    await section.getByRole('button', { name: 'Limits' }).click();
    const dialog = page.getByRole('dialog', { name: `Stock limits: ${ZONE}` });
    await dialog.locator('[data-stock-limits="loaded"]').waitFor();
    const min = dialog.getByLabel(`${profile.name}: Minimum`);
    const max = dialog.getByLabel(`${profile.name}: Maximum`);
    await min.fill('5');
    await max.fill('4');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('The minimum cannot be larger than the maximum').waitFor();
    await animationsFinished(page);
    await screenshot(page, 'stock-limits-dialog-desktop');
    await min.fill('1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Stock limits saved').waitFor();
    // Two reels, minimum 1: within bounds now.
    await section.locator('[data-stock-state]').waitFor({ state: 'detached' });
    await page.close();
  });

  it('limits saved meanwhile open the conflict dialog; Reload shows theirs', async () => {
    const stockPath = `/api/geo-zones/${zoneId}/stock`;
    const versionOf = async () => (await call<ZoneStock>('GET', stockPath, { token: admin })).body.version;
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin', `/asset-map?zone=${zoneId}`);
    const section = page.locator('[data-zone-stock="loaded"]');
    await section.getByRole('button', { name: 'Limits' }).click({ timeout: 60_000 });
    const dialog = page.getByRole('dialog', { name: `Stock limits: ${ZONE}` });
    await dialog.locator('[data-stock-limits="loaded"]').waitFor();
    const max = dialog.getByLabel(`${profile.name}: Maximum`);
    await waitUntil(
      'the maximum as saved in the dialog',
      () => max.inputValue(),
      (value) => value !== '',
    );
    await max.fill('20');
    const theirs = { limits: [{ profile: profile.id, min: 2, max: 9 }] };
    await saveAsOther(`/api/geo-zones/${zoneId}/stock-limits`, theirs, versionOf);

    await dialog.getByRole('button', { name: 'Save' }).click();
    await conflictDialog(page).waitFor();
    expect(await conflictRowOf(page, `${profile.name}: Maximum`)).toEqual(['9', '20']);
    await animationsFinished(page);
    await screenshot(page, 'stock-limits-conflict-desktop');
    await conflictDialog(page).getByRole('button', { name: 'Reload' }).click();
    await conflictDialog(page).waitFor({ state: 'detached' });
    expect(await max.inputValue()).toBe('9');
    expect(await dialog.getByLabel(`${profile.name}: Minimum`).inputValue()).toBe('2');
    await page.close();
  });

  it('scrolls the table inside its box on a phone, and is staff only', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signInAs(page, 'user', `/stock?zone=${zoneId}&profile=${profile.id}`);
    await page.locator('[data-stock-assets="loaded"]').getByRole('link').first().waitFor();
    await animationsFinished(page);
    await screenshot(page, 'stock-drill-down-phone');
    await page.goto(consoleUrl('/stock'));
    await page.locator('[data-stock-table="loaded"]').waitFor();
    await animationsFinished(page);
    await screenshot(page, 'stock-phone');
    expect(await page.evaluate('document.documentElement.scrollWidth > window.innerWidth')).toBe(false);
    await page.close();

    const client = await browser.newPage({ viewport: DESKTOP });
    await signInAs(client, 'client', '/stock');
    await waitForScreen(client, /\/assets$/);
    await client.close();

    const transporter = await browser.newPage({ viewport: DESKTOP });
    await signInAs(transporter, 'transporter', '/assets');
    await transporter.locator('main h1').waitFor();
    expect(await transporter.locator('nav a[href="/stock"]').count()).toBe(0);
    await transporter.close();
  });
});

import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { call, tokenOf } from '../harness/api';
import { DESKTOP, launchBrowser, PHONE, screenshot, signInAs, waitForScreen } from '../harness/browser';
import { publishLorawan, waitFor } from '../harness/uplinks';

/**
 * Zone visits in the console: the asset panel's Visits tab (a closed visit with its dwell time, an
 * open one "still there", its export menu) and the zone panel on the map (who is there now, linking to the asset;
 * the visits of the chosen period), desktop and phone. The state is made through the real pipeline: a zone of
 * the demo tenant out at sea (no seeded asset comes near), a new tag on a new asset, fixes in, out and in again.
 */
const SPOT = { latitude: 52.6, longitude: 3.6 };
const AWAY = { latitude: 52.6 + 5000 / 111_195, longitude: 3.6 };
const T0 = Math.floor(Date.now() / 60_000) * 60_000 - 180 * 60_000;

const panel = (page: Page) => page.locator('.MuiDrawer-paper:has(h2)').last();

describe('zone visits in the console', () => {
  let browser: Browser;
  let token: string;
  let zoneId: number;
  let assetId: number;
  let deviceId: number;
  const name = `Visiting reel ${randomBytes(3).toString('hex')}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await tokenOf('admin');
    const zone = await call<{ id: number }>('POST', '/api/geo-zones', {
      token,
      body: { name: `Offshore yard ${Date.now()}`, geometry: { type: 'Point', coordinates: [3.6, 52.6], radius: 400 } },
    });
    zoneId = zone.body.id;
    const devEui = randomBytes(8).toString('hex').toUpperCase();
    // Tags are registered by the super admin (the platform's stock); the admin puts one on an asset.
    const device = await call<{ id: number }>('POST', '/api/devices', {
      token: await tokenOf('superadmin'),
      body: { dev_eui: devEui },
    });
    const asset = await call<{ id: number }>('POST', '/api/assets', {
      token,
      body: { name, devices: [device.body.id] },
    });
    if (asset.status !== 201)
      throw new Error(`asset: ${asset.status} ${JSON.stringify(asset.body)} ${JSON.stringify(device.body)}`);
    assetId = asset.body.id;
    deviceId = device.body.id;
    // In at 0 and 1, out at 90 and 91 (a visit of 1.5 h), in again at 120 and 121 (open).
    const fixes: [number, typeof SPOT][] = [
      [0, SPOT],
      [1, SPOT],
      [90, AWAY],
      [91, AWAY],
      [120, SPOT],
      [121, SPOT],
    ];
    for (const [minute, where] of fixes) {
      const at = new Date(T0 + minute * 60_000);
      await publishLorawan({ devEui, at, payload: { eventType: 'moving', fix: { ...where, accuracy: 5 } } });
      await waitFor(
        () => call<{ last_event: { date: string } | null }>('GET', `/api/assets/${assetId}`, { token }),
        (answer) => answer.body.last_event?.date === at.toISOString(),
      );
    }
  });
  afterAll(async () => {
    if (assetId) await call('DELETE', `/api/assets/${assetId}`, { token });
    if (zoneId) await call('DELETE', `/api/geo-zones/${zoneId}`, { token });
    if (deviceId) await call('DELETE', `/api/devices/${deviceId}`, { token });
    await browser?.close();
  });

  it('shows the Visits tab: a closed visit with its dwell time, the open one still there', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin', `/assets/${assetId}`);
    const tab = panel(page).getByRole('tab', { name: 'Visits' });
    await tab.waitFor({ timeout: 120_000 });
    await tab.click();
    const list = page.getByRole('list', { name: 'Zone visits' });
    await list.getByTestId('asset-visit').nth(1).waitFor({ timeout: 20_000 });
    const [open, closed] = [list.getByTestId('asset-visit').nth(0), list.getByTestId('asset-visit').nth(1)];
    await open.getByText('still there').waitFor();
    await closed.getByText('Dwell time: 1 h 30 min').waitFor();
    await screenshot(page, 'zone-visits-tab-desktop');
    // The list's export menu, as every list's: the file the browser saves, then the notice that it is ready.
    await panel(page).getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByRole('menuitem', { name: 'CSV', exact: true }).waitFor();
    await screenshot(page, 'zone-visits-export-menu-desktop');
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'CSV', exact: true }).click();
    const saved = (await download).suggestedFilename();
    expect(saved).toMatch(/^Visits\.\d{4}-\d{2}-\d{2}\.csv$/);
    await page.getByText(`${saved} is ready`).waitFor();

    // The phone layout mounts the panel anew, on Details: the tab is chosen again.
    await page.setViewportSize(PHONE);
    await panel(page).getByRole('tab', { name: 'Visits' }).click();
    await list.getByTestId('asset-visit').nth(1).getByText('Dwell time: 1 h 30 min').waitFor();
    await screenshot(page, 'zone-visits-tab-phone');
    await page.close();
  });

  it("lists who is in the zone now (linking to the asset) and the period's visits in the zone panel", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin', `/asset-map?zone=${zoneId}`);
    const here = page.getByTestId('zone-here-now');
    await here.getByRole('link', { name: `Open asset ${name}` }).waitFor({ timeout: 120_000 });
    const period = page.getByTestId('zone-period-visits');
    await period.getByRole('link', { name }).nth(1).waitFor();
    await screenshot(page, 'zone-visits-panel-desktop');
    // Two exports in one panel: each button is named by its list.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Visits in the period' }).click();
    await page.getByRole('menuitem', { name: 'Excel', exact: true }).click();
    expect((await download).suggestedFilename()).toMatch(/^Visits\.\d{4}-\d{2}-\d{2}\.xlsx$/);

    await page.setViewportSize(PHONE);
    await here.getByRole('link', { name: `Open asset ${name}` }).waitFor();
    await screenshot(page, 'zone-visits-panel-phone');
    await here.getByRole('link', { name: `Open asset ${name}` }).click();
    await waitForScreen(page, new RegExp(`/assets/${assetId}`));
    await page.close();
  });
});

import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { call, tokenOf } from '../harness/api';
import { consoleDay, DESKTOP, launchBrowser, screenshot, signInAs } from '../harness/browser';
import { publishLorawan, waitFor } from '../harness/uplinks';

/**
 * An asset's history in the console, desktop (1280) and phone (375): the History tab draws the track and its
 * stops, the slider moves the marker through the fixes, the period is in the address (a reload shows it
 * again), and the period exports as GeoJSON, GPX and CSV. The fixes go through the real pipeline: a new tag
 * on a new asset of the demo tenant, out at sea where no seeded asset comes, and a zone it visits.
 */
const YARD = { latitude: 52.7, longitude: 3.4 };
const SITE = { latitude: 52.7 + 6000 / 111_195, longitude: 3.4 };
const T0 = Math.floor(Date.now() / 60_000) * 60_000 - 20 * 3_600_000;
const PHONE_375 = { width: 375, height: 812 };

const panel = (page: Page) => page.locator('.MuiDrawer-paper:has(h2)').last();
const jitter = (where: typeof YARD, metres: number) => ({ ...where, latitude: where.latitude + metres / 111_195 });

describe("an asset's history in the console", () => {
  let browser: Browser;
  let token: string;
  let assetId: number;
  let deviceId: number;
  let zoneId: number;
  const name = `History reel ${randomBytes(3).toString('hex')}`;
  // A stop at the yard hours apart, a drive, a stop at the site: 8 fixes, two stops.
  const FIXES: [number, typeof YARD][] = [
    [0, YARD],
    [180, jitter(YARD, 8)],
    [360, jitter(YARD, -6)],
    [400, jitter(YARD, 3000)],
    [420, jitter(SITE, 5)],
    [450, jitter(SITE, -10)],
    [480, jitter(SITE, 12)],
    [540, SITE],
  ];

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await tokenOf('admin');
    const zone = await call<{ id: number }>('POST', '/api/geo-zones', {
      token,
      body: { name: `History yard ${Date.now()}`, geometry: { type: 'Point', coordinates: [3.4, 52.7], radius: 300 } },
    });
    zoneId = zone.body.id;
    const devEui = randomBytes(8).toString('hex').toUpperCase();
    const device = await call<{ id: number }>('POST', '/api/devices', {
      token: await tokenOf('superadmin'),
      body: { dev_eui: devEui },
    });
    deviceId = device.body.id;
    const asset = await call<{ id: number }>('POST', '/api/assets', { token, body: { name, devices: [deviceId] } });
    assetId = asset.body.id;
    for (const [minute, where] of FIXES) {
      const at = new Date(T0 + minute * 60_000);
      await publishLorawan({ devEui, at, payload: { eventType: 'moving', fix: { ...where, accuracy: 10 } } });
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

  async function openHistory(page: Page, search = '') {
    await signInAs(page, 'admin', `/assets/${assetId}${search}#history`);
    const history = panel(page).getByTestId('asset-history');
    await history.waitFor({ timeout: 120_000 });
    await page
      .locator(`[data-testid="history-map"][data-rendered-fixes="${FIXES.length}"]`)
      .waitFor({ timeout: 60_000 });
    return history;
  }

  it('draws the track and its stops, moves through the fixes with the slider and exports the period', async () => {
    const page = await browser.newPage({ viewport: DESKTOP, acceptDownloads: true });
    const history = await openHistory(page);
    await history.getByTestId('history-stop').nth(1).waitFor();
    expect(await history.getByTestId('history-stop').count()).toBe(2);
    await history
      .getByTestId('history-visits')
      .getByText(/History yard/)
      .waitFor();
    await screenshot(page, 'asset-history-desktop');

    // The slider starts at the newest fix; Home goes to the first, a stop's row to its first fix.
    const current = history.getByTestId('history-current');
    const newest = await current.textContent();
    await history.getByRole('slider').focus();
    await page.keyboard.press('Home');
    await waitFor(
      () => current.textContent(),
      (text) => text !== newest,
    );
    await page.keyboard.press('ArrowRight');
    await history.getByTestId('history-stop').nth(1).click();
    await screenshot(page, 'asset-history-slider-desktop');

    for (const format of ['geojson', 'gpx', 'csv'] as const) {
      const download = page.waitForEvent('download');
      await history.getByTestId('history-export').click();
      await page.getByTestId(`history-export-${format}`).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(
        new RegExp(`^History-reel-[0-9a-f]{6}_\\d{4}-\\d{2}-\\d{2}_\\d{4}-\\d{2}-\\d{2}\\.${format}$`),
      );
      const text = readFileSync((await file.path()) as string, 'utf8');
      if (format === 'geojson') {
        const kinds = (JSON.parse(text) as { features: { properties: { kind: string } }[] }).features.map(
          (feature) => feature.properties.kind,
        );
        expect(kinds.filter((kind) => kind === 'fix')).toHaveLength(FIXES.length);
        expect(kinds.filter((kind) => kind === 'stop')).toHaveLength(2);
      }
      if (format === 'gpx') expect(text.match(/<trkpt /g)).toHaveLength(FIXES.length);
      if (format === 'csv') expect(text.trim().split('\n')).toHaveLength(FIXES.length + 1);
    }
    await page.close();
  });

  it('keeps the period in the address, and on a phone', async () => {
    const page = await browser.newPage({ viewport: PHONE_375 });
    const day = consoleDay(new Date(T0));
    const later = consoleDay(new Date(T0 + 540 * 60_000));
    const history = await openHistory(page, `?history=${day}..${later}`);
    expect(await history.getByTestId('history-from').inputValue()).toBe(day);
    expect(await history.getByTestId('history-to').inputValue()).toBe(later);
    await history.getByTestId('history-stop').nth(1).waitFor();
    await screenshot(page, 'asset-history-phone');
    // A period without fixes says so and offers no export.
    await history.getByTestId('history-from').fill('2020-01-01');
    await history.getByTestId('history-to').fill('2020-01-31');
    await page.waitForURL(/history=2020-01-01\.\.2020-01-31/);
    await history.getByText('No positions in this period.').waitFor();
    expect(await history.getByTestId('history-export').isDisabled()).toBe(true);
    await screenshot(page, 'asset-history-empty-phone');
    await page.close();
  });
});

import type { Browser, Page } from 'playwright-core';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { batchPutEvents, type EventRecord, reserveEventIds } from '../../functions/lib/events/event-repository';
import { tenantRepository } from '../../functions/lib/tenants/tenant-repository';
import { call, tokenOf } from '../harness/api';
import { axeViolations, serious } from '../harness/axe';
import { DESKTOP, launchBrowser, PHONE, screenshot, signInAs, waitForScreen } from '../harness/browser';
import { pointProcessAtStack } from '../harness/stack';

/**
 * The Area search screen on a spot of its own (the Wadden coast, where the demo has nothing): a demo asset's
 * fixes written there, found by a circle given in a link, its evidence shown on the map on a click and kept across a
 * reload; a rectangle drawn on the map; the empty state; the phone layout. Both widths photographed, axe on each.
 */
const SPOT: [number, number] = [5.2317, 53.3903];
const HOUR = 3_600_000;
// SwiftShader draws the map on the CPU of a shared machine.
const MAP_TIMEOUT = 180_000;

const results = (page: Page, state: string) =>
  page.locator(`[data-testid="area-results"][data-state="${state}"]`).waitFor({ timeout: 60_000 });
const mapReady = (page: Page) =>
  page.locator('[data-testid="area-search-map"][data-ready="true"]').waitFor({ timeout: 90_000 });

describe('Area search screen', () => {
  let browser: Browser;
  let asset: { id: number; name: string };
  let route: string;
  beforeAll(async () => {
    pointProcessAtStack();
    const demo = await tenantRepository.bySubdomain('demo');
    const ctx = systemTenantContext(String(demo?.id));
    const listed = await call<{ 'hydra:member': { id: number; name: string }[] }>('GET', '/api/assets?itemsPerPage=1', {
      token: await tokenOf('admin'),
    });
    asset = listed.body['hydra:member'][0] as { id: number; name: string };
    const now = Date.now();
    const first = await reserveEventIds(ctx, 6);
    const events: EventRecord[] = Array.from({ length: 6 }, (_, i) => ({
      id: first + i,
      date: new Date(now - (6 - i) * HOUR).toISOString(),
      type: 'still',
      device: { id: 999_001, name: null },
      asset: { id: asset.id },
      source: 'gnss',
      latitude: SPOT[1] + i * 0.0004,
      longitude: SPOT[0] + i * 0.0006,
      radius: 10,
      ...{ street: null, postal_code: null, city: null, region: null, country: null, geo_zone: null },
    }));
    await batchPutEvents(ctx, events);
    const area = JSON.stringify({ type: 'Circle', center: SPOT, radius: 800 });
    const from = new Date(now - 12 * HOUR).toISOString();
    const to = new Date(now).toISOString();
    route = `/area-search?${new URLSearchParams({ area, from, to })}`;
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'finds the asset from a shared link, shows its fixes on a click and keeps them across a reload',
    async () => {
      const page = await browser.newPage({ viewport: DESKTOP });
      await signInAs(page, 'user', route);
      await waitForScreen(page, /\/area-search\?/);
      await results(page, 'ready');
      const row = page.locator(`[data-testid="area-result"][data-asset="${asset.id}"]`);
      expect(await row.textContent()).toContain(asset.name);
      expect(await row.textContent()).toContain('positions: 6');
      await row.click();
      await waitForScreen(page, new RegExp(`asset=${asset.id}`));
      await mapReady(page);
      await page.locator('[data-testid="area-search-map"][data-points="6"]').waitFor();
      await screenshot(page, 'area-search-desktop');
      expect(serious(await axeViolations(page))).toEqual([]);
      await page.reload();
      await results(page, 'ready');
      await page.locator('[data-testid="area-search-map"][data-points="6"]').waitFor({ timeout: 90_000 });
      expect(
        await page.locator(`[data-testid="area-result"][data-asset="${asset.id}"]`).getAttribute('class'),
      ).toContain('Mui-selected');
      await page.close();
    },
    MAP_TIMEOUT,
  );

  it(
    'searches a drawn rectangle, and says so when nothing was there',
    async () => {
      const page = await browser.newPage({ viewport: DESKTOP });
      await signInAs(page, 'user', '/area-search');
      await waitForScreen(page, /\/area-search/);
      await mapReady(page);
      expect(await page.getByTestId('area-search-screen').getAttribute('data-state')).toBe('idle');
      const box = await page.getByTestId('area-search-map').boundingBox();
      if (!box) throw new Error('The map has no size');
      await page.getByTestId('area-draw-rectangle').click();
      // The North Sea west of the coast at the opening zoom: no fix there.
      const corner = { x: box.x + box.width / 2 - 160, y: box.y + box.height / 2 - 40 };
      await page.mouse.click(corner.x, corner.y);
      await page.mouse.move(corner.x + 10, corner.y + 8, { steps: 4 });
      await page.mouse.click(corner.x + 10, corner.y + 8);
      await waitForScreen(page, /area=%7B%22type%22%3A%22Rectangle%22/);
      await results(page, 'empty');
      expect(await page.getByTestId('area-results').textContent()).toBe('No result found');
      await page.getByTestId('area-mode-now').click();
      await waitForScreen(page, /mode=now/);
      await results(page, 'empty');
      await screenshot(page, 'area-search-empty-desktop');
      await page.close();
    },
    MAP_TIMEOUT,
  );

  it(
    'keeps the list and the map on a phone',
    async () => {
      const page = await browser.newPage({ viewport: PHONE });
      await signInAs(page, 'user', route);
      await waitForScreen(page, /\/area-search\?/);
      await results(page, 'ready');
      await mapReady(page);
      await screenshot(page, 'area-search-phone');
      expect(serious(await axeViolations(page))).toEqual([]);
      await page.getByTestId('area-search-map').scrollIntoViewIfNeeded();
      await screenshot(page, 'area-search-phone-map');
      await page.close();
    },
    MAP_TIMEOUT,
  );
});

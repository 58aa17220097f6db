import type { Browser, Page } from 'playwright-core';
import { MAP_LEVELS } from '../../shared/schemas/map-level';
import { call, tokenOf } from '../harness/api';
import { readMap } from '../harness/asset-map';
import { consoleUrl, DESKTOP, launchBrowser, PHONE, screenshot, signInAs } from '../harness/browser';

/**
 * The map status levels in the console on the asset map (marker and cluster rings, the
 * legend) and in the asset list; a drawn circle under 15 m refused with the spec's rule; the asset panel's
 * map with the same base layers and overlays as /asset-map.
 */
// SwiftShader draws the map on the CPU of a shared machine: a map test takes 50-80 s there.
const MAP_TEST_TIMEOUT = 240_000;
const CANVAS = '[data-testid="asset-map-canvas"]';
type MapLookup = { document: { querySelector(s: string): { dataset: Record<string, string | undefined> } | null } };

async function openMap(page: Page) {
  await page.goto(consoleUrl('/asset-map'));
  await page.locator(`${CANVAS}[data-ready="true"]`).waitFor({ timeout: 90_000 });
  // Written when the map is idle with its markers drawn (AssetMapCanvas.describeRendered).
  await page.waitForFunction(
    (selector) =>
      Number((globalThis as unknown as MapLookup).document.querySelector(selector)?.dataset.renderedAssets) > 0,
    CANVAS,
  );
}

describe('map status levels, small circles and the panel map’s layers', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'rings markers and clusters by level and counts each level in the legend',
    async () => {
      const { markers } = await readMap(await tokenOf('admin'));
      const expected: Record<string, number> = Object.fromEntries(MAP_LEVELS.map((level) => [level, 0]));
      for (const marker of markers) {
        const level = MAP_LEVELS[marker[6]] as string;
        expected[level] = (expected[level] ?? 0) + 1;
      }

      for (const [viewport, name] of [
        [DESKTOP, 'desktop'],
        [PHONE, 'phone'],
      ] as const) {
        const page = await browser.newPage({ viewport });
        await signInAs(page, 'admin');
        await openMap(page);
        const legend = page.getByRole('region', { name: 'Status levels' });
        await legend.waitFor();
        for (const level of MAP_LEVELS) {
          const row = legend.locator(`li[data-level="${level}"]`);
          expect(Number(await row.getAttribute('data-count'))).toBe(expected[level]);
        }
        // The demo tenant has every level, and at zoom 6 the clusters' rings show the worst: critical among them.
        expect(MAP_LEVELS.every((level) => (expected[level] ?? 0) > 0)).toBe(true);
        const drawn = (await page.locator(CANVAS).getAttribute('data-rendered-levels')) ?? '';
        expect(drawn.split(',')).toContain('critical');
        await screenshot(page, `map-levels-${name}`);
        await page.close();
      }
    },
    MAP_TEST_TIMEOUT,
  );

  it(
    'refuses a circle under 15 m with the spec’s message and creates no zone',
    async () => {
      const page = await browser.newPage({ viewport: DESKTOP });
      const posts: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().includes('/api/geo-zones')) posts.push(request.url());
      });
      await signInAs(page, 'admin');
      await openMap(page);
      const box = await page.locator(CANVAS).boundingBox();
      if (!box) throw new Error('The map has no size');
      // West of the Netherlands (the North Sea at zoom 6): no markers there to take the clicks.
      const at = { x: box.x + box.width / 2 - 120, y: box.y + box.height / 2 - 60 };
      await page.getByRole('button', { name: 'Draw a circle' }).click();
      // A click and a second click on the same spot: a circle of 0 m, which used to become a 30 m zone.
      await page.mouse.click(at.x, at.y);
      await page.mouse.click(at.x, at.y);
      await page.getByText('The radius must be at least 15').waitFor();
      await screenshot(page, 'map-levels-small-circle');
      expect(posts).toEqual([]);
    },
    MAP_TEST_TIMEOUT,
  );

  it(
    'shows each asset’s level in the asset list',
    async () => {
      for (const [viewport, name] of [
        [DESKTOP, 'desktop'],
        [PHONE, 'phone'],
      ] as const) {
        const page = await browser.newPage({ viewport });
        await signInAs(page, 'admin', '/assets');
        await page.locator('[data-testid="placeholder-row"]').first().waitFor({ state: 'detached' });
        await page.getByRole('columnheader', { name: 'Level' }).waitFor();
        // The list opens with the longest loans first: assets outside their zone, at least major.
        await page.locator('tbody [data-level]').first().waitFor();
        const levels = await page
          .locator('tbody [data-level]')
          .evaluateAll((chips) =>
            chips.map((chip) => (chip as unknown as { dataset: { level: string } }).dataset.level),
          );
        expect(levels.every((level) => (MAP_LEVELS as readonly string[]).includes(level))).toBe(true);
        await screenshot(page, `map-levels-list-${name}`);
        await page.close();
      }
    },
    MAP_TEST_TIMEOUT,
  );

  it(
    'gives the asset panel’s map the base layers and overlays of the asset map',
    async () => {
      const admin = await tokenOf('admin');
      const list = await call<{ 'hydra:member': { id: number; last_event: unknown; devices: unknown[] }[] }>(
        'GET',
        '/api/assets?itemsPerPage=30',
        { token: admin },
      );
      const asset = list.body['hydra:member'].find((a) => a.last_event && a.devices.length > 0);
      if (!asset) throw new Error('No demo asset with events');
      for (const [viewport, name] of [
        [DESKTOP, 'desktop'],
        [PHONE, 'phone'],
      ] as const) {
        // A new page is a new browser context: the layer choice (localStorage) starts at the default again.
        const page = await browser.newPage({ viewport });
        await signInAs(page, 'admin', `/assets/${asset.id}`);
        const panel = page.getByRole('dialog').last();
        // As assets.test.ts does: the panel resets its tab when the asset arrives, so wait for the details first.
        await panel.getByText('Days outside geo zone').first().waitFor();
        await page.waitForLoadState('networkidle');
        await panel.getByRole('tab', { name: 'Map' }).click();
        await panel.getByRole('tab', { name: 'Map', selected: true }).waitFor();
        // Not inside `panel`: while the layer popover is open, the last dialog is the popover.
        const map = page.getByTestId('asset-map');
        await map.and(page.locator('[data-ready="true"][data-rendered-events][data-base-layer="map"]')).waitFor({
          timeout: 60_000,
        });
        await panel.getByRole('button', { name: 'Layers' }).click();
        const popover = page.locator('.MuiPopover-paper');
        for (const label of ['Map', 'Satellite', 'Satellite with Labels']) {
          await popover.getByRole('radio', { name: label, exact: true }).waitFor();
        }
        // The eight overlays of spec 000 s.2, as on /asset-map.
        expect(await popover.getByRole('checkbox').count()).toBe(8);
        await popover.getByRole('radio', { name: 'Satellite', exact: true }).check();
        await popover.getByRole('checkbox', { name: 'Parcels' }).check();
        await map.and(page.locator('[data-base-layer="satellite"][data-overlays="parcels"]')).waitFor();
        await screenshot(page, `map-levels-panel-layers-${name}`);
        await page.close();
      }
    },
    MAP_TEST_TIMEOUT,
  );
});

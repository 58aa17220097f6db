import type { Browser, Page } from 'playwright-core';
import type { AssetMapAnswer, MapMarker } from '../../shared/schemas/asset-map';
import { decodeMapColumns, encodeMapColumns } from '../../shared/schemas/asset-map-codec';
import { call, tokenOf } from '../harness/api';
import { consoleUrl, DESKTOP, launchBrowser, PHONE, screenshot, signInAs, waitForScreen } from '../harness/browser';
import { conflictDialog, conflictRowOf, saveAsOther } from '../harness/conflicts';
import { waitUntil } from '../harness/wait';

/**
 * /asset-map (spec 000 s.2): clustered markers, a marker's popup, drawing a circle zone, the Geo Fencing panel
 * (rename, delete, a rename meeting someone else's), what a client user may do, the empty warning and the zones'
 * load error. The map reports what it drew as data attributes on its element when idle
 * (AssetMapCanvas.describeRendered).
 */
const run = Date.now().toString(36);
// SwiftShader draws the map on the CPU of a shared machine: a map test takes 50-80 s there.
const MAP_TEST_TIMEOUT = 240_000;
const CANVAS = '[data-testid="asset-map-canvas"]';
const drawer = (page: Page) => page.locator('.MuiDrawer-paper').last();

const attribute = async (page: Page, name: string) => (await page.locator(CANVAS).getAttribute(name)) ?? '';
const point = (value: string) => {
  const [x, y] = value.split(',').map(Number);
  return { x: x ?? 0, y: y ?? 0 };
};

async function openMap(page: Page) {
  await page.goto(consoleUrl('/asset-map'));
  // The first visit may wait for the dev server to compile the page.
  await page.locator(`${CANVAS}[data-ready="true"]`).waitFor({ timeout: 90_000 });
}

/** What a test waits for in the map's data attributes. */
type Rendered = { assets: true } | { zoomNot: string } | { zone: string };
type MapLookup = { document: { querySelector(s: string): { dataset: Record<string, string | undefined> } | null } };

/**
 * The map writes its data attributes when idle (tiles that cannot load, offline, count as done). A function with
 * arguments, not a string: Playwright evaluates a string with eval, which the console's CSP forbids.
 */
const waitForRendered = (page: Page, wanted: Rendered) =>
  page.waitForFunction(
    ([selector, want]) => {
      const data = (globalThis as unknown as MapLookup).document.querySelector(selector)?.dataset;
      if (!data) return false;
      if ('assets' in want) return Number(data.renderedAssets) > 0;
      if ('zoomNot' in want) return data.zoom !== want.zoomNot;
      return (data.renderedZones ?? '').split(',').includes(want.zone);
    },
    [CANVAS, wanted] as const,
  );

/** Clicks clusters (each zooms in) until a single marker is on screen; answers where it is. */
async function findMarker(page: Page) {
  for (let step = 0; step < 12; step++) {
    const marker = await attribute(page, 'data-marker-at');
    if (marker) return point(marker);
    const zoom = await attribute(page, 'data-zoom');
    await page.locator(CANVAS).click({ position: point(await attribute(page, 'data-cluster-at')) });
    await waitForRendered(page, { zoomNot: zoom });
  }
  throw new Error('No single marker after zooming into clusters');
}

async function actInNewTenant(page: Page) {
  const token = await tokenOf('superadmin');
  const tenant = await call<{ id: number; subdomain: string }>('POST', '/api/tenants', {
    token,
    body: { subdomain: `map-empty-${run}`, company: `Empty map ${run}`, city: 'Delft' },
  });
  expect(tenant.status).toBe(201);
  const me = await call<{ id: number }>('GET', '/api/me', { token });
  const selected = { id: tenant.body.id, company: `Empty map ${run}`, subdomain: tenant.body.subdomain };
  await page.evaluate(
    // Runs in the page (no DOM types in this project's tsconfig): the selected tenant as TenantsPage stores it.
    (value) =>
      (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
        'selectedTenant',
        value,
      ),
    JSON.stringify({ ...selected, selectedBy: me.body.id }),
  );
}

describe('asset map in the console', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'shows the assets as clusters and markers; a marker opens a popup linking to the asset',
    async () => {
      const page = await browser.newPage({ viewport: DESKTOP });
      await signInAs(page, 'admin');
      await openMap(page);
      await waitForRendered(page, { assets: true });
      expect(Number(await attribute(page, 'data-rendered-clusters'))).toBeGreaterThan(0);
      await screenshot(page, 'asset-map-desktop');

      await page.getByRole('button', { name: 'Layers' }).click();
      await page.getByRole('radio', { name: 'Satellite with Labels' }).waitFor();
      await page.getByRole('checkbox', { name: 'Parcels' }).waitFor();
      await page.getByRole('list', { name: 'Zones' }).waitFor();
      await screenshot(page, 'asset-map-layers-desktop');
      await page.keyboard.press('Escape');

      await page.locator(CANVAS).click({ position: await findMarker(page) });
      const link = page.locator('.maplibregl-popup a');
      await link.waitFor();
      const href = (await link.getAttribute('href')) ?? '';
      expect(href).toMatch(/^\/assets\/\d+$/);
      await page
        .locator('.maplibregl-popup')
        .getByText(/Coordinates: \d+\.\d{5}, \d+\.\d{5}/)
        .waitFor();
      await page
        .locator('.maplibregl-popup')
        .getByText(/Last location update:/)
        .waitFor();
      await screenshot(page, 'asset-map-popup-desktop');
      await link.click();
      await waitForScreen(page, (url) => url.pathname === href);
    },
    MAP_TEST_TIMEOUT,
  );

  it(
    'creates a zone from a drawn circle, renames it in Geo Fencing and deletes it',
    async () => {
      const page = await browser.newPage({ viewport: DESKTOP });
      await signInAs(page, 'admin');
      await openMap(page);
      await waitForRendered(page, { assets: true });
      const box = await page.locator(CANVAS).boundingBox();
      if (!box) throw new Error('The map has no size');
      // West of the Netherlands (the North Sea at zoom 6): no markers there to take the clicks.
      const center = { x: box.x + box.width / 2 - 120, y: box.y + box.height / 2 - 60 };

      await page.getByRole('button', { name: 'Draw a circle' }).click();
      const created = page.waitForResponse(
        (r) => r.url().endsWith('/api/geo-zones') && r.request().method() === 'POST',
      );
      await page.mouse.click(center.x, center.y);
      await page.mouse.move(center.x + 12, center.y, { steps: 4 });
      await page.mouse.click(center.x + 12, center.y);
      const response = await created;
      expect(response.status()).toBe(201);
      const posted = response.request().postDataJSON() as { geometry: { type: string; radius: number } };
      expect(posted.geometry.type).toBe('Point');
      expect(posted.geometry.radius).toBeGreaterThanOrEqual(15);
      const zone = (await response.json()) as { id: number };
      await page.getByText('GeoZone added').waitFor();
      await waitForRendered(page, { zone: String(zone.id) });
      await screenshot(page, 'asset-map-zone-desktop');

      await page.mouse.click(center.x, center.y);
      await waitForScreen(page, new RegExp(`/asset-map\\?zone=${zone.id}$`));
      await drawer(page).getByText('Geo Fencing').waitFor();
      const name = `Noordzee ${run}`;
      await drawer(page).getByLabel('Name').fill(name);
      await drawer(page).getByRole('button', { name: 'Save' }).click();
      await page.getByText('GeoZone updated').waitFor();
      await waitForScreen(page, /\/asset-map$/);

      // The zones list beside the map names it; it opens the panel again, also after a reload of the link.
      await page.getByRole('button', { name: 'Layers' }).click();
      await page.getByRole('list', { name: 'Zones' }).getByText(name).click();
      await waitForScreen(page, new RegExp(`zone=${zone.id}`));
      await page.reload();
      await drawer(page).getByLabel('Name').waitFor();
      expect(await drawer(page).getByLabel('Name').inputValue()).toBe(name);
      await drawer(page).getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
      await page.getByText('GeoZone deleted').waitFor();
      await waitForScreen(page, /\/asset-map$/);
    },
    MAP_TEST_TIMEOUT,
  );

  it(
    'gives client users the map without drawing tools and without any geo zone',
    async () => {
      const page = await browser.newPage({ viewport: PHONE });
      const zoneRequests: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/geo-zones')) zoneRequests.push(request.url());
      });
      await signInAs(page, 'client');
      await openMap(page);
      await page.getByRole('button', { name: 'Layers' }).waitFor();
      expect(await page.getByRole('button', { name: 'Draw a circle' }).count()).toBe(0);
      await waitForRendered(page, { assets: true });
      // Geo zones are hidden from client users: none asked for, none drawn, no zone list, no load error.
      expect(zoneRequests).toEqual([]);
      expect(await attribute(page, 'data-rendered-zones')).toBe('');
      expect(await page.getByRole('alert').count()).toBe(0);
      await page.getByRole('button', { name: 'Layers' }).click();
      await page.getByText('Overlays', { exact: false }).first().waitFor();
      expect(await page.getByText('Zones', { exact: true }).count()).toBe(0);
      await screenshot(page, 'asset-map-client-phone');
    },
    MAP_TEST_TIMEOUT,
  );

  it(
    'a rename that meets someone else’s opens the conflict dialog; Overwrite keeps the shape they saved',
    async () => {
      const token = await tokenOf('admin');
      const path = (id: number) => `/api/geo-zones/${id}`;
      const circle = (radius: number) => ({ type: 'Point', coordinates: [4.3, 52.6], radius });
      type Zone = { id: number; name: string | null; geometry: { radius: number }; version: number };
      const zone = (
        await call<Zone>('POST', '/api/geo-zones', { token, body: { name: `Duin ${run}`, geometry: circle(200) } })
      ).body;
      const page = await browser.newPage({ viewport: DESKTOP });
      await signInAs(page, 'admin', `/asset-map?zone=${zone.id}`);
      const name = drawer(page).getByLabel('Name');
      await waitUntil(
        'the zone’s name in the panel',
        () => name.inputValue(),
        (value) => value !== '',
      );
      await name.fill(`Mijn duin ${run}`);
      await saveAsOther(path(zone.id), { name: `Hun duin ${run}`, geometry: circle(350) });

      await drawer(page).getByRole('button', { name: 'Save' }).click();
      await conflictDialog(page).waitFor();
      expect(await conflictRowOf(page, 'Name')).toEqual([`Hun duin ${run}`, `Mijn duin ${run}`]);
      await screenshot(page, 'asset-map-zone-conflict-desktop');
      await conflictDialog(page).getByRole('button', { name: 'Overwrite' }).click();
      await page.getByText('GeoZone updated').waitFor();
      const stored = (await call<Zone>('GET', path(zone.id), { token })).body;
      expect(stored).toMatchObject({ name: `Mijn duin ${run}`, geometry: { radius: 350 }, version: 3 });
      await call('DELETE', path(zone.id), { token });
      await page.close();
    },
    MAP_TEST_TIMEOUT,
  );

  it(
    'fits a phone: the map fills the screen and the controls are reachable',
    async () => {
      const page = await browser.newPage({ viewport: PHONE });
      await signInAs(page, 'admin');
      await openMap(page);
      await waitForRendered(page, { assets: true });
      const box = await page.locator(CANVAS).boundingBox();
      expect(box?.width).toBe(PHONE.width);
      await page.getByRole('button', { name: 'Draw a circle' }).click();
      await page.getByText(/Click the centre/).waitFor();
      await screenshot(page, 'asset-map-phone');
    },
    MAP_TEST_TIMEOUT,
  );

  it(
    'fetches the map a page at a time, drawing each page as it comes and saying how many are loaded',
    async () => {
      const page = await browser.newPage({ viewport: DESKTOP });
      await signInAs(page, 'admin');
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const cursors: (string | null)[] = [];
      // The demo tenant fits one answer: split it in two, as a fleet past the answer's bounds would come.
      let second: MapMarker[] = [];
      const answerOf = (id: string, markers: MapMarker[], next: string | null) => ({
        '@id': id,
        ...encodeMapColumns(markers),
        next,
        cursor: null,
      });
      await page.route('**/api/assets/map*', async (route) => {
        const cursor = new URL(route.request().url()).searchParams.get('cursor');
        cursors.push(cursor);
        if (cursor === null) {
          const real = decodeMapColumns((await (await route.fetch()).json()) as AssetMapAnswer);
          const half = Math.ceil(real.length / 2);
          second = real.slice(half);
          const next = '/api/assets/map?cursor=0000000000-0000000001';
          return route.fulfill({ json: answerOf('/api/assets/map', real.slice(0, half), next) });
        }
        await held;
        return route.fulfill({ json: answerOf(route.request().url(), second, null) });
      });
      await openMap(page);
      const progress = page.getByRole('status').filter({ hasText: /^\d+ assets loaded, loading more…$/ });
      await progress.waitFor();
      await waitForRendered(page, { assets: true });
      await screenshot(page, 'asset-map-loading-desktop');
      release();
      await progress.waitFor({ state: 'detached' });
      expect(cursors).toEqual([null, '0000000000-0000000001']);
      await waitForRendered(page, { assets: true });
    },
    MAP_TEST_TIMEOUT,
  );

  it(
    "warns when there are no positioned assets and says when the zones can't be fetched",
    async () => {
      const page = await browser.newPage({ viewport: DESKTOP });
      await signInAs(page, 'superadmin');
      await actInNewTenant(page);
      await page.route('**/api/geo-zones*', (route) => route.fulfill({ status: 500, body: '{}' }));
      await openMap(page);
      await page.getByText("You don't have any assets to show on the map").waitFor();
      await page.getByText('There was an error while trying to fetch the geo zones').waitFor();
      await screenshot(page, 'asset-map-empty-desktop');
    },
    MAP_TEST_TIMEOUT,
  );
});

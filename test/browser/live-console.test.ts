import type { Browser, BrowserContext, Page } from 'playwright-core';
import live from '../../web/src/i18n/features/live/en.json';
import { call, tokenOf } from '../harness/api';
import { consoleUrl, DESKTOP, launchBrowser, PHONE, screenshot, signInAs } from '../harness/browser';
import { publishMqtt } from '../harness/uplinks';

/**
 * Issue 17 part 2 in the browser, against the local stack and its AppSync Events stand-in: an uplink driven
 * through the real pipeline (MQTT, the processor, the publisher) moves the asset's marker on an open map
 * (without fetching the map again), refreshes an open asset panel and updates the list row in place (the same
 * row element, its checkbox still ticked); without push the console says it polls and the change still comes.
 * Each test has its own asset and tag, made and removed through the API.
 */
interface TestAsset {
  id: number;
  name: string;
  devEui: string;
  deviceId: number;
}

/** A cold dev server compiles the map and the live layer on first use; the stack is shared with other runs. */
const TEST_MS = 240_000;

const stamp = () => Date.now().toString(36).toUpperCase();

const SUFFIX = { desktop: 'B1B1', phone: 'B2B2', polling: 'B3B3', alarm: 'B4B4' };

async function makeAsset(label: keyof typeof SUFFIX): Promise<TestAsset> {
  const admin = await tokenOf('admin');
  const name = `Live ${label} ${stamp()}`;
  const asset = await call<{ id: number }>('POST', '/api/assets', { token: admin, body: { name } });
  expect(asset.status).toBe(201);
  const devEui = `${(Date.now() % 0xffffffff).toString(16).toUpperCase().padStart(8, '0')}0000${SUFFIX[label]}`;
  const device = await call<{ id: number }>('POST', '/api/devices', {
    token: await tokenOf('superadmin'),
    body: { dev_eui: devEui, name: `${name} tag`, asset: asset.body.id },
  });
  expect(device.status).toBe(201);
  const made = { id: asset.body.id, name, devEui, deviceId: device.body.id };
  // A first position: the asset is on the map before the page opens. The moves after it are an hour apart
  // each, so the pipeline's plausibility rule (at most 150 km/h between fixes) keeps their positions.
  await moveTo(made, [52.37, 4.89], hoursAgo(3));
  await waitForApi(async () => {
    const answer = await call<{ 'hydra:member': { last_event: { latitude: number | null } | null }[] }>(
      'GET',
      `/api/assets?id=${made.id}`,
      { token: admin },
    );
    return answer.body['hydra:member'][0]?.last_event?.latitude === 52.37;
  });
  return made;
}

async function removeAsset(asset: TestAsset | undefined) {
  if (!asset) return;
  await call('DELETE', `/api/devices/${asset.deviceId}`, { token: await tokenOf('superadmin') });
  await call('DELETE', `/api/assets/${asset.id}`, { token: await tokenOf('admin') });
}

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

/** An uplink of the asset's tag through MQTT and the real pipeline; `sabotaged` raises the tenant's sabotage alarm. */
const moveTo = (asset: TestAsset, [latitude, longitude]: [number, number], at = new Date(), sabotaged = false) =>
  publishMqtt({
    devEui: asset.devEui,
    at,
    payload: { eventType: 'moving', fix: { latitude, longitude, accuracy: 8 }, ...(sabotaged ? { sabotaged } : {}) },
  });

/** Waits for a state of the API (the setup's first position), polling it. */
async function waitForApi(done: () => Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('the API never reached the state');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const liveStatus = (page: Page, status: string) =>
  page.locator(`[data-testid="live-status"][data-live-status="${status}"]`).waitFor({ timeout: 90_000 });

/** Full map reads (no `since`): the live layer must never cause one. */
function countFullMapReads(page: Page) {
  const reads = { count: 0 };
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/assets/map' && !url.searchParams.has('since')) reads.count += 1;
  });
  return reads;
}

async function openMap(page: Page) {
  await page.goto(consoleUrl('/asset-map'));
  await page.locator('[data-testid="asset-map-canvas"][data-ready="true"]').waitFor({ timeout: 90_000 });
  await page.getByRole('progressbar').first().waitFor({ state: 'detached' });
}

/** The map's element names the markers that changed last (`id:lat,lon:level`, web/src/live/useChangedMarkers.ts). */
const markerMoved = (page: Page, asset: TestAsset, [lat, lon]: [number, number]) =>
  // A function with its argument, not a string: Playwright evaluates a string with eval, which the console's CSP
  // forbids (issue 13). The test project's TypeScript has no DOM types, hence the narrow cast.
  page.waitForFunction(
    (expected) =>
      [...(globalThis as unknown as DomLookup).document.querySelectorAll('[data-changed-markers]')].some((element) =>
        (element.getAttribute('data-changed-markers') ?? '').split(' ').some((entry) => entry.startsWith(expected)),
      ),
    `${asset.id}:${lat},${lon}:`,
    { timeout: 60_000 },
  );

type DomLookup = {
  document: {
    querySelectorAll(selector: string): Iterable<{ getAttribute(name: string): string | null }>;
    querySelector(selector: string): { textContent: string | null; getAttribute(name: string): string | null } | null;
  };
};

/** The list searched for our asset, with its panel open beside it (desktop) or over it (phone). */
async function openListAndPanel(page: Page, asset: TestAsset, [lat, lon]: [number, number]) {
  await page.goto(consoleUrl(`/assets/${asset.id}?search=${encodeURIComponent(asset.name)}`));
  await page.getByRole('dialog').getByText(`${lat}, ${lon}`).waitFor({ timeout: 90_000 });
}

/**
 * Follows the page's live sockets: `next(channel)` resolves when the page subscribes to `channel` and AppSync
 * confirms it, after the call (set up before the action that should cause it; a socket may be reused).
 */
function followSubscriptions(page: Page) {
  const channelOf = new Map<string, string>();
  const waiters: { channel: string; resolve: () => void }[] = [];
  page.on('websocket', (socket) => {
    socket.on('framesent', ({ payload }) => {
      const message = JSON.parse(String(payload)) as { id?: string; channel?: string };
      if (message.channel && message.id) channelOf.set(message.id, message.channel);
    });
    socket.on('framereceived', ({ payload }) => {
      const message = JSON.parse(String(payload)) as { id?: string; type?: string };
      const channel = message.type === 'subscribe_success' && message.id ? channelOf.get(message.id) : undefined;
      for (const waiter of waiters.filter((candidate) => candidate.channel === channel)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    });
  });
  return { next: (channel: string) => new Promise<void>((resolve) => waiters.push({ channel, resolve })) };
}

describe('the live console', () => {
  let browser: Browser;
  const made: TestAsset[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    for (const asset of made) await removeAsset(asset);
  });

  async function signedIn(viewport: typeof DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport, timezoneId: 'Europe/Amsterdam' });
    const page = await context.newPage();
    await signInAs(page, 'admin');
    return { context, page };
  }

  it(
    'moves the marker, refreshes the open panel and updates the list row in place on a desktop',
    async () => {
      const asset = await makeAsset('desktop');
      made.push(asset);
      const { context, page: map } = await signedIn(DESKTOP);
      const fullReads = countFullMapReads(map);
      await openMap(map);
      await liveStatus(map, 'live');
      const readsBefore = fullReads.count;

      const list = await context.newPage();
      await openListAndPanel(list, asset, [52.37, 4.89]);
      await liveStatus(list, 'live');
      const row = list.getByRole('row').filter({ hasText: asset.name });
      await row.waitFor();
      // Marks the row element and ticks its box: a row rendered anew would lose both.
      await row.evaluate(
        (element) => ((element as unknown as { dataset: Record<string, string> }).dataset.kept = 'yes'),
      );
      await row.getByRole('checkbox').check();
      const rowBefore = await row.textContent();
      await screenshot(list, 'live-list-panel-before-desktop');

      await moveTo(asset, [52.09, 5.12], hoursAgo(2));

      await markerMoved(map, asset, [52.09, 5.12]);
      await list.getByRole('dialog').getByText('52.09, 5.12').waitFor({ timeout: 60_000 });
      const kept = list.locator('tr[data-kept="yes"]');
      // The same row element (still marked) shows the new state: updated in place, not rendered anew.
      await list.waitForFunction(
        (before) => {
          const row = (globalThis as unknown as DomLookup).document.querySelector('tr[data-kept="yes"]');
          return !!row && row.textContent !== before;
        },
        rowBefore,
        { timeout: 60_000 },
      );
      expect(await kept.getByRole('checkbox').isChecked()).toBe(true);
      expect(fullReads.count).toBe(readsBefore);
      await screenshot(map, 'live-map-moved-desktop');
      await screenshot(list, 'live-list-panel-after-desktop');
      await context.close();
    },
    TEST_MS,
  );

  it(
    'moves the marker and refreshes the open panel on a phone',
    async () => {
      const asset = await makeAsset('phone');
      made.push(asset);
      const { context, page } = await signedIn(PHONE);
      const fullReads = countFullMapReads(page);
      await openMap(page);
      await liveStatus(page, 'live');
      const readsBefore = fullReads.count;
      await moveTo(asset, [52.09, 5.12], hoursAgo(2));
      await markerMoved(page, asset, [52.09, 5.12]);
      expect(fullReads.count).toBe(readsBefore);
      await screenshot(page, 'live-map-moved-phone');

      await openListAndPanel(page, asset, [52.09, 5.12]);
      await liveStatus(page, 'live');
      await moveTo(asset, [51.92, 4.48], hoursAgo(1));
      await page.getByRole('dialog').getByText('51.92, 4.48').waitFor({ timeout: 60_000 });
      await screenshot(page, 'live-panel-after-phone');
      await context.close();
    },
    TEST_MS,
  );

  it(
    'says it polls when push is unavailable, and the change still arrives',
    async () => {
      const asset = await makeAsset('polling');
      made.push(asset);
      const { context, page } = await signedIn(DESKTOP);
      // The console's runtime config without a push service (as a stage without one would serve it).
      await context.route('**/config.json', async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, json: { ...(await response.json()), live: null } });
      });
      let polls = 0;
      page.on('response', (response) => {
        if (response.url().includes('/api/assets/map?since=')) polls += 1;
      });
      await openMap(page);
      await liveStatus(page, 'polling');
      const status = page.getByTestId('live-status');
      expect(await status.getAttribute('aria-label')).toBe(live.polling.label);
      await screenshot(page, 'live-polling-desktop');
      await moveTo(asset, [52.09, 5.12], hoursAgo(2));
      await markerMoved(page, asset, [52.09, 5.12]);
      expect(polls).toBeGreaterThan(0);
      await context.close();
    },
    TEST_MS,
  );
  it(
    "follows a super admin into the tenant they switch to: that tenant's staff channel",
    async () => {
      const superadmin = await tokenOf('superadmin');
      const tenants = await call<{ 'hydra:member': { id: number; company: string | null; subdomain: string }[] }>(
        'GET',
        '/api/tenants?itemsPerPage=100',
        { token: superadmin },
      );
      const acme = tenants.body['hydra:member'].find((tenant) => tenant.subdomain === 'acme');
      expect(acme?.company).toBeTruthy();
      const context = await browser.newContext({ viewport: DESKTOP, timezoneId: 'Europe/Amsterdam' });
      const page = await context.newPage();
      const subscriptions = followSubscriptions(page);
      const own = subscriptions.next('/live/t1/staff');
      await signInAs(page, 'superadmin');
      await page.goto(consoleUrl('/tenants'));
      await own;
      await liveStatus(page, 'live');
      const switched = subscriptions.next(`/live/t${acme?.id}/staff`);
      await page.getByRole('button', { name: `Switch to tenant ${acme?.company}` }).click();
      await page.getByTestId('current-tenant').getByText(String(acme?.company)).waitFor();
      await switched;
      await liveStatus(page, 'live');
      const back = subscriptions.next('/live/t1/staff');
      await page.getByRole('button', { name: 'Back to my own tenant' }).click();
      await back;
      await liveStatus(page, 'live');
      await context.close();
    },
    TEST_MS,
  );
  it(
    "subscribes a client user to their customer's channel",
    async () => {
      const me = await call<{ id: number; client_id?: number }>('GET', '/api/me', { token: await tokenOf('client') });
      expect(me.body.client_id).toBeDefined();
      const context = await browser.newContext({ viewport: PHONE, timezoneId: 'Europe/Amsterdam' });
      const page = await context.newPage();
      const subscriptions = followSubscriptions(page);
      const customer = subscriptions.next(`/live/t1/c${me.body.client_id}`);
      const own = subscriptions.next(`/live/t1/u${me.body.id}`);
      await signInAs(page, 'client');
      await Promise.all([customer, own]);
      await liveStatus(page, 'live');
      await screenshot(page, 'live-client-phone');
      await context.close();
    },
    TEST_MS,
  );
  it(
    'counts a new alarm in the top bar inbox as it is raised, without a reload',
    async () => {
      const asset = await makeAsset('alarm');
      made.push(asset);
      const { context, page } = await signedIn(DESKTOP);
      // The alarm reaches the console as a pushed change (the inbox's own refetch is a minute apart).
      let pushedAlarms = 0;
      page.on('websocket', (socket) =>
        socket.on('framereceived', ({ payload }) => {
          if (String(payload).includes('\\"t\\":\\"alarm\\"')) pushedAlarms += 1;
        }),
      );
      await page.goto(consoleUrl('/assets'));
      const inbox = page.locator('[data-testid="alarm-inbox-button"][data-alarm-count]');
      await inbox.waitFor({ timeout: 90_000 });
      await liveStatus(page, 'live');
      const before = Number(await inbox.getAttribute('data-alarm-count'));
      // The tag reports sabotage: the demo tenant's sabotage rule raises an alarm (processor, alarm handler).
      await moveTo(asset, [52.37, 4.89], hoursAgo(2), true);
      await page.waitForFunction(
        (count) =>
          Number(
            (globalThis as unknown as DomLookup).document
              .querySelector('[data-testid="alarm-inbox-button"]')
              ?.getAttribute('data-alarm-count'),
          ) > count,
        before,
        { timeout: 60_000 },
      );
      expect(pushedAlarms).toBeGreaterThan(0);
      await screenshot(page, 'live-alarm-inbox-desktop');
      await context.close();
    },
    TEST_MS,
  );
});

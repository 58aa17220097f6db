import type { Browser, BrowserContext, Page } from 'playwright-core';
import live from '../../web/src/i18n/features/live/en.json';
import { POLL_MS } from '../../web/src/live/liveSupervisor';
import { call, tokenOf } from '../harness/api';
import { consoleUrl, DESKTOP, launchBrowser, PHONE, screenshot, signInAs } from '../harness/browser';
import {
  countFullMapReads,
  type DomLookup,
  followSubscriptions,
  hoursAgo,
  liveStatus,
  makeAsset,
  markerMoved,
  moveTo,
  openListAndPanel,
  openMap,
  positionInApi,
  removeAsset,
  type TestAsset,
} from '../harness/live-console';

/**
 * Live push in the browser, against the local stack and its AppSync Events stand-in: an uplink driven
 * through the real pipeline (MQTT, the processor, the publisher) moves the asset's marker on an open map
 * (without fetching the map again), refreshes an open asset panel and updates the list row in place (the same
 * row element, its checkbox still ticked); without push the console says it polls and the change still comes.
 * Each test has its own asset and tag, made and removed through the API.
 */
/** A cold dev server compiles the map and the live layer on first use; the stack is shared with other runs. */
const TEST_MS = 240_000;

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
      // The page's clock is Playwright's, running at the real pace until the test moves it a poll ahead.
      await page.clock.install();
      await openMap(page);
      await liveStatus(page, 'polling');
      const status = page.getByTestId('live-status');
      expect(await status.getAttribute('aria-label')).toBe(live.polling.label);
      await screenshot(page, 'live-polling-desktop');
      await moveTo(asset, [52.09, 5.12], hoursAgo(2));
      // Once the pipeline has the move, the next conditional poll, without waiting its half minute.
      await positionInApi(asset, 52.09);
      await page.clock.fastForward(POLL_MS);
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
      await signInAs(page, 'superadmin', '/tenants');
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

import type { Page } from 'playwright-core';
import { call, tokenOf } from './api';
import { consoleUrl } from './browser';
import { publishMqtt } from './uplinks';
import { waitUntil } from './wait';

/**
 * Helpers of the live console's browser test (test/browser/live-console.test.ts): an asset with a tag of its
 * own, moved through the real pipeline, and what the console shows of the live layer (its status, the map's
 * changed markers, the subscriptions its socket makes).
 */

export interface TestAsset {
  id: number;
  name: string;
  devEui: string;
  deviceId: number;
}

const stamp = () => Date.now().toString(36).toUpperCase();

const SUFFIX = { desktop: 'B1B1', phone: 'B2B2', polling: 'B3B3', alarm: 'B4B4' };

export async function makeAsset(label: keyof typeof SUFFIX): Promise<TestAsset> {
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
  await positionInApi(made, 52.37);
  return made;
}

/** Waits until the API gives the asset's last position at `latitude`: the pipeline has taken the move in. */
export const positionInApi = async (asset: TestAsset, latitude: number) => {
  const admin = await tokenOf('admin');
  await waitForApi(async () => {
    const answer = await call<{ 'hydra:member': { last_event: { latitude: number | null } | null }[] }>(
      'GET',
      `/api/assets?id=${asset.id}`,
      { token: admin },
    );
    return answer.body['hydra:member'][0]?.last_event?.latitude === latitude;
  });
};

export async function removeAsset(asset: TestAsset | undefined) {
  if (!asset) return;
  await call('DELETE', `/api/devices/${asset.deviceId}`, { token: await tokenOf('superadmin') });
  await call('DELETE', `/api/assets/${asset.id}`, { token: await tokenOf('admin') });
}

export const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

/** An uplink of the asset's tag through MQTT and the real pipeline; `sabotaged` raises the tenant's sabotage alarm. */
export const moveTo = (asset: TestAsset, [latitude, longitude]: [number, number], at = new Date(), sabotaged = false) =>
  publishMqtt({
    devEui: asset.devEui,
    at,
    payload: { eventType: 'moving', fix: { latitude, longitude, accuracy: 8 }, ...(sabotaged ? { sabotaged } : {}) },
  });

/** Waits for a state of the API (the setup's first position), polling it. */
const waitForApi = (done: () => Promise<boolean>, timeoutMs = 60_000) =>
  waitUntil(`the API to reach ${done.toString().slice(0, 160)}`, done, (reached) => reached, { timeoutMs });

export const liveStatus = (page: Page, status: string) =>
  page.locator(`[data-testid="live-status"][data-live-status="${status}"]`).waitFor({ timeout: 90_000 });

/** Full map reads (no `since`): the live layer must never cause one. */
export function countFullMapReads(page: Page) {
  const reads = { count: 0 };
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/assets/map' && !url.searchParams.has('since')) reads.count += 1;
  });
  return reads;
}

export async function openMap(page: Page) {
  await page.goto(consoleUrl('/asset-map'));
  await page.locator('[data-testid="asset-map-canvas"][data-ready="true"]').waitFor({ timeout: 90_000 });
  await page.getByRole('progressbar').first().waitFor({ state: 'detached' });
}

/** The map's element names the markers that changed last (`id:lat,lon:level`, web/src/live/useChangedMarkers.ts). */
export const markerMoved = (page: Page, asset: TestAsset, [lat, lon]: [number, number]) =>
  // A function with its argument, not a string: Playwright evaluates a string with eval, which the console's CSP
  // forbids. The test project's TypeScript has no DOM types, hence the narrow cast.
  page.waitForFunction(
    (expected) =>
      [...(globalThis as unknown as DomLookup).document.querySelectorAll('[data-changed-markers]')].some((element) =>
        (element.getAttribute('data-changed-markers') ?? '').split(' ').some((entry) => entry.startsWith(expected)),
      ),
    `${asset.id}:${lat},${lon}:`,
    { timeout: 60_000 },
  );

export type DomLookup = {
  document: {
    querySelectorAll(selector: string): Iterable<{ getAttribute(name: string): string | null }>;
    querySelector(selector: string): { textContent: string | null; getAttribute(name: string): string | null } | null;
  };
};

/** The list searched for our asset, with its panel open beside it (desktop) or over it (phone). */
export async function openListAndPanel(page: Page, asset: TestAsset, [lat, lon]: [number, number]) {
  await page.goto(consoleUrl(`/assets/${asset.id}?search=${encodeURIComponent(asset.name)}`));
  await page.getByRole('dialog').getByText(`${lat}, ${lon}`).waitFor({ timeout: 90_000 });
}

/**
 * Follows the page's live sockets: `next(channel)` resolves when the page subscribes to the view `channel` (in
 * whichever lease) and AppSync confirms it, after the call (set up before the action that should cause it; a
 * socket may be reused).
 */
export function followSubscriptions(page: Page) {
  const channelOf = new Map<string, string>();
  const waiters: { channel: string; resolve: () => void }[] = [];
  page.on('websocket', (socket) => {
    socket.on('framesent', ({ payload }) => {
      const message = JSON.parse(String(payload)) as { id?: string; channel?: string };
      if (message.channel && message.id) channelOf.set(message.id, message.channel);
    });
    socket.on('framereceived', ({ payload }) => {
      const message = JSON.parse(String(payload)) as { id?: string; type?: string };
      const wire = message.type === 'subscribe_success' && message.id ? channelOf.get(message.id) : undefined;
      // The page subscribes to a view's channel of the current lease (`/live/t1/staff/l<lease>`).
      const channel = wire?.replace(/\/l\d+$/, '');
      for (const waiter of waiters.filter((candidate) => candidate.channel === channel)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    });
  });
  return { next: (channel: string) => new Promise<void>((resolve) => waiters.push({ channel, resolve })) };
}

import { randomBytes } from 'node:crypto';
import { deriveStops } from '../../shared/history/stops';
import type { AssetHistoryPage, TrackFix } from '../../shared/schemas/asset-history';
import { call, tokenOf } from '../harness/api';
import { addCustomerLogin, createOwnTenant, type OwnTenant, removeOwnTenant } from '../harness/own-tenant';
import { publishLorawan, waitFor } from '../harness/uplinks';

/**
 * An asset's history through the real local pipeline (IoT Core for LoRaWAN's destination -> ingest -> SQS
 * stand-in -> processor -> gsi2), in a tenant of this file's own: the track oldest first a page at a time,
 * stops from sparse and jittery fixes, the bounds on the query, 404 across tenants and customers, and a
 * client user who sees neither zones nor the time before the asset came to their customer.
 */
type Where = { latitude: number; longitude: number };
type Tag = { devEui: string; assetId: number };

const CENTRE = { latitude: 52.0, longitude: 5.0 };
const offset = (north: number, east = 0): Where => ({
  latitude: CENTRE.latitude + north / 111_195,
  longitude: CENTRE.longitude + east / (111_195 * Math.cos((CENTRE.latitude * Math.PI) / 180)),
});
/** Uplinks are stamped in the past (none may be ahead of its receive time), on whole minutes. */
const T0 = Math.floor(Date.now() / 60_000) * 60_000 - 2 * 86_400_000;
const at = (minute: number) => new Date(T0 + minute * 60_000);
const HOUR = 60;

let tenant: OwnTenant;
let zoneId: number;
const api = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
  call<T>(method, path, { ...tenant.superAdmin, ...(body === undefined ? {} : { body }) });

async function newTag(name: string, client?: number): Promise<Tag> {
  const devEui = randomBytes(8).toString('hex').toUpperCase();
  const device = await api<{ id: number }>('POST', '/api/devices', { dev_eui: devEui });
  expect(device.status).toBe(201);
  const asset = await api<{ id: number }>('POST', '/api/assets', {
    name,
    devices: [device.body.id],
    ...(client ? { client } : {}),
  });
  expect(asset.status).toBe(201);
  return { devEui, assetId: asset.body.id };
}

/** Sends the fixes in order, each once the one before is the asset's last event. */
async function drive(tag: Tag, fixes: [Date, Where, number][]) {
  for (const [when, where, accuracy] of fixes) {
    await publishLorawan({
      devEui: tag.devEui,
      at: when,
      payload: { eventType: 'moving', fix: { ...where, accuracy } },
    });
    await waitFor(
      () => api<{ last_event: { date: string } | null }>('GET', `/api/assets/${tag.assetId}`),
      (answer) => answer.body.last_event?.date === when.toISOString(),
    );
  }
}

const period = `from=${encodeURIComponent(at(-HOUR).toISOString())}&to=${encodeURIComponent(at(20 * HOUR).toISOString())}`;

/** Every page of the period, following `next`. */
async function readAll(assetId: number, limit: number, token?: { token: string }) {
  const pages: AssetHistoryPage[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `${period}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const answer: { status: number; body: AssetHistoryPage } = await call<AssetHistoryPage>(
      'GET',
      `/api/assets/${assetId}/history?${query}`,
      token ?? tenant.superAdmin,
    );
    expect(answer.status).toBe(200);
    pages.push(answer.body);
    cursor = answer.body.next;
  } while (cursor && pages.length < 50);
  return { pages, fixes: pages.flatMap((page) => page.fixes) };
}

beforeAll(async () => {
  tenant = await createOwnTenant('Asset history');
  const zone = await api<{ id: number }>('POST', '/api/geo-zones', {
    name: 'History yard',
    geometry: { type: 'Point', coordinates: [CENTRE.longitude, CENTRE.latitude], radius: 500 },
  });
  expect(zone.status).toBe(201);
  zoneId = zone.body.id;
});
afterAll(() => removeOwnTenant(tenant));

describe("an asset's history", () => {
  let reel: Tag;
  // Sparse fixes at the yard hours apart with one coarse fix among them, a drive, then jittery fixes at a site.
  const SITE = offset(12_000, 4_000);
  const jitter = (north: number, east: number) => ({
    latitude: SITE.latitude + north / 111_195,
    longitude: SITE.longitude + east / 68_000,
  });
  const FIXES: [Date, Where, number][] = [
    [at(0), offset(0), 10],
    [at(6 * HOUR), offset(6, -4), 12],
    [at(12 * HOUR), offset(-3, 5), 8],
    [at(12 * HOUR + 15), offset(300, -200), 800],
    [at(13 * HOUR), offset(5_000, 2_000), 15],
    [at(13 * HOUR + 15), offset(9_000, 3_000), 15],
    [at(14 * HOUR), jitter(25, -20), 10],
    [at(14 * HOUR + 15), jitter(-30, 10), 10],
    [at(14 * HOUR + 30), jitter(10, 30), 10],
    [at(14 * HOUR + 45), jitter(-15, -25), 10],
  ];

  beforeAll(async () => {
    reel = await newTag('History reel');
    await drive(reel, FIXES);
  });

  it('answers the fixes oldest first, a page at a time, the cursor going on where the page ended', async () => {
    const { pages, fixes } = await readAll(reel.assetId, 3);
    expect(pages.length).toBeGreaterThanOrEqual(4);
    expect(pages.slice(0, -1).every((page) => page.fixes.length === 3 && page.next)).toBe(true);
    expect(pages[pages.length - 1]?.next).toBeNull();
    expect(fixes.map((fix) => fix.at)).toEqual(FIXES.map(([when]) => when.toISOString()));
    expect(fixes[0]).toMatchObject({ radius: 10, source: 'gnss', type: 'moving', zone: { id: zoneId } });
    expect(fixes[0]?.zone?.name).toBe('History yard');
    expect(fixes[5]?.zone).toBeNull();
    expect((await readAll(reel.assetId, 1000)).fixes).toEqual(fixes);
  });

  it('derives a stop from the sparse fixes and one from the jittery ones, none on the road', async () => {
    const { fixes } = await readAll(reel.assetId, 1000);
    const stops = deriveStops(fixes);
    expect(stops.map((stop) => [stop.from, stop.to, stop.fixes])).toEqual([
      [at(0).toISOString(), at(12 * HOUR + 15).toISOString(), 4],
      [at(14 * HOUR).toISOString(), at(14 * HOUR + 45).toISOString(), 4],
    ]);
  });

  it('answers only the period asked, inclusive at both ends', async () => {
    const from = encodeURIComponent(at(6 * HOUR).toISOString());
    const to = encodeURIComponent(at(13 * HOUR).toISOString());
    const answer = await api<AssetHistoryPage>('GET', `/api/assets/${reel.assetId}/history?from=${from}&to=${to}`);
    expect(answer.status).toBe(200);
    expect(answer.body.fixes.map((fix: TrackFix) => fix.at)).toEqual(
      [6 * HOUR, 12 * HOUR, 12 * HOUR + 15, 13 * HOUR].map((m) => at(m).toISOString()),
    );
  });

  it('refuses a reversed period, one of more than 366 days, a bad limit and a cursor outside the period', async () => {
    const path = `/api/assets/${reel.assetId}/history`;
    const reversed = await api('GET', `${path}?from=2026-06-02T00:00:00Z&to=2026-06-01T00:00:00Z`);
    expect(reversed.status).toBe(422);
    expect(JSON.stringify(reversed.body)).toContain('366 days');
    expect((await api('GET', `${path}?from=2024-01-01T00:00:00Z&to=2026-01-01T00:00:00Z`)).status).toBe(422);
    expect((await api('GET', `${path}?from=last-week`)).status).toBe(422);
    expect((await api('GET', `${path}?limit=100000`)).status).toBe(422);
    expect((await api('GET', `${path}?cursor=EV%23x`)).status).toBe(422);
    const outside = await api('GET', `${path}?${period}&cursor=1000000000000-5-5`);
    expect(outside.status).toBe(400);
  });

  it('answers 404 for an unknown asset and for another tenant asset id', async () => {
    expect((await api('GET', '/api/assets/99999999/history')).status).toBe(404);
    // The demo tenant holds many more assets than this one: its last id is none of ours.
    const demo = await call<{ 'hydra:member': { id: number }[] }>('GET', '/api/assets?order[id]=desc&itemsPerPage=1', {
      token: await tokenOf('admin'),
    });
    const demoId = demo.body['hydra:member'][0]?.id as number;
    expect(demoId).toBeGreaterThan(reel.assetId);
    expect((await api('GET', `/api/assets/${demoId}/history`)).status).toBe(404);
  });

  describe('for client users', () => {
    let mine: Awaited<ReturnType<typeof addCustomerLogin>>;
    let other: Awaited<ReturnType<typeof addCustomerLogin>>;
    let rented: Tag;
    const stamp = Math.floor(Date.now() / 1000) * 1000;

    beforeAll(async () => {
      mine = await addCustomerLogin(tenant, `History customer ${randomBytes(3).toString('hex')}`);
      other = await addCustomerLogin(tenant, `Other customer ${randomBytes(3).toString('hex')}`);
      rented = await newTag('Rented reel', mine.customerId);
      // After it came to the customer: stamped from the time it was created on, each a second later.
      const now = Math.max(stamp, Math.ceil(Date.now() / 1000) * 1000);
      await drive(
        rented,
        [1, 2, 3].map((s) => [new Date(now + s * 1000), offset(10 * s), 10]),
      );
    });

    // Up to an hour ahead: the fixes are stamped in the seconds after the asset came to the customer.
    const soon = () => `limit=10&to=${encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString())}`;
    const historyOf = (assetId: number, token: string) =>
      call<AssetHistoryPage>('GET', `/api/assets/${assetId}/history?${soon()}`, { token });

    it('shows their customer asset without zones', async () => {
      const answer = await historyOf(rented.assetId, mine.token);
      expect(answer.status).toBe(200);
      expect(answer.body.fixes).toHaveLength(3);
      expect(answer.body.fixes.every((fix) => fix.zone === null)).toBe(true);
      const staff = await api<AssetHistoryPage>('GET', `/api/assets/${rented.assetId}/history?${soon()}`);
      expect(staff.body.fixes).toHaveLength(3);
      expect(staff.body.fixes.every((fix) => fix.zone?.id === zoneId)).toBe(true);
    });

    it("refuses another customer's asset as if it did not exist", async () => {
      const answer = await historyOf(rented.assetId, other.token);
      expect(answer.status).toBe(404);
      expect(JSON.stringify(answer.body)).not.toContain('latitude');
      expect((await historyOf(reel.assetId, mine.token)).status).toBe(404);
    });

    it('does not show the time before the asset came to their customer', async () => {
      const current = await api<{ name: string; version: number }>('GET', `/api/assets/${reel.assetId}`);
      const moved = await api('PUT', `/api/assets/${reel.assetId}`, {
        name: current.body.name,
        client: mine.customerId,
        version: current.body.version,
      });
      expect(moved.status).toBe(200);
      const answer = await call<AssetHistoryPage>('GET', `/api/assets/${reel.assetId}/history?${period}`, {
        token: mine.token,
      });
      expect(answer.status).toBe(200);
      expect(answer.body.fixes).toEqual([]);
      // Staff still read all of it.
      expect((await readAll(reel.assetId, 1000)).fixes).toHaveLength(FIXES.length);
    });
  });
});

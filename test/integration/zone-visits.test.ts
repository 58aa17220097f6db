import { randomBytes } from 'node:crypto';
import type { SQSRecord } from 'aws-lambda';
import { dynamo } from '../../functions/lib/data/client';
import { handler as processor } from '../../functions/pipeline/processor';
import type { ZoneVisit } from '../../shared/schemas/zone-visit';
import { call, tokenOf } from '../harness/api';
import { readCsv } from '../harness/export-files';
import { createOwnTenant, type OwnTenant, removeOwnTenant } from '../harness/own-tenant';
import { readStack } from '../harness/stack';
import { publishLorawan, waitFor } from '../harness/uplinks';

/**
 * Zone visits through the real local pipeline (IoT Core for LoRaWAN's destination -> ingest ->
 * SQS stand-in -> processor -> table), in a tenant of this file's own: two overlapping circle zones (a 300 m
 * depot inside a 3 km region) and a yard elsewhere. Arrival after two fixes inside, departure with its dwell
 * time, a stray fix makes none, another tenant's zone never, client users 403, 404 across tenants, bounds on
 * the period. The extra writes per event are counted on the real processor code run in this process.
 */
type Visits = { 'hydra:member': ZoneVisit[]; 'hydra:totalItems': number };
type Tag = { devEui: string; assetId: number };

const CENTRE = { latitude: 52.0, longitude: 5.0 };
const north = (metres: number) => ({ latitude: CENTRE.latitude + metres / 111_195, longitude: CENTRE.longitude });
const IN_DEPOT = north(0);
const IN_REGION = north(1500);
const FAR = north(20_000);
/** Uplinks are stamped in the past (none may be ahead of its receive time), a minute apart. */
const T0 = Math.floor(Date.now() / 60_000) * 60_000 - 120 * 60_000;
const at = (minute: number) => new Date(T0 + minute * 60_000);
const iso = (minute: number) => at(minute).toISOString();

let tenant: OwnTenant;
const zones: Record<'depot' | 'region' | 'yard', number> = { depot: 0, region: 0, yard: 0 };
const api = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
  call<T>(method, path, { ...tenant.superAdmin, ...(body === undefined ? {} : { body }) });

async function zone(name: string, where: { latitude: number; longitude: number }, radius: number) {
  const made = await api<{ id: number }>('POST', '/api/geo-zones', {
    name,
    geometry: { type: 'Point', coordinates: [where.longitude, where.latitude], radius },
  });
  expect(made.status).toBe(201);
  return made.body.id;
}

async function newTag(name: string): Promise<Tag> {
  const devEui = randomBytes(8).toString('hex').toUpperCase();
  const device = await api<{ id: number }>('POST', '/api/devices', { dev_eui: devEui });
  expect(device.status).toBe(201);
  const asset = await api<{ id: number }>('POST', '/api/assets', { name, devices: [device.body.id] });
  expect(asset.status).toBe(201);
  return { devEui, assetId: asset.body.id };
}

/** Sends the fixes in order, each once the one before is on the asset (visits are written before the asset). */
async function drive(tag: Tag, fixes: [number, { latitude: number; longitude: number }][], accuracy = 5) {
  for (const [minute, where] of fixes) {
    await publishLorawan({
      devEui: tag.devEui,
      at: at(minute),
      payload: { eventType: 'moving', fix: { ...where, accuracy } },
    });
    await waitFor(
      () => api<{ last_event: { date: string } | null }>('GET', `/api/assets/${tag.assetId}`),
      (answer) => answer.body.last_event?.date === iso(minute),
    );
  }
}

const visitsOf = async (assetId: number, query = '') =>
  (await api<Visits>('GET', `/api/assets/${assetId}/visits${query}`)).body['hydra:member'];
const openIn = async (zoneId: number) =>
  (await api<Visits>('GET', `/api/geo-zones/${zoneId}/visits?open=true`)).body['hydra:member'];

beforeAll(async () => {
  tenant = await createOwnTenant('Zone visits');
  zones.depot = await zone('Depot', IN_DEPOT, 300);
  zones.region = await zone('Region', IN_DEPOT, 3000);
  zones.yard = await zone('Yard', north(-50_000), 200);
});
afterAll(() => removeOwnTenant(tenant));

describe('zone visits from the pipeline', () => {
  let reel: Tag;

  it('opens a visit in each overlapping zone at the second fix inside, dated at the first', async () => {
    reel = await newTag('Visiting reel');
    await drive(reel, [[0, IN_DEPOT]]);
    expect(await visitsOf(reel.assetId)).toEqual([]);
    await drive(reel, [[1, IN_DEPOT]]);
    const visits = await visitsOf(reel.assetId);
    expect(visits.map((v) => [v.zoneName, v.arrivedAt, v.leftAt, v.dwellSeconds])).toEqual([
      ['Region', iso(0), null, null],
      ['Depot', iso(0), null, null],
    ]);
    expect(visits[0]).toMatchObject({ assetId: reel.assetId, assetName: 'Visiting reel', clientId: null });
    expect((await openIn(zones.depot)).map((v) => v.assetId)).toEqual([reel.assetId]);
    // The pipeline's presence and site stay its own: the asset's answer is the published shape.
    const asset = await api<Record<string, unknown>>('GET', `/api/assets/${reel.assetId}`);
    expect(asset.body).not.toHaveProperty('zone_presence');
    expect(asset.body).not.toHaveProperty('site');
  });

  it('closes the depot visit with its dwell time when the reel leaves it, the region visit stays open', async () => {
    await drive(reel, [
      [30, IN_REGION],
      [31, IN_REGION],
    ]);
    const [region, depot] = await visitsOf(reel.assetId);
    expect(depot).toMatchObject({ zoneId: zones.depot, leftAt: iso(30), dwellSeconds: 30 * 60 });
    expect(region).toMatchObject({ zoneId: zones.region, leftAt: null });
    expect(await openIn(zones.depot)).toEqual([]);
    expect((await openIn(zones.region)).map((v) => v.assetId)).toEqual([reel.assetId]);
    await drive(reel, [
      [60, FAR],
      [61, FAR],
    ]);
    expect((await visitsOf(reel.assetId)).map((v) => v.leftAt)).toEqual([iso(60), iso(30)]);
    expect(await openIn(zones.region)).toEqual([]);
  });

  it('a stray fix makes no visit, and an uncertain one does not count', async () => {
    const stray = await newTag('Stray reel');
    // One fix in the depot between fixes far away; then one in the depot, one straddling its border, one far.
    await drive(stray, [
      [0, FAR],
      [1, IN_DEPOT],
      [2, FAR],
    ]);
    await drive(stray, [[3, north(310)]], 50);
    await drive(stray, [[4, FAR]]);
    expect(await visitsOf(stray.assetId)).toEqual([]);
  });

  it("lists a zone's visits of a period, newest first, and filters the asset's by period", async () => {
    const period = `arrivedAt[after]=${encodeURIComponent(iso(-1))}&arrivedAt[before]=${encodeURIComponent(iso(1))}`;
    const ofDepot = await api<Visits>('GET', `/api/geo-zones/${zones.depot}/visits?${period}`);
    expect(ofDepot.status).toBe(200);
    expect(ofDepot.body['hydra:member'].map((v) => v.assetId)).toEqual([reel.assetId]);
    const later = `arrivedAt[after]=${encodeURIComponent(iso(1))}`;
    expect(await visitsOf(reel.assetId, `?${later}`)).toEqual([]);
    expect((await visitsOf(reel.assetId, `?${period}`)).length).toBe(2);
    expect((await api<Visits>('GET', `/api/geo-zones/${zones.yard}/visits`)).body['hydra:member']).toEqual([]);
  });

  it('exports the visits as CSV through the export writers', async () => {
    const answer = await api<{ url: string; fileName: string }>(
      'GET',
      `/api/assets/${reel.assetId}/visits/export?type=csv&language=en&timeZone=UTC`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.fileName).toMatch(/^Visits\.\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = readCsv(Buffer.from(await (await fetch(answer.body.url)).arrayBuffer()));
    expect(rows[0]).toEqual(['Asset', 'Zone', 'Arrived', 'Left', 'Dwell time (hours)', 'Cable type', 'Asset profiles']);
    expect(rows.slice(1).map((row) => [row[1], row[4]])).toEqual([
      ['Region', '1'],
      ['Depot', '0.5'],
    ]);
    const excel = await api('GET', `/api/geo-zones/${zones.depot}/visits/export?type=excel`);
    expect(excel.status).toBe(200);
    const empty = await api('GET', `/api/geo-zones/${zones.yard}/visits/export?type=csv`);
    expect(empty.status).toBe(422);
  });
});

describe('who may read visits', () => {
  it('another tenant: 404 for the asset and the zone, and its zone at the same place never gets our visits', async () => {
    const admin = await tokenOf('admin');
    const reel = await newTag('Isolated reel');
    // The same ids in demo name demo's own asset and zone, or nothing: never this tenant's visits.
    for (const path of [`/api/assets/${reel.assetId}/visits`, `/api/geo-zones/${zones.depot}/visits`]) {
      const answer = await call<Visits>('GET', path, { token: admin });
      expect([200, 404]).toContain(answer.status);
      if (answer.status === 200) expect(JSON.stringify(answer.body)).not.toMatch(/Isolated reel|"Depot"|Visiting reel/);
    }
    const unknown = 999_999_999;
    expect((await call('GET', `/api/assets/${unknown}/visits`, { token: admin })).status).toBe(404);
    expect((await call('GET', `/api/geo-zones/${unknown}/visits`, { token: admin })).status).toBe(404);
    const theirs = await call<{ id: number }>('POST', '/api/geo-zones', {
      token: admin,
      body: { name: `Lookalike ${Date.now()}`, geometry: { type: 'Point', coordinates: [5.0, 52.0], radius: 300 } },
    });
    expect(theirs.status).toBe(201);
    try {
      await drive(reel, [
        [70, IN_DEPOT],
        [71, IN_DEPOT],
      ]);
      const ours = await visitsOf(reel.assetId);
      expect(ours.map((v) => v.zoneId).sort()).toEqual([zones.depot, zones.region].sort());
      const open = await call<Visits>('GET', `/api/geo-zones/${theirs.body.id}/visits?open=true`, { token: admin });
      expect(open.body['hydra:member'].map((v) => v.assetId)).not.toContain(reel.assetId);
    } finally {
      await call('DELETE', `/api/geo-zones/${theirs.body.id}`, { token: admin });
    }
  });

  it('client users get 403 on every visit route (zones are hidden from them), before anything is read', async () => {
    const client = await tokenOf('client');
    for (const path of ['/api/assets/1/visits', '/api/assets/1/visits/export?type=csv', '/api/geo-zones/1/visits'])
      expect((await call('GET', path, { token: client })).status).toBe(403);
  });

  it('bounds the period: out of 2000-2100, reversed or not a date answers 422 on the parameter', async () => {
    const reel = await newTag('Bounded reel');
    const cases: [string, string][] = [
      ['arrivedAt[after]=1900-01-01T00:00:00Z', 'arrivedAt[after]'],
      ['arrivedAt[before]=9999-01-01T00:00:00Z', 'arrivedAt[before]'],
      ['arrivedAt[after]=2026-02-01T00:00:00Z&arrivedAt[before]=2026-01-01T00:00:00Z', 'arrivedAt[before]'],
      ['arrivedAt[after]=yesterday', 'arrivedAt[after]'],
    ];
    for (const [query, property] of cases) {
      const answer = await api<{ violations: { propertyPath: string }[] }>(
        'GET',
        `/api/assets/${reel.assetId}/visits?${query}`,
      );
      expect(answer.status).toBe(422);
      expect(answer.body.violations.map((v) => v.propertyPath)).toContain(property);
    }
    expect((await api('GET', `/api/assets/${reel.assetId}/visits?itemsPerPage=1000000`)).status).toBe(200);
    expect((await api('GET', `/api/assets/${reel.assetId}/visits?page=100000`)).status).toBe(422);
  });
});

describe('closing open visits', () => {
  it('a deleted zone closes its open visits; a deleted asset closes its own', async () => {
    const reel = await newTag('Closing reel');
    // 5 km north of the depot, beyond the region: a drive of minutes (the position screen drops faster jumps).
    const spot = await zone('Short-lived', north(5000), 200);
    await drive(reel, [
      [80, north(5000)],
      [81, north(5000)],
    ]);
    expect((await openIn(spot)).map((v) => v.assetId)).toEqual([reel.assetId]);
    expect((await api('DELETE', `/api/geo-zones/${spot}`)).status).toBe(204);
    const [closed] = await visitsOf(reel.assetId);
    expect(closed?.leftAt).not.toBeNull();

    await drive(reel, [
      [90, IN_DEPOT],
      [91, IN_DEPOT],
    ]);
    expect((await openIn(zones.depot)).map((v) => v.assetId)).toContain(reel.assetId);
    expect((await api('DELETE', `/api/assets/${reel.assetId}`)).status).toBe(204);
    expect((await openIn(zones.depot)).map((v) => v.assetId)).not.toContain(reel.assetId);
  });
});

describe('extra writes per event (the real processor in this process)', () => {
  beforeAll(() => {
    const { ports } = readStack();
    Object.assign(process.env, {
      AWS_REGION: 'eu-west-1',
      EVENTBRIDGE_ENDPOINT: `http://127.0.0.1:${ports.EVENTBRIDGE_PORT}`,
      TABLE_NAME: 'tracking',
      DYNAMODB_ENDPOINT: `http://127.0.0.1:${ports.DYNAMODB_PORT}`,
    });
  });

  async function writesOf(tag: Tag, minute: number, where: { latitude: number; longitude: number }) {
    const counts = { writes: 0 };
    const name = `visitCount${minute}`;
    dynamo().middlewareStack.add(
      (next, context) => async (args) => {
        // The live change log's item (one per batch and channel) is the push's, not the event's.
        const pk = (args.input as { Item?: { pk?: unknown } }).Item?.pk;
        const live = JSON.stringify(pk ?? '').includes('#LIVE#');
        if (/^(Put|Update|Delete|BatchWrite|TransactWrite)/.test(String(context.commandName)) && !live) counts.writes++;
        return next(args);
      },
      { step: 'initialize', name },
    );
    const body = {
      tenant: String(tenant.tenantId),
      devEui: tag.devEui,
      source: 'mqtt',
      measuredAt: iso(minute),
      receivedAt: new Date().toISOString(),
      decoded: { eventType: 'still', fix: { ...where, accuracy: 5, source: 'gnss' } },
    };
    const record = {
      messageId: `visits-${minute}`,
      body: JSON.stringify(body),
      attributes: { MessageGroupId: tag.devEui },
    };
    try {
      const answer = await processor({ Records: [record as unknown as SQSRecord] });
      expect(answer.batchItemFailures).toEqual([]);
    } finally {
      dynamo().middlewareStack.remove(name);
    }
    return counts.writes;
  }

  it('3 writes on the common path, one more per visit opened or closed', async () => {
    const tag = await newTag('Counted reel');
    // The time rules' timer (docs/data-model.md "Time rules") is written when a condition begins: the first fix
    // starts "idle" (rest_position), the first arrival starts "at one site" (site); never on the common path.
    const counted = [
      await writesOf(tag, 100, IN_DEPOT), // first fix inside: pending, the presence rides in the asset update; timer
      await writesOf(tag, 101, IN_DEPOT), // arrival in depot and region: 2 visits; timer (site begins)
      await writesOf(tag, 102, IN_DEPOT), // common path
      await writesOf(tag, 103, IN_DEPOT), // common path
      await writesOf(tag, 104, IN_REGION), // pending departure from the depot
      await writesOf(tag, 105, IN_REGION), // departure from the depot: 1 visit
    ];
    expect(counted).toEqual([4, 6, 3, 3, 3, 4]);
  });
});

import { randomBytes } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { backfillAreaKeys } from '../../functions/lib/area-search/area-keys-backfill';
import { dynamo, tableName } from '../../functions/lib/data/client';
import { queryAllPages } from '../../functions/lib/data/query-page';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import type { TenantContext } from '../../functions/lib/data/tenant-context';
import {
  batchPutEvents,
  type EventRecord,
  reserveEventIds,
  tenantEventsPartition,
} from '../../functions/lib/events/event-repository';
import type { AreaNowResult, AreaSearchResult } from '../../shared/schemas/area-search';
import {
  AREA_INVALID_SHAPE,
  AREA_TOO_LARGE,
  AREA_WINDOW_REVERSED,
  AREA_WINDOW_TOO_LONG,
} from '../../shared/schemas/area-search';
import { RING_SELF_INTERSECTS } from '../../shared/schemas/geo-zone';
import { ACCESS_PATTERNS } from '../../shared/table';
import { call, tokenOf } from '../harness/api';
import { bruteForce, type DrawnArea, type Expected } from '../harness/area-search';
import { addCustomerLogin, createOwnTenant, type OwnTenant, removeOwnTenant } from '../harness/own-tenant';
import { pointProcessAtStack } from '../harness/stack';
import { publishMqtt, waitFor } from '../harness/uplinks';

/**
 * The area search against a brute-force scan of the same events (test/harness/area-search.ts): a tenant of the
 * file's own holds a few thousand located events written with batchPutEvents around two depots and over the
 * Amsterdam region, plus two tags' fixes through the real pipeline; every search must answer the assets, first
 * and last fix and count of fixes the scan finds, reading only its cells (items read reported). Then the
 * attacks: another tenant's zone, a client user and another customer's asset, too large, too long, malformed.
 */
type Answer = AreaSearchResult & { violations?: { propertyPath: string; message: string }[] };

const DEPOT_1: [number, number] = [4.8892, 52.3791];
const DEPOT_2: [number, number] = [4.7634, 52.3105];
/** The pipeline tags' spot, outside the bulk events' region. */
const YARD: [number, number] = [5.1214, 52.0907];
const REGION: [number, number, number, number] = [4.6, 52.2, 5.2, 52.55];
const DAY = 86_400_000;

let tenant: OwnTenant;
let ctx: TenantContext;
const assets: { id: number; client: 'A' | 'B' | null }[] = [];
let customerA: { customerId: number; token: string };
const startedAt = Date.now();

const asOwner = <T>(method: string, path: string, body?: unknown) =>
  call<T>(method, path, { ...tenant.superAdmin, ...(body === undefined ? {} : { body }) });
const search = (body: unknown, token?: string) =>
  token ? call<Answer>('POST', '/api/area-search', { token, body }) : asOwner<Answer>('POST', '/api/area-search', body);
const isoAgo = (ms: number) => new Date(startedAt - ms).toISOString();

/** A seeded random (mulberry32), so a failure replays. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function seedEvents(count: number) {
  const next = random(20261201);
  const first = await reserveEventIds(ctx, count);
  const events: EventRecord[] = Array.from({ length: count }, (_, i) => {
    const asset = assets[Math.floor(next() * assets.length)] as { id: number };
    const depot = next() < 0.3 ? (next() < 0.5 ? DEPOT_1 : DEPOT_2) : undefined;
    const longitude = depot ? depot[0] + (next() - 0.5) * 0.004 : REGION[0] + next() * (REGION[2] - REGION[0]);
    const latitude = depot ? depot[1] + (next() - 0.5) * 0.003 : REGION[1] + next() * (REGION[3] - REGION[1]);
    const positioned = next() > 0.05;
    return {
      id: first + i,
      date: new Date(startedAt - 3_600_000 - next() * 10 * DAY).toISOString(),
      type: 'intervalBased',
      device: { id: 900_000 + asset.id, name: null },
      // A few events without an asset (a tag on nothing) or without a position: never in the area index.
      asset: next() < 0.05 ? null : { id: asset.id },
      source: positioned ? 'gnss' : null,
      latitude: positioned ? latitude : null,
      longitude: positioned ? longitude : null,
      radius: positioned ? Math.round(5 + next() * 40) : null,
      ...{ street: null, postal_code: null, city: null, region: null, country: null, geo_zone: null },
    };
  });
  await batchPutEvents(ctx, events);
}

/** A tag on an asset that sends one fix at the yard through MQTT and the pipeline. */
async function tagAtYard(assetId: number, offset: number) {
  const devEui = randomBytes(8).toString('hex').toUpperCase();
  const device = await asOwner<{ id: number }>('POST', '/api/devices', {
    name: `Area tag ${offset}`,
    dev_eui: devEui,
    asset: assetId,
  });
  expect(device.status).toBe(201);
  const fix = { latitude: YARD[1] + offset * 0.0002, longitude: YARD[0], accuracy: 8 };
  // Sent now: after the tag joined its asset, so a client user of that asset's customer sees it.
  await publishMqtt({ devEui, at: new Date(), payload: { eventType: 'moving', fix } });
  await waitFor(
    async () => (await asOwner<{ last_event: { latitude: number } | null }>('GET', `/api/assets/${assetId}`)).body,
    (asset) => asset.last_event?.latitude === fix.latitude,
  );
}

beforeAll(async () => {
  pointProcessAtStack();
  tenant = await createOwnTenant('Area search');
  ctx = systemTenantContext(tenant.tenantId);
  customerA = await addCustomerLogin(tenant, 'Area customer A');
  const b = await asOwner<{ id: number }>('POST', '/api/clients', { name: 'Area customer B', email: 'b@area.local' });
  expect(b.status).toBe(201);
  const owners = ['A', 'A', 'B', 'B', null, null, null, null] as const;
  for (const [i, client] of owners.entries()) {
    const clientId = client === 'A' ? customerA.customerId : client === 'B' ? b.body.id : null;
    const made = await asOwner<{ id: number }>('POST', '/api/assets', { name: `Area ${i}`, client: clientId });
    expect(made.status).toBe(201);
    assets.push({ id: made.body.id, client });
  }
  await seedEvents(3_000);
  await tagAtYard(assets[0]?.id as number, 0);
  await tagAtYard(assets[2]?.id as number, 1);
}, 180_000);

afterAll(() => removeOwnTenant(tenant));

function expectSame(answer: Answer, expected: Expected) {
  expect(answer.complete).toBe(true);
  const found = new Map(answer.assets.map((a) => [a.asset.id, { first: a.first.id, last: a.last.id, fixes: a.fixes }]));
  expect(found).toEqual(expected.assets);
  for (const asset of answer.assets) {
    expect(asset.evidence[0]).toEqual(asset.first);
    expect(asset.evidence.at(-1)).toEqual(asset.last);
  }
  expect(answer.fixesInside).toBe([...expected.assets.values()].reduce((sum, a) => sum + a.fixes, 0));
  // The cells read hold at least the fixes inside; the scan reads every event of the tenant.
  expect(answer.itemsRead).toBeGreaterThanOrEqual(answer.fixesInside);
  expect(answer.itemsRead).toBeLessThan(expected.itemsRead);
  console.info(
    `area search ${answer.square_km} km², precision ${answer.precision}, ${answer.cells} cells: ` +
      `${answer.itemsRead} items read for ${answer.fixesInside} fixes inside; the scan read ${expected.itemsRead}`,
  );
}

describe('area search: the same answer as a brute-force scan', () => {
  const cases: { name: string; area: DrawnArea; days: number; precision: number }[] = [
    {
      name: 'a rectangle around a depot',
      area: { type: 'Rectangle', bbox: [4.886, 52.3775, 4.892, 52.3805] },
      days: 3,
      precision: 6,
    },
    { name: 'a circle of 2 km', area: { type: 'Circle', center: DEPOT_2, radius: 2_000 }, days: 11, precision: 6 },
    {
      name: 'a polygon of ~450 km², read in coarse cells',
      area: {
        type: 'Polygon',
        coordinates: [
          [
            [4.65, 52.22],
            [5.1, 52.25],
            [4.9, 52.5],
            [4.65, 52.22],
          ],
        ],
      },
      days: 5,
      precision: 5,
    },
  ];
  it.each(cases)('$name', async ({ area, days, precision }) => {
    const window = { from: isoAgo(days * DAY), to: new Date(startedAt).toISOString() };
    const answer = await search({ area, ...window });
    expect(answer.status).toBe(200);
    expect(answer.body.precision).toBe(precision);
    expect(answer.headers.get('x-items-read')).toBe(String(answer.body.itemsRead));
    const expected = await bruteForce(ctx, area, window);
    expect(expected.assets.size).toBeGreaterThan(0);
    expectSame(answer.body, expected);
  });

  it('a geo zone of the tenant', async () => {
    const ring: [number, number][] = [
      [4.885, 52.376],
      [4.894, 52.376],
      [4.894, 52.382],
      [4.885, 52.382],
      [4.885, 52.376],
    ];
    const geometry = { type: 'Polygon', coordinates: [ring] };
    const zone = await asOwner<{ id: number }>('POST', '/api/geo-zones', { name: 'Area depot', geometry });
    expect(zone.status).toBe(201);
    const window = { from: isoAgo(10 * DAY), to: new Date(startedAt).toISOString() };
    const answer = await search({ area: { type: 'Zone', zoneId: zone.body.id }, ...window });
    expect(answer.status).toBe(200);
    expectSame(answer.body, await bruteForce(ctx, { type: 'Polygon', coordinates: [ring] }, window));
  });

  it('the fixes the pipeline wrote, and a client user only their customer’s', async () => {
    const area: DrawnArea = { type: 'Circle', center: YARD, radius: 200 };
    const window = { from: isoAgo(2 * 3_600_000), to: new Date().toISOString() };
    const staff = await search({ area, ...window });
    expect(staff.status).toBe(200);
    expect(staff.body.assets.map((a) => a.asset.id).sort()).toEqual([assets[0]?.id, assets[2]?.id].sort());
    expectSame(staff.body, await bruteForce(ctx, area, window));

    const client = await search({ area, ...window }, customerA.token);
    expect(client.status).toBe(200);
    expect(client.body.assets.map((a) => a.asset.id)).toEqual([assets[0]?.id]);
  });

  it('a client user sees no fix of their asset sent by a tag that is not on it now', async () => {
    // The bulk events came from tags that are on no asset (as a tag moved on, or another customer's time).
    const area: DrawnArea = { type: 'Circle', center: DEPOT_1, radius: 3_000 };
    const window = { from: isoAgo(10 * DAY), to: new Date(startedAt).toISOString() };
    const own = new Set(assets.filter((a) => a.client === 'A').map((a) => a.id));
    const staff = await search({ area, ...window });
    expect(staff.body.assets.filter((a) => own.has(a.asset.id)).length).toBeGreaterThan(0);
    const answer = await search({ area, ...window }, customerA.token);
    expect(answer.status).toBe(200);
    expect(answer.body.assets).toEqual([]);
    expect(answer.body.fixesInside).toBe(0);
  });
});

describe('area search: events written before the area keys', () => {
  it('are found once the migration step gives them their keys, and a second run changes nothing', async () => {
    const area: DrawnArea = { type: 'Circle', center: DEPOT_2, radius: 2_000 };
    const window = { from: isoAgo(11 * DAY), to: new Date(startedAt).toISOString() };
    const before = await search({ area, ...window });
    expect(before.body.fixesInside).toBeGreaterThan(0);
    // Take the keys off every event of the window there (as an event written before the keys existed).
    let stripped = 0;
    const pages = queryAllPages({
      TableName: tableName(),
      IndexName: ACCESS_PATTERNS.eventsOfTenantByDate,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': tenantEventsPartition(ctx) },
    });
    const ids = new Set(before.body.assets.flatMap((a) => a.evidence.map((fix) => fix.id)));
    for await (const page of pages) {
      for (const item of page.Items ?? []) {
        if (!ids.has(Number(item.id))) continue;
        const Key = { pk: item.pk, sk: item.sk };
        const UpdateExpression = 'REMOVE gsi3pk, gsi3sk, gsi4pk, gsi4sk';
        await dynamo().send(new UpdateCommand({ TableName: tableName(), Key, UpdateExpression }));
        stripped++;
      }
    }
    expect(stripped).toBe(ids.size);
    const missing = await search({ area, ...window });
    expect(missing.body.fixesInside).toBe(before.body.fixesInside - stripped);

    const since = isoAgo(12 * DAY);
    expect((await backfillAreaKeys(ctx, since)).updated).toBe(stripped);
    expect((await backfillAreaKeys(ctx, since)).updated).toBe(0);
    const after = await search({ area, ...window });
    expect(after.body.fixesInside).toBe(before.body.fixesInside);
    expect(after.body.assets).toEqual(before.body.assets);
  });
});

describe('area search: in the area now', () => {
  it('answers the assets whose last position is inside, a client user only their customer’s', async () => {
    const area = { type: 'Circle', center: YARD, radius: 200 };
    const staff = await asOwner<AreaNowResult>('POST', '/api/area-search/now', { area });
    expect(staff.status).toBe(200);
    expect(staff.body.assets.map((a) => a.asset.id).sort()).toEqual([assets[0]?.id, assets[2]?.id].sort());
    const client = await call<AreaNowResult>('POST', '/api/area-search/now', {
      token: customerA.token,
      body: { area },
    });
    expect(client.status).toBe(200);
    expect(client.body.assets.map((a) => a.asset.id)).toEqual([assets[0]?.id]);
    const elsewhere = await asOwner<AreaNowResult>('POST', '/api/area-search/now', {
      area: { type: 'Circle', center: DEPOT_1, radius: 500 },
    });
    expect(elsewhere.body.assets).toEqual([]);
  });
});

describe('area search: refused', () => {
  const window = () => ({ from: isoAgo(DAY), to: new Date().toISOString() });
  const refused = async (body: unknown, propertyPath: string, message?: string, token?: string) => {
    const answer = await search(body, token);
    expect(answer.status).toBe(422);
    expect(answer.body.violations?.map((v) => v.propertyPath)).toContain(propertyPath);
    if (message) expect(answer.body.violations?.map((v) => v.message)).toContain(message);
  };

  it('another tenant’s geo zone, and any zone for a client user', async () => {
    const demoZones = await call<{ 'hydra:member': { id: number }[] }>('GET', '/api/geo-zones', {
      token: await tokenOf('admin'),
    });
    const ownZones = await asOwner<{ 'hydra:member': { id: number }[] }>('GET', '/api/geo-zones');
    const ownIds = new Set(ownZones.body['hydra:member'].map((zone) => zone.id));
    const foreign = demoZones.body['hydra:member'].map((zone) => zone.id).find((id) => !ownIds.has(id));
    expect(foreign).toBeDefined();
    await refused({ area: { type: 'Zone', zoneId: foreign }, ...window() }, 'area.zoneId');
    const own = [...ownIds][0] ?? 1;
    await refused({ area: { type: 'Zone', zoneId: own }, ...window() }, 'area.zoneId', undefined, customerA.token);
  });

  it('an area or a window too large', async () => {
    await refused({ area: { type: 'Rectangle', bbox: [4, 52, 5, 53] }, ...window() }, 'area', AREA_TOO_LARGE);
    await refused({ area: { type: 'Circle', center: YARD, radius: 29_000 }, ...window() }, 'area', AREA_TOO_LARGE);
    const huge = [
      [
        [3.4, 50.8],
        [7.2, 50.8],
        [7.2, 53.5],
        [3.4, 53.5],
        [3.4, 50.8],
      ],
    ];
    await refused({ area: { type: 'Polygon', coordinates: huge }, ...window() }, 'area', AREA_TOO_LARGE);
    // Small in area, but a box of thousands of cells.
    const sliver = [
      [
        [4.0, 51.0],
        [7.0, 53.5],
        [7.0005, 53.5],
        [4.0, 51.0],
      ],
    ];
    await refused({ area: { type: 'Polygon', coordinates: sliver }, ...window() }, 'area', AREA_TOO_LARGE);
    const area = { type: 'Circle', center: YARD, radius: 500 };
    await refused({ area, from: isoAgo(40 * DAY), to: new Date().toISOString() }, 'to', AREA_WINDOW_TOO_LONG);
    await refused({ area, from: new Date().toISOString(), to: isoAgo(DAY) }, 'to', AREA_WINDOW_REVERSED);
  });

  it('malformed geometry and dates', async () => {
    await refused({ area: { type: 'Triangle', points: [] }, ...window() }, 'area.type', AREA_INVALID_SHAPE);
    const crossing = [
      [
        [4.8, 52.3],
        [4.9, 52.4],
        [4.9, 52.3],
        [4.8, 52.4],
        [4.8, 52.3],
      ],
    ];
    await refused(
      { area: { type: 'Polygon', coordinates: crossing }, ...window() },
      'area.coordinates[0]',
      RING_SELF_INTERSECTS,
    );
    await refused({ area: { type: 'Rectangle', bbox: [4.9, 52.3, 4.8, 52.4] }, ...window() }, 'area.bbox');
    await refused({ area: { type: 'Circle', center: [4.9, 95], radius: 100 }, ...window() }, 'area.center[1]');
    await refused({ area: { type: 'Circle', center: YARD, radius: 100 }, from: 'yesterday', to: 'now' }, 'from');
    await refused({ ...window() }, 'area');
  });
});

import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { type EventRecord, toEventItem } from '../../functions/lib/events/event-repository';
import { TABLE_NAME } from '../../scripts/local/config';
import { DEFAULT_RETENTION } from '../../shared/schemas/retention';
import { call, tokenOf } from '../harness/api';
import { localTable } from '../harness/stack';

/**
 * Client users' view (docs/security.md "A client user seeing other customers' zones and history"): a client user (demo
 * `client`) gets no geo zone (no route, no id, name or shape in any asset answer) and a device's events only from when
 * it came to their customer's asset.
 */
type Zone = { id: number; name: string | null };
type Collection<T> = { 'hydra:member': T[]; 'hydra:totalItems': number };
type Asset = { id: number; version: number; name: string; client?: { id: number } | null; geo_zone?: unknown };
type Event = { id: number; date: string; geo_zone: unknown };

const demo = systemTenantContext(1);
const db = localTable().client;
/** Event ids far above the seed's and the pipeline's, unique within the run. */
let nextEventId = 900_000_000 + (Date.now() % 1_000_000);
const runPrefix = (Date.now() % 0xffffffff).toString(16).toUpperCase().padStart(8, '0');

/** Every string of an answer, to look for zone names and ids anywhere in it. */
const stringsOf = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : value && typeof value === 'object'
      ? Object.values(value).flatMap(stringsOf)
      : [];
/** Every `geo_zone` value anywhere in an answer. */
const zoneValuesOf = (value: unknown): unknown[] =>
  value && typeof value === 'object'
    ? Object.entries(value).flatMap(([key, inner]) => (key === 'geo_zone' ? [inner] : zoneValuesOf(inner)))
    : [];

async function storeEvent(deviceId: number, date: Date) {
  const id = nextEventId++;
  const event: EventRecord = {
    id,
    device: { id: deviceId, name: null },
    date: date.toISOString(),
    type: 'moving',
    street: 'Teststraat 1',
    postal_code: '1000 AA',
    city: 'Amsterdam',
    region: null,
    country: 'NL',
    latitude: 52.37,
    longitude: 4.89,
    radius: 10,
    geo_zone: null,
  };
  await db.send(
    new PutCommand({ TableName: TABLE_NAME, Item: toEventItem(demo, event, DEFAULT_RETENTION.locatedEventDays) }),
  );
  return event;
}

describe('client users’ view', () => {
  let admin: string;
  let client: string;
  let zones: Zone[];
  let ownAsset: Asset;

  beforeAll(async () => {
    [admin, client] = await Promise.all([tokenOf('admin'), tokenOf('client')]);
    zones = (await call<Collection<Zone>>('GET', '/api/geo-zones', { token: admin })).body['hydra:member'];
    expect(zones.length).toBeGreaterThan(0);
    const own = await call<Collection<Asset>>('GET', '/api/assets?itemsPerPage=1', { token: client });
    ownAsset = own.body['hydra:member'][0] as Asset;
    expect(ownAsset).toBeDefined();
  });

  it('refuses a client user every geo zone route', async () => {
    const zone = zones[0] as Zone;
    for (const path of ['/api/geo-zones', `/api/geo-zones/${zone.id}`, '/api/geo-zones/export']) {
      const answer = await call('GET', path, { token: client });
      expect({ path, status: answer.status }).toEqual({ path, status: 403 });
      expect(stringsOf(answer.body)).not.toContain(zone.name);
    }
    // Staff still read them.
    expect((await call('GET', `/api/geo-zones/${zone.id}`, { token: admin })).status).toBe(200);
  });

  it('shows a client user no zone id, name or shape in the asset map, list and detail', async () => {
    const answers = await Promise.all([
      call('GET', '/api/assets/map', { token: client }),
      call('GET', '/api/assets?itemsPerPage=100', { token: client }),
      call('GET', `/api/assets/${ownAsset.id}`, { token: client }),
    ]);
    const names = new Set(zones.flatMap((zone) => (zone.name ? [zone.name] : [])));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(zoneValuesOf(answer.body).filter((value) => value !== null)).toEqual([]);
      const strings = stringsOf(answer.body);
      expect(strings.filter((s) => s.includes('/api/geo-zones'))).toEqual([]);
      expect(strings.filter((s) => names.has(s))).toEqual([]);
    }
  });

  it('shows a client user a device’s events only from when it came to their asset', async () => {
    // A device with a history on another customer's asset (none), then moved to the client's asset.
    const superadmin = await tokenOf('superadmin');
    const other = await call<Asset>('POST', '/api/assets', { token: admin, body: { name: `Elsewhere ${runPrefix}` } });
    expect(other.status).toBe(201);
    const created = await call<{ id: number; version: number }>('POST', '/api/devices', {
      token: superadmin,
      body: { dev_eui: `${runPrefix}0000C11E`, asset: other.body.id },
    });
    expect(created.status).toBe(201);
    const deviceId = created.body.id;
    const before = [
      await storeEvent(deviceId, new Date(Date.now() - 3 * 86_400_000)),
      await storeEvent(deviceId, new Date(Date.now() - 60_000)),
    ];
    const moved = await call<{ version: number }>('PUT', `/api/devices/${deviceId}`, {
      token: admin,
      body: { version: created.body.version, asset: ownAsset.id },
    });
    expect(moved.status).toBe(200);
    const after = await storeEvent(deviceId, new Date(Date.now() + 1000));

    const staff = await call<Collection<Event>>('GET', `/api/events?device.id=${deviceId}`, { token: admin });
    expect(staff.body['hydra:totalItems']).toBe(3);
    for (const query of [`device.id=${deviceId}`, `device.id=${deviceId}&fromDate=2000-01-01`]) {
      const seen = await call<Collection<Event>>('GET', `/api/events?${query}`, { token: client });
      expect(seen.status).toBe(200);
      expect(seen.body['hydra:member'].map((e) => e.id)).toEqual([after.id]);
      expect(seen.body['hydra:totalItems']).toBe(1);
      for (const old of before) expect(seen.body['hydra:member'].map((e) => e.id)).not.toContain(old.id);
    }
  });
});

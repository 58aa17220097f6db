import { handlerEnvironment, type PortName } from '../../scripts/local/config';
import type { AlarmInboxEntry } from '../../shared/schemas/alarm-inbox';
import type { StockAsset, StockTable, ZoneStock } from '../../shared/schemas/zone-stock';
import {
  MAX_STOCK_LIMIT_ENTRIES,
  STOCK_LIMIT_EMPTY,
  STOCK_LIMIT_RANGE,
  STOCK_MIN_ABOVE_MAX,
  STOCK_PROFILE_TWICE,
  STOCK_PROFILE_UNKNOWN,
  STOCK_TOO_MANY_LIMITS,
} from '../../shared/schemas/zone-stock';
import { call, tokenOf } from '../harness/api';
import { mailsTo, waitForMail } from '../harness/mail';
import { readStack } from '../harness/stack';
import { publishMqtt, waitFor } from '../harness/uplinks';

/**
 * Stock per zone through the whole local path: MQTT uplinks -> processor (zone visits) ->
 * ZoneVisitChanged -> zone-stock Lambda -> AlarmRaised 4/5 -> alarm handler -> mail. Works in the demo tenant
 * (its asset profile definitions are seeded; a tenant made here has none) in a zone of its own at a spot no
 * other file uses, with three reels of its own; acme checks isolation.
 */
type Violations = { violations: { propertyPath: string; message: string }[] };
type Collection<T> = { 'hydra:member': T[]; 'hydra:totalItems': number };

const stamp = Date.now();
const T0 = Math.floor((Date.now() - 150 * 60_000) / 1000) * 1000;
const devEuiOf = (n: number) => `${(stamp % 0xffffffff).toString(16).toUpperCase().padStart(8, '0')}00005${n}00`;
// A spot of this run's own in the Wadden Sea's islands' latitude band, away from the seed's and other files'.
const CENTRE = { latitude: 53.2 + (stamp % 1000) / 20_000, longitude: 4.9 + (stamp % 777) / 20_000 };
const AWAY = { latitude: CENTRE.latitude - 0.05, longitude: CENTRE.longitude };

const messagesOf = (body: unknown) => (body as Violations).violations.map((v) => `${v.propertyPath}: ${v.message}`);

async function importStackModules() {
  const stack = readStack();
  for (const [name, value] of Object.entries(stack.ports)) process.env[name as PortName] = String(value);
  Object.assign(process.env, handlerEnvironment(stack));
  return import('../../functions/pipeline/zone-stock');
}

describe('stock per zone', () => {
  const email = `stock-${stamp}@example.com`;
  let admin: string;
  let superadmin: string;
  let zoneId: number;
  let profile: { id: number; name: string };
  const assets: number[] = [];
  const devices: number[] = [];
  const rules: number[] = [];
  let minute = 0;

  const stock = () => call<ZoneStock>('GET', `/api/geo-zones/${zoneId}/stock`, { token: admin });
  const saveLimits = (body: unknown, token = admin) =>
    call<ZoneStock>('PUT', `/api/geo-zones/${zoneId}/stock-limits`, { token, body });

  /** Two certain fixes at a spot: a visit opens (or closes) on the second (zone-presence.ts). */
  async function moveTo(n: number, where: { latitude: number; longitude: number }) {
    for (let i = 0; i < 2; i++) {
      minute += 3;
      const at = new Date(T0 + minute * 60_000);
      await publishMqtt({ devEui: devEuiOf(n), at, payload: { eventType: 'moving', fix: { ...where, accuracy: 5 } } });
      await waitFor(
        () => call<{ last_event: { date: string } | null }>('GET', `/api/assets/${assets[n]}`, { token: admin }),
        (r) => r.body.last_event?.date === at.toISOString(),
      );
    }
  }
  const waitForCount = (count: number) =>
    waitFor(stock, (r) => r.body.byProfile.find((p) => p.id === profile.id)?.count === count);
  const subjects = async () =>
    (await mailsTo(email)).map((m) => m.subject).filter((s) => !s.startsWith('AWS Notification'));

  beforeAll(async () => {
    [admin, superadmin] = await Promise.all([tokenOf('admin'), tokenOf('superadmin')]);
    const definitions = await call<Collection<{ id: number; name: string }>>(
      'GET',
      '/api/asset-profile-definitions?pagination=false',
      { token: admin },
    );
    profile = definitions.body['hydra:member'][0] as { id: number; name: string };
    const zone = await call<{ id: number }>('POST', '/api/geo-zones', {
      token: admin,
      body: {
        name: `Stock depot ${stamp}`,
        geometry: { type: 'Point', coordinates: [CENTRE.longitude, CENTRE.latitude], radius: 300 },
      },
    });
    expect(zone.status).toBe(201);
    zoneId = zone.body.id;
    for (const type of [4, 5]) {
      const rule = await call<{ id: number }>('POST', '/api/alarms', {
        token: admin,
        body: {
          name: `Stock ${type} ${stamp}`,
          type,
          text: '{zone_name}: {count} of {profile_name}, bound {limit}',
          email,
        },
      });
      expect(rule.status).toBe(201);
      rules.push(rule.body.id);
    }
    const confirmation = await waitForMail(email);
    const link = /(http:\/\/\S+\/confirm\?\S+)/.exec(confirmation.text)?.[1] as string;
    expect((await fetch(link)).status).toBe(200);
    for (let n = 0; n < 3; n++) {
      const asset = await call<{ id: number }>('POST', '/api/assets', {
        token: admin,
        body: { name: `Stock reel ${stamp} ${n}`, asset_profile_definitions: [profile.id] },
      });
      expect(asset.status).toBe(201);
      assets.push(asset.body.id);
      const device = await call<{ id: number }>('POST', '/api/devices', {
        token: superadmin,
        body: { dev_eui: devEuiOf(n), name: `Stock tag ${n}`, asset: asset.body.id },
      });
      expect(device.status).toBe(201);
      devices.push(device.body.id);
    }
  });

  afterAll(async () => {
    for (const id of rules) await call('DELETE', `/api/alarms/${id}`, { token: admin });
    for (const id of devices) await call('DELETE', `/api/devices/${id}`, { token: superadmin });
    for (const id of assets) await call('DELETE', `/api/assets/${id}`, { token: admin });
    if (zoneId) await call('DELETE', `/api/geo-zones/${zoneId}`, { token: admin });
  });

  it('validates the limits with one message per problem and answers 409 on a stale version', async () => {
    const limit = (min: unknown, max: unknown, id = profile.id) => ({ profile: id, min, max });
    const bad = await saveLimits({
      version: 0,
      limits: [
        limit(5, 2),
        limit(-1, 1_000_001, profile.id + 100_000),
        limit(1.5, null, 999_999_999),
        limit(null, null, 7),
      ],
    });
    expect(bad.status).toBe(422);
    expect(messagesOf(bad.body)).toEqual(
      expect.arrayContaining([
        `limits[0].min: ${STOCK_MIN_ABOVE_MAX}`,
        `limits[1].min: ${STOCK_LIMIT_RANGE}`,
        `limits[1].max: ${STOCK_LIMIT_RANGE}`,
        `limits[2].min: ${STOCK_LIMIT_RANGE}`,
        `limits[3].min: ${STOCK_LIMIT_EMPTY}`,
      ]),
    );
    const twice = await saveLimits({ version: 0, limits: [limit(1, 2), limit(1, 3)] });
    expect(messagesOf(twice.body)).toEqual([`limits[1].profile: ${STOCK_PROFILE_TWICE}`]);
    const many = Array.from({ length: MAX_STOCK_LIMIT_ENTRIES + 1 }, (_, i) => limit(0, 1, i + 1));
    expect(messagesOf((await saveLimits({ version: 0, limits: many })).body)).toEqual([
      `limits: ${STOCK_TOO_MANY_LIMITS}`,
    ]);
    const unknown = await saveLimits({ version: 0, limits: [limit(0, 1, 999_999)] });
    expect(unknown.status).toBe(422);
    expect(messagesOf(unknown.body)).toEqual([`limits[0].profile: ${STOCK_PROFILE_UNKNOWN}`]);
    // Nothing saved by the refusals: version 0 still holds.
    expect((await stock()).body.version).toBe(0);
  });

  it('raises below once, above once, clears and raises below again as reels come and go; a redelivery raises nothing', async () => {
    // Minimum 2, maximum 2, nobody inside: below at once (the save evaluates the zone).
    const saved = await saveLimits({ version: 0, limits: [{ profile: profile.id, min: 2, max: 2 }] });
    expect(saved.status).toBe(200);
    expect(saved.body.version).toBe(1);
    expect(saved.body.byProfile).toEqual([
      { id: profile.id, name: profile.name, count: 0, min: 2, max: 2, state: 'below' },
    ]);
    expect((await saveLimits({ version: 0, limits: [] })).status).toBe(409);
    const below = await waitForMail(email, 2);
    expect(below.subject).toBe(`Zone stock below minimum: Stock depot ${stamp}`);
    expect(below.text).toContain(`Stock depot ${stamp}: 0 of ${profile.name}, bound 2`);

    await moveTo(0, CENTRE);
    await waitForCount(1);
    await moveTo(1, CENTRE);
    expect((await waitForCount(2)).body.byProfile[0]?.state).toBe('ok');
    await moveTo(2, CENTRE);
    const full = await waitForCount(3);
    expect(full.body.total).toBe(3);
    expect(full.body.byProfile[0]?.state).toBe('above');
    await waitForMail(email, 3);
    await moveTo(2, AWAY);
    await waitForCount(2);
    await moveTo(0, AWAY);
    await waitForCount(1);
    await waitForMail(email, 4);
    expect(await subjects()).toEqual([
      `Zone stock below minimum: Stock depot ${stamp}`,
      `Zone stock above maximum: Stock depot ${stamp}`,
      `Zone stock below minimum: Stock depot ${stamp}`,
    ]);

    // The same visit change delivered again (EventBridge delivers at least once): the state is below already.
    const { handler } = await importStackModules();
    await handler({
      id: 'redelivery',
      'detail-type': 'ZoneVisitChanged',
      detail: { tenantId: '1', zoneId, assetId: assets[0], change: 'left', at: new Date(T0).toISOString() },
    });
    const { ports } = readStack();
    const deliveries = await fetch(
      `http://127.0.0.1:${ports.EVENTBRIDGE_PORT}/_local/deliveries?rule=AlarmRaisedToAlarmHandler`,
    ).then((r) => r.json() as Promise<{ deliveries: { detail: { zoneId: number | null; kind: number } }[] }>);
    expect(deliveries.deliveries.filter((d) => d.detail.zoneId === zoneId).map((d) => d.detail.kind)).toEqual([
      4, 5, 4,
    ]);
  });

  it('shows the zone alarms in the staff inbox, acknowledged once on the zone', async () => {
    const inbox = await waitFor(
      () => call<Collection<AlarmInboxEntry>>('GET', '/api/alarm-inbox?itemsPerPage=100', { token: admin }),
      (r) => r.body['hydra:member'].filter((e) => e['@id'].startsWith(`/api/geo-zones/${zoneId}/`)).length >= 3,
    );
    const ours = inbox.body['hydra:member'].filter((e) => e['@id'].startsWith(`/api/geo-zones/${zoneId}/`));
    expect(ours.every((e) => e.assetId === null && e.assetName === null)).toBe(true);
    const first = ours[0] as AlarmInboxEntry;
    expect((await call('PUT', `${first['@id']}/acknowledge`, { token: admin })).status).toBe(200);
    expect((await call('PUT', `${first['@id']}/acknowledge`, { token: admin })).status).toBe(409);
    const client = await tokenOf('client');
    const clientInbox = await call<Collection<AlarmInboxEntry>>('GET', '/api/alarm-inbox?itemsPerPage=100', {
      token: client,
    });
    expect(clientInbox.body['hydra:member'].some((e) => e['@id'].startsWith('/api/geo-zones/'))).toBe(false);
  });

  it('answers the counts by profile, cable type and status, the table and the drill-down', async () => {
    const zone = (await stock()).body;
    expect(zone.total).toBe(1);
    expect(zone.byCableType).toEqual([{ cableType: null, count: 1 }]);
    expect(zone.byStatus.reduce((sum, s) => sum + s.count, 0)).toBe(1);
    const table = await call<StockTable>('GET', '/api/stock', { token: admin });
    expect(table.status).toBe(200);
    expect(Number(table.headers.get('x-items-read'))).toBeGreaterThan(0);
    const row = table.body.rows.find((r) => r.zone.id === zoneId);
    const column = table.body.profiles.findIndex((p) => p.id === profile.id);
    expect(row?.cells[column]).toEqual({ profile: profile.id, count: 1, min: 2, max: 2, state: 'below' });
    const drill = await call<Collection<StockAsset>>(
      'GET',
      `/api/geo-zones/${zoneId}/stock/assets?profile=${profile.id}`,
      { token: admin },
    );
    expect(drill.body['hydra:member'].map((a) => a.asset)).toEqual([{ id: assets[1], name: `Stock reel ${stamp} 1` }]);
    const none = await call<Collection<StockAsset>>('GET', `/api/geo-zones/${zoneId}/stock/assets?profile=none`, {
      token: admin,
    });
    expect(none.body['hydra:member']).toEqual([]);
    const bad = await call('GET', `/api/geo-zones/${zoneId}/stock/assets?profile=x`, { token: admin });
    expect(bad.status).toBe(422);
  });

  it('re-counts the zone at once when an asset inside it is deleted (ZoneVisitChanged from the API)', async () => {
    const inside = assets[1] as number;
    expect((await call('DELETE', `/api/assets/${inside}`, { token: admin })).status).toBe(204);
    const { ports } = readStack();
    type Delivery = { detail: { zoneId: number; assetId: number; change: string } };
    const deliveries = await waitFor(
      () =>
        fetch(`http://127.0.0.1:${ports.EVENTBRIDGE_PORT}/_local/deliveries?rule=ZoneVisitChangedToZoneStock`).then(
          (r) => r.json() as Promise<{ deliveries: Delivery[] }>,
        ),
      (answer) => answer.deliveries.some((d) => d.detail.zoneId === zoneId && d.detail.assetId === inside),
    );
    const ours = deliveries.deliveries.filter((d) => d.detail.zoneId === zoneId && d.detail.assetId === inside);
    expect(ours.at(-1)?.detail.change).toBe('left');
    expect((await waitForCount(0)).body.total).toBe(0);
  });

  it('shows stock to staff only, and never to another tenant', async () => {
    const [user, client, transporter, acme] = await Promise.all(
      ['user', 'client', 'transporter', 'acme-admin'].map((login) => tokenOf(login)),
    );
    expect((await call('GET', `/api/geo-zones/${zoneId}/stock`, { token: user })).status).toBe(200);
    for (const token of [client, transporter]) {
      expect((await call('GET', '/api/stock', { token })).status).toBe(403);
      expect((await call('GET', `/api/geo-zones/${zoneId}/stock`, { token })).status).toBe(403);
      expect((await call('GET', `/api/geo-zones/${zoneId}/stock/assets`, { token })).status).toBe(403);
      expect((await saveLimits({ version: 1, limits: [] }, token)).status).toBe(403);
    }
    expect((await call('GET', `/api/geo-zones/${zoneId}/stock`, { token: acme })).status).toBe(404);
    expect((await call('GET', `/api/geo-zones/${zoneId}/stock/assets`, { token: acme })).status).toBe(404);
    expect((await saveLimits({ version: 1, limits: [] }, acme)).status).toBe(404);
    const acmeTable = await call<StockTable>('GET', '/api/stock', { token: acme });
    expect(acmeTable.status).toBe(200);
    expect(JSON.stringify(acmeTable.body)).not.toContain(`Stock depot ${stamp}`);
    // Limits untouched by the refusals.
    expect((await stock()).body.version).toBe(1);
  });
});

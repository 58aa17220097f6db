import { randomBytes } from 'node:crypto';
import { kpnHeaders } from '../../scripts/simulate/bodies';
import { call } from '../harness/api';
import { saveKpnDestination } from '../harness/kpn-settings';
import { createOwnTenant, type OwnTenant, removeOwnTenant } from '../harness/own-tenant';
import { waitFor } from '../harness/uplinks';

/**
 * Every way in robust (docs/decisions/0246-every-way-in-robust-bad-positions-and-undecodable-payloads-dropped.md) through the local stack's KPN Things
 * webhook, in a tenant of this file's own. The bodies have the shape of KPN's published SenML samples: the
 * "+ LoRa Geolocation data" records (docs.kpnthings.com, KPN LocationTag V device type; integrations.md 1.1
 * [K7]: bn urn:dev:DEVEUI:<DEVEUI>:, bt epoch seconds, locOrigin KPNLORA, latitude/longitude/radius) and the
 * decoder tables' `batteryVoltage` (V).
 */
type LastEvent = { date: string; latitude: number | null; longitude: number | null };
type Asset = { id: number; last_event: LastEvent | null; lastCommunication: string | null };
type Event = { date: string; latitude: number | null; type: string; warnings?: string[] };
type Device = { is_sabotaged: boolean; battery_level_low: boolean };
type Alarm = { type: number; at: string };

const PLUG = `6b1d${randomBytes(2).toString('hex')}-2c3e-4f50-8a61-7b8c9d0e1f20`;
const SECRET = 'Robust-Test-Shared-Secret-2026!#';
const T0 = Math.floor(Date.now() / 1000) - 3600;
const HOME = { latitude: 51.794884, longitude: 4.681233 };

let tenant: OwnTenant;
const api = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
  call<T>(method, path, { ...tenant.superAdmin, ...(body === undefined ? {} : { body }) });

/** A tag on an asset of its own: each test starts from nothing. */
async function newTag(name: string) {
  const devEui = randomBytes(8).toString('hex').toUpperCase();
  const device = await api<{ id: number }>('POST', '/api/devices', { name, dev_eui: devEui });
  expect(device.status).toBe(201);
  const asset = await api<{ id: number }>('POST', '/api/assets', { name, devices: [device.body.id] });
  expect(asset.status).toBe(201);
  return { devEui, deviceId: device.body.id, assetId: asset.body.id };
}

/** The KPN webhook with KPN's token over the exact bytes. */
async function sendRecords(devEui: string, minute: number, records: object[]) {
  const body = JSON.stringify([{ bn: `urn:dev:DEVEUI:${devEui}:`, bt: T0 + minute * 60 }, ...records]);
  const response = await call('POST', '/api/things/uplink', {
    rawBody: body,
    headers: kpnHeaders(body, PLUG, SECRET),
  });
  expect(response.status).toBe(202);
  return new Date((T0 + minute * 60) * 1000).toISOString();
}
const geolocation = (where: { latitude: number; longitude: number }, radius = 319) => [
  { n: 'locOrigin', vs: 'KPNLORA' },
  { n: 'latitude', u: 'lat', v: where.latitude },
  { n: 'longitude', u: 'lon', v: where.longitude },
  { n: 'radius', u: 'm', v: radius },
];

const asset = async (id: number) => (await api<Asset>('GET', `/api/assets/${id}`)).body;
const waitForLast = (id: number, date: string) =>
  waitFor(
    () => asset(id),
    (a) => a.last_event?.date === date,
  );
const eventsOf = async (deviceId: number) =>
  (await api<{ 'hydra:member': Event[] }>('GET', `/api/events?device.id=${deviceId}&pagination=false`)).body[
    'hydra:member'
  ];
const deviceOf = async (id: number) => (await api<Device>('GET', `/api/devices/${id}`)).body;
const alarmsOf = async (assetId: number) =>
  (await api<{ 'hydra:member': Alarm[] }>('GET', `/api/assets/${assetId}/alarms?pagination=false`)).body[
    'hydra:member'
  ];

beforeAll(async () => {
  tenant = await createOwnTenant('KPN robust');
  await saveKpnDestination(tenant.superAdmin, PLUG, SECRET);
  for (const type of [0, 2]) {
    const rule = await api('POST', '/api/alarms', {
      name: `Rule ${type}`,
      type,
      text: '{asset_name}',
      email: `kpn-robust-${type}-${Date.now()}@example.com`,
    });
    expect(rule.status).toBe(201);
  }
});

afterAll(() => removeOwnTenant(tenant));

describe('KPN Things way in, robust', () => {
  it('takes an undecodable payload beside KPN location records: an event at KPN’s position with a warning', async () => {
    const tag = await newTag('Undecodable');
    const at = await sendRecords(tag.devEui, 1, [...geolocation(HOME), { n: 'payload', vs: 'ff' }]);
    const moved = await waitForLast(tag.assetId, at);
    expect(moved.last_event).toMatchObject(HOME);
    const [event] = await eventsOf(tag.deviceId);
    expect(event).toMatchObject({ date: at, ...HOME });
    expect(event?.warnings).toEqual([expect.stringMatching(/^Payload not decoded: /)]);
  });

  it('drops a 0/0 fix but raises the sabotage of the same uplink, and keeps the position', async () => {
    const tag = await newTag('Sabotaged at 0/0');
    const first = await sendRecords(tag.devEui, 1, geolocation(HOME));
    await waitForLast(tag.assetId, first);
    const at = await sendRecords(tag.devEui, 2, [
      ...geolocation({ latitude: 0, longitude: 0 }),
      { n: 'sabotaged', vb: true },
    ]);
    const after = await waitForLast(tag.assetId, at);
    expect(after.last_event).toMatchObject(HOME);
    expect(after.lastCommunication).not.toBeNull();
    expect(await deviceOf(tag.deviceId)).toMatchObject({ is_sabotaged: true });
    const [event] = await eventsOf(tag.deviceId);
    expect(event).toMatchObject({ date: at, latitude: null });
    expect(event?.warnings).toEqual(['Position dropped: Position 0/0 (a tag without a fix)']);
    const alarms = await waitFor(
      () => alarmsOf(tag.assetId),
      (found) => found.length > 0,
    );
    expect(alarms.map((a) => [a.type, a.at])).toEqual([[0, at]]);
  });

  it('drops a jump at 2,000 km/h and takes the next plausible fix', async () => {
    const tag = await newTag('Jumping');
    const first = await sendRecords(tag.devEui, 1, geolocation(HOME, 20));
    await waitForLast(tag.assetId, first);
    // 500 km north in 15 minutes.
    const jump = await sendRecords(tag.devEui, 16, geolocation({ ...HOME, latitude: HOME.latitude + 4.5 }, 20));
    const near = { ...HOME, latitude: HOME.latitude + 0.01 };
    const next = await sendRecords(tag.devEui, 20, geolocation(near, 20));
    const after = await waitForLast(tag.assetId, next);
    expect(after.last_event).toMatchObject(near);
    const events = await eventsOf(tag.deviceId);
    expect(events.map((e) => [e.date, e.latitude])).toEqual([
      [next, near.latitude],
      [jump, null],
      [first, HOME.latitude],
    ]);
    expect(events[1]?.warnings).toEqual([
      expect.stringMatching(/^Position dropped: Jump of .* faster than 150 km\/h$/),
    ]);
  });

  it('takes battery low from batteryVoltage once, without flapping around the threshold', async () => {
    const tag = await newTag('Battery');
    const volts = [3.6, 3.29, 3.31, 3.28, 3.35, 3.41, 3.39];
    const flags: boolean[] = [];
    for (const [i, v] of volts.entries()) {
      const at = await sendRecords(tag.devEui, i + 1, [{ n: 'batteryVoltage', u: 'V', v }]);
      await waitForLast(tag.assetId, at);
      flags.push((await deviceOf(tag.deviceId)).battery_level_low);
    }
    expect(flags).toEqual([false, true, true, true, true, false, false]);
    const alarms = await waitFor(
      () => alarmsOf(tag.assetId),
      (found) => found.length > 0,
    );
    expect(alarms.map((a) => a.type)).toEqual([2]);
  });
});

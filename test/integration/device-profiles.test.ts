import { randomBytes } from 'node:crypto';
import { DEMO_CODEC, encodeDemoPayload } from '../../scripts/seed/demo-codec';
import { DEVICE_PROFILE_NOT_FOUND } from '../../shared/schemas/device';
import { DEVICE_IMPORT_MESSAGES } from '../../shared/schemas/device-import';
import {
  BATTERY_HYSTERESIS_INVALID,
  BATTERY_THRESHOLD_INVALID,
  BATTERY_UNIT_INVALID,
  BUILT_IN_PROFILE_READ_ONLY,
  CODEC_DOES_NOT_RUN,
  CODEC_TOO_LONG,
  CODEC_WITHOUT_DECODE_UPLINK,
  DEVICE_PROFILE_IN_USE,
  DEVICE_PROFILE_NAME_REQUIRED,
  F_PORT_INVALID,
  FIELD_PATH_INVALID,
  MAX_CODEC_LENGTH,
  SILENT_AFTER_INVALID,
  TEST_BYTES_INVALID,
  UPLINK_INTERVAL_INVALID,
} from '../../shared/schemas/device-profile';
import { call, tokenOf } from '../harness/api';
import { LOOPING_CODEC } from '../harness/codecs';
import { addTenantUser, createOwnTenant, type OwnTenant, removeOwnTenant } from '../harness/own-tenant';
import { readStack } from '../harness/stack';

/**
 * Device profiles per tenant: CRUD with every validation message, admins only, built-ins
 * read-only, 404 across tenants, 412/409 on stale versions, 409 on deleting a profile devices use, and the test
 * panel's endpoint with its rate limit. In a tenant of this file's own (its profile ids start at 101).
 */
type Profile = { '@id': string; id: number; name: string; built_in: boolean; version: number; codec: string | null };
type Violations = { violations: { propertyPath: string; message: string }[] };

let tenant: OwnTenant;
let adminToken: string;
const as = (token: string) => ({ token });
/** As the tenant's admin (profiles); devices are registered by the super admin acting in the tenant. */
const api = <T = Record<string, unknown>>(method: string, path: string, body?: unknown, headers = {}) =>
  call<T>(method, path, { token: adminToken, headers, ...(body === undefined ? {} : { body }) });
const superApi = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
  call<T>(method, path, {
    token: tenant.superAdmin.token,
    headers: tenant.superAdmin.headers,
    ...(body === undefined ? {} : { body }),
  });

const valid = (over: Record<string, unknown> = {}) => ({
  name: `Geotrax ${randomBytes(3).toString('hex')}`,
  codec: DEMO_CODEC,
  field_paths: {},
  battery_unit: 'V',
  battery_low_below: 3.3,
  battery_fine_above: 3.4,
  uplink_interval_minutes: 60,
  silent_after_intervals: 3,
  ...over,
});
const violationsOf = (body: unknown) => (body as Violations).violations.map((v) => [v.propertyPath, v.message]);

beforeAll(async () => {
  tenant = await createOwnTenant('Device profiles');
  adminToken = await tokenOf(tenant.adminLogin);
});
afterAll(() => removeOwnTenant(tenant));

describe('device profile CRUD', () => {
  it('creates from 101, lists built-ins first, reads, updates with If-Match and deletes', async () => {
    const created = await api<Profile>('POST', '/api/device-profiles', valid({ name: 'Geotrax GT-2' }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ '@id': `/api/device-profiles/${created.body.id}`, built_in: false });
    expect(created.body.id).toBeGreaterThanOrEqual(101);
    const list = await api<{ 'hydra:member': Profile[] }>('GET', '/api/device-profiles');
    const members = list.body['hydra:member'];
    expect(members.slice(0, 4).map((p) => [p.id, p.built_in, p.codec])).toEqual([
      [1, true, null],
      [2, true, null],
      [3, true, null],
      [4, true, null],
    ]);
    expect(members.map((p) => p.id)).toContain(created.body.id);
    const read = await api<Profile>('GET', `/api/device-profiles/${created.body.id}`);
    expect(read.headers.get('etag')).toBe('"1"');
    const path = `/api/device-profiles/${created.body.id}`;
    const saved = await api<Profile>('PUT', path, valid({ name: 'Geotrax GT-2b' }), { 'if-match': '"1"' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: 'Geotrax GT-2b', version: 2 });
    expect((await api('PUT', path, valid(), { 'if-match': '"1"' })).status).toBe(412);
    expect((await api('PUT', path, valid({ version: 1 }))).status).toBe(409);
    expect((await api('DELETE', path, undefined, { 'if-match': '"1"' })).status).toBe(412);
    expect((await api('DELETE', path)).status).toBe(204);
    expect((await api('GET', path)).status).toBe(404);
  });

  it('answers every validation message on its field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: ' ' }, 'name', DEVICE_PROFILE_NAME_REQUIRED],
      [{ codec: `function decodeUplink(){}//${'x'.repeat(MAX_CODEC_LENGTH)}` }, 'codec', CODEC_TOO_LONG],
      [{ codec: 'function decode(input) {}' }, 'codec', CODEC_WITHOUT_DECODE_UPLINK],
      [{ codec: 'function decodeUplink( {' }, 'codec', CODEC_DOES_NOT_RUN],
      [{ codec: 'while (true) {} function decodeUplink() {}' }, 'codec', CODEC_DOES_NOT_RUN],
      [{ field_paths: { latitude: 'gps["lat"]' } }, 'field_paths.latitude', FIELD_PATH_INVALID],
      [{ battery_unit: 'mV' }, 'battery_unit', BATTERY_UNIT_INVALID],
      [{ battery_low_below: -1 }, 'battery_low_below', BATTERY_THRESHOLD_INVALID],
      // The fuzz sweep's find: a number DynamoDB cannot store (below 1e-130) was a 500.
      [{ battery_low_below: 5e-324 }, 'battery_low_below', BATTERY_THRESHOLD_INVALID],
      [{ battery_fine_above: 3.3 }, 'battery_fine_above', BATTERY_HYSTERESIS_INVALID],
      [{ uplink_interval_minutes: 4 }, 'uplink_interval_minutes', UPLINK_INTERVAL_INVALID],
      [{ uplink_interval_minutes: 10_081 }, 'uplink_interval_minutes', UPLINK_INTERVAL_INVALID],
      [{ silent_after_intervals: 1 }, 'silent_after_intervals', SILENT_AFTER_INVALID],
      [{ silent_after_intervals: 31 }, 'silent_after_intervals', SILENT_AFTER_INVALID],
    ];
    for (const [change, field, message] of cases) {
      const answer = await api('POST', '/api/device-profiles', valid(change));
      expect([answer.status, violationsOf(answer.body)]).toEqual([422, [[field, message]]]);
    }
  });

  it('keeps built-ins read-only, and another tenant’s profile is not found', async () => {
    for (const [method, body] of [
      ['PUT', valid()],
      ['DELETE', undefined],
    ] as const) {
      const answer = await api<{ 'hydra:description': string }>(method, '/api/device-profiles/2', body);
      expect([answer.status, answer.body['hydra:description']]).toEqual([403, BUILT_IN_PROFILE_READ_ONLY]);
    }
    const own = await api<Profile>('POST', '/api/device-profiles', valid());
    const acme = await tokenOf('acme-admin');
    const path = `/api/device-profiles/${own.body.id}`;
    // acme may hold a profile with the same id: it must answer its own, never this tenant's.
    const read = await call<Profile>('GET', path, { token: acme });
    expect(read.status === 404 || read.body.name !== own.body.name).toBe(true);
    expect((await call('GET', '/api/device-profiles/99', { token: acme })).status).toBe(404);
    expect((await api('DELETE', path)).status).toBe(204);
  });

  it('is for admins: a user gets 403 on writes and tests, a client on reads too', async () => {
    const user = await tokenOf(await addTenantUser(tenant, ['ROLE_USER']));
    const client = await tokenOf('client');
    expect((await call('GET', '/api/device-profiles', as(user))).status).toBe(200);
    expect((await call('POST', '/api/device-profiles', { ...as(user), body: valid() })).status).toBe(403);
    expect((await call('PUT', '/api/device-profiles/101', { ...as(user), body: valid() })).status).toBe(403);
    expect((await call('DELETE', '/api/device-profiles/101', as(user))).status).toBe(403);
    const test = { codec: null, battery_unit: 'V', battery_low_below: 3.3, battery_fine_above: 3.4 };
    expect(
      (await call('POST', '/api/device-profiles/test', { ...as(user), body: { ...test, bytes: '00', f_port: 1 } }))
        .status,
    ).toBe(403);
    expect((await call('GET', '/api/device-profiles', { token: client })).status).toBe(403);
  });
});

describe('devices name profiles', () => {
  it('takes the tenant’s own and built-ins, refuses others, and a used profile cannot be deleted', async () => {
    const profile = await api<Profile>('POST', '/api/device-profiles', valid());
    const devEui = randomBytes(8).toString('hex').toUpperCase();
    const refused = await superApi('POST', '/api/devices', {
      dev_eui: devEui,
      device_profiles: [profile.body.id + 50],
    });
    expect([refused.status, violationsOf(refused.body)]).toEqual([
      422,
      [['device_profiles[0]', DEVICE_PROFILE_NOT_FOUND]],
    ]);
    const device = await superApi<{ id: number; version: number }>('POST', '/api/devices', {
      dev_eui: devEui,
      device_profiles: [profile.body.id],
    });
    expect(device.status).toBe(201);
    const path = `/api/device-profiles/${profile.body.id}`;
    const inUse = await api<{ 'hydra:description': string }>('DELETE', path);
    expect([inUse.status, inUse.body['hydra:description']]).toEqual([409, DEVICE_PROFILE_IN_USE]);
    const moved = await superApi('PUT', `/api/devices/${device.body.id}`, { device_profiles: [2] });
    expect(moved.status).toBe(200);
    expect((await api('DELETE', path)).status).toBe(204);
    expect((await superApi('DELETE', `/api/devices/${device.body.id}`)).status).toBe(204);
  });
});

describe('the device CSV import takes a device_profile column (an id or a name)', () => {
  const upload = async (csv: string) => {
    const form = new FormData();
    form.append('files', new Blob([csv], { type: 'text/csv' }), 'devices.csv');
    const response = await fetch(`${readStack().apiUrl}/api/tenants/${tenant.tenantId}/devices/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tenant.superAdmin.token}` },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };

  it('gives the devices their profile, counts them on it, and refuses an unknown one on its row', async () => {
    const profile = await api<Profile>('POST', '/api/device-profiles', valid({ name: 'CSV Codec' }));
    const eui = () => randomBytes(8).toString('hex').toUpperCase();
    const [a, b, c] = [eui(), eui(), eui()];
    const refused = await upload(`deveui,device_profile\n${a},No such profile\n`);
    expect([refused.status, violationsOf(refused.body)]).toEqual([
      422,
      [['row 2.device_profile', DEVICE_IMPORT_MESSAGES.unknownProfile]],
    ]);
    const csv = `deveui,name,device_profile\n${a},A,csv codec\n${b},B,${profile.body.id}\n${c},C,2\n`;
    expect(await upload(csv)).toEqual({ status: 200, body: { imported: 3 } });
    const list = await superApi<{ 'hydra:member': { dev_eui: string; device_profiles: number[] }[] }>(
      'GET',
      '/api/devices?itemsPerPage=100',
    );
    const profilesOf = Object.fromEntries(list.body['hydra:member'].map((d) => [d.dev_eui, d.device_profiles]));
    expect([profilesOf[a], profilesOf[b], profilesOf[c]]).toEqual([[profile.body.id], [profile.body.id], [2]]);
    const inUse = await api('DELETE', `/api/device-profiles/${profile.body.id}`);
    expect(inUse.status).toBe(409);
  });
});

describe('POST /api/device-profiles/test', () => {
  const body = (over: Record<string, unknown>) => ({
    codec: DEMO_CODEC,
    field_paths: {},
    battery_unit: 'V',
    battery_low_below: 3.3,
    battery_fine_above: 3.4,
    ...over,
  });

  it('decodes hex or base64 with a codec and maps the result', async () => {
    const { hex, fPort } = encodeDemoPayload({ latitude: 52.09, longitude: 5.12, batteryMv: 3250, tamper: true });
    const spaced = (hex.match(/../g) as string[]).join(' ');
    const answer = await api<Record<string, unknown>>(
      'POST',
      '/api/device-profiles/test',
      body({ bytes: spaced, f_port: fPort }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      warnings: [],
      errors: [],
      mapped: {
        latitude: 52.09,
        longitude: 5.12,
        accuracy: 10,
        battery_voltage: 3.25,
        battery_percent: null,
        battery_low: true,
        sabotaged: true,
        event_type: 'still',
      },
    });
    const base64 = Buffer.from(hex, 'hex').toString('base64');
    const again = await api<{ mapped: { latitude: number } }>(
      'POST',
      '/api/device-profiles/test',
      body({ bytes: base64, f_port: fPort }),
    );
    expect(again.body.mapped.latitude).toBe(52.09);
  });

  it('answers a codec failure as the test result, bad bytes and ports as 422', async () => {
    const loop = await api<{ errors: string[]; data: null }>(
      'POST',
      '/api/device-profiles/test',
      body({ codec: LOOPING_CODEC, bytes: '00', f_port: 2 }),
    );
    expect([loop.status, loop.body.data, loop.body.errors]).toEqual([200, null, ['The codec ran longer than 50 ms']]);
    const bad = await api('POST', '/api/device-profiles/test', body({ bytes: 'zz!', f_port: 0 }));
    expect([bad.status, violationsOf(bad.body)]).toEqual([
      422,
      [
        ['bytes', TEST_BYTES_INVALID],
        ['f_port', F_PORT_INVALID],
      ],
    ]);
  });

  it('is rate limited per tenant (it burns CPU): 429 with Retry-After beyond 60 a minute', async () => {
    let last = 0;
    let retryAfter: string | undefined;
    for (let i = 0; i < 70 && last !== 429; i++) {
      const answer = await api('POST', '/api/device-profiles/test', body({ codec: null, bytes: '00', f_port: 1 }));
      last = answer.status;
      retryAfter = answer.headers.get('retry-after') ?? undefined;
    }
    expect(last).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it('spends the same budget on saves with a codec (each compiles): refused past it, a save without one is not', async () => {
    const names = async () =>
      (await api<{ 'hydra:member': Profile[] }>('GET', '/api/device-profiles')).body['hydra:member'].map((p) => p.name);
    let refused: { status: number; name: string } | undefined;
    for (let i = 0; i < 70 && !refused; i++) {
      const profile = valid();
      const answer = await api('POST', '/api/device-profiles', profile);
      if (answer.status === 429) refused = { status: answer.status, name: profile.name };
      else expect(answer.status).toBe(201);
    }
    expect(refused?.status).toBe(429);
    expect(await names()).not.toContain(refused?.name);
    const plain = await api('POST', '/api/device-profiles', valid({ codec: null }));
    expect(plain.status).toBe(201);
  });
});

import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { devEuiClaimItem } from '../../functions/lib/devices/dev-eui-claims';
import { deviceRepository } from '../../functions/lib/devices/device-repository';
import { benchDevice } from '../../scripts/bench/seed-devices';
import { TABLE_NAME } from '../../scripts/local/config';
import { MESSAGES } from '../../shared/errors';
import {
  BARCODE_NOT_CHANGEABLE,
  DEV_EUI_INVALID,
  DEV_EUI_NOT_CHANGEABLE,
  DEV_EUI_REQUIRED,
  DEV_EUI_TAKEN,
  DEV_EUI_UNAVAILABLE,
  DEVICE_ASSET_NOT_FOUND,
  DEVICE_PROFILE_NOT_FOUND,
} from '../../shared/schemas/device';
import { call, tokenOf } from '../harness/api';
import { localTable } from '../harness/stack';

/** The devices API (spec 000 /devices): the form, its rules, roles, tenants and the asset summaries. */
type Summary = { id: number; name: string | null; dev_eui: string; is_sabotaged: boolean; battery_level_low: boolean };
type Device = {
  id: number;
  version: number;
  name: string | null;
  dev_eui: string;
  barcode: string | null;
  asset: { id: number; name: string } | null;
  is_sabotaged: boolean;
  device_profiles: number[];
};
type Answer = Device & { violations?: { propertyPath: string; message: string }[]; 'hydra:member'?: unknown[] };

const db = localTable().client;
const demo = systemTenantContext(1);
const runPrefix = (Date.now() % 0xffffffff).toString(16).toUpperCase().padStart(8, '0');
let serial = 0;
const newDevEui = () => `${runPrefix}${(++serial + 0x1000).toString(16).toUpperCase().padStart(8, '0')}`;
const violations = (response: { body: Answer }) =>
  Object.fromEntries((response.body.violations ?? []).map((v) => [v.propertyPath, v.message]));

const tokens: Record<string, string> = {};
const as = (user: string, method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  call<Answer>(method, path, { token: tokens[user], body, headers });
const create = (body: Record<string, unknown>, headers?: Record<string, string>) =>
  as('superadmin', 'POST', '/api/devices', body, headers);
const assetDevices = async (assetId: number) =>
  (await as('admin', 'GET', `/api/assets/${assetId}`)).body as unknown as { devices: Summary[]; version: number };
const newAsset = async (name: string) => {
  const response = await as('admin', 'POST', '/api/assets', { name });
  expect(response.status).toBe(201);
  return response.body.id;
};

beforeAll(async () => {
  for (const user of ['superadmin', 'admin', 'user', 'client', 'transporter', 'manager', 'acme-admin']) {
    tokens[user] = await tokenOf(user);
  }
});

describe('device form', () => {
  it('answers 401 without a token', async () => {
    for (const [method, path] of [
      ['GET', '/api/devices'],
      ['GET', '/api/devices/1'],
      ['POST', '/api/devices'],
      ['GET', '/api/device-profiles'],
    ] as const) {
      expect((await call(method, path)).status).toBe(401);
    }
  });

  it('creates (super admin only), normalises the DEVEUI and reads it back', async () => {
    const devEui = newDevEui();
    const spaced = devEui.toLowerCase().replace(/(..)(?!$)/g, '$1-');
    for (const user of ['admin', 'user', 'acme-admin']) {
      expect((await as(user, 'POST', '/api/devices', { dev_eui: newDevEui() })).status).toBe(403);
    }
    const created = await create({
      dev_eui: spaced,
      name: 'Tag one',
      model: 'LT-V',
      barcode: 'B-1',
      device_profiles: [1],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ dev_eui: devEui, name: 'Tag one', barcode: 'B-1', version: 1, asset: null });
    const read = await as('user', 'GET', `/api/devices/${created.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      '@id': `/api/devices/${created.body.id}`,
      dev_eui: devEui,
      device_profiles: [1],
    });
  });

  it('answers each validation message on its field', async () => {
    expect(violations(await create({ name: 'x' }))).toEqual({ dev_eui: DEV_EUI_REQUIRED });
    expect(violations(await create({ dev_eui: '70B3D57ED000123' }))).toEqual({ dev_eui: DEV_EUI_INVALID });
    expect(violations(await create({ dev_eui: 'ZZB3D57ED0001234' }))).toEqual({ dev_eui: DEV_EUI_INVALID });
    expect(violations(await create({ dev_eui: newDevEui(), asset: 999_999 }))).toEqual({
      asset: DEVICE_ASSET_NOT_FOUND,
    });
    expect(violations(await create({ dev_eui: newDevEui(), device_profiles: [1, 99] }))).toEqual({
      'device_profiles[1]': DEVICE_PROFILE_NOT_FOUND,
    });
    expect(violations(await create({ dev_eui: newDevEui(), activation_date: '2026-02-30' }))).toEqual({
      activation_date: MESSAGES.invalidDate,
    });
    expect(violations(await create({ dev_eui: newDevEui(), notes: 'x'.repeat(2001) }))).toEqual({
      notes: 'This value is too long. It should have 2000 characters or less.',
    });
  });

  it('keeps a DEVEUI unique across tenants, frees it on delete, and lets one of concurrent creates win', async () => {
    const devEui = newDevEui();
    const demo = await create({ dev_eui: devEui });
    expect(demo.status).toBe(201);
    const inAcme = await create({ dev_eui: devEui.toLowerCase() }, { 'x-tenant-id': '2' });
    expect(inAcme.status).toBe(422);
    expect(violations(inAcme)).toEqual({ dev_eui: DEV_EUI_UNAVAILABLE });
    expect((await as('admin', 'DELETE', `/api/devices/${demo.body.id}`)).status).toBe(204);
    const claim = await db.send(
      new GetCommand({ TableName: TABLE_NAME, Key: { pk: `DEVEUI#${devEui}`, sk: 'CLAIM' } }),
    );
    expect(claim.Item).toBeUndefined();
    expect((await create({ dev_eui: devEui }, { 'x-tenant-id': '2' })).status).toBe(201);

    const contested = newDevEui();
    const answers = await Promise.all(Array.from({ length: 5 }, () => create({ dev_eui: contested })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422, 422, 422]);
    for (const loser of answers.filter((a) => a.status === 422))
      expect(violations(loser)).toEqual({ dev_eui: DEV_EUI_TAKEN });
  });

  it('updates with the version read; DEVEUI and barcode only as they are; a stale version writes nothing', async () => {
    const devEui = newDevEui();
    const { body: device } = await create({ dev_eui: devEui, name: 'Before', barcode: 'KPN-7' });
    const path = `/api/devices/${device.id}`;
    const same = await as('user', 'PUT', path, {
      name: 'After',
      dev_eui: devEui.toLowerCase(),
      barcode: 'KPN-7',
      version: 1,
    });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ name: 'After', version: 2, dev_eui: devEui, barcode: 'KPN-7' });
    const changed = await as('user', 'PUT', path, { dev_eui: newDevEui(), barcode: 'other', version: 2 });
    expect(violations(changed)).toEqual({ dev_eui: DEV_EUI_NOT_CHANGEABLE, barcode: BARCODE_NOT_CHANGEABLE });
    const stale = await as('user', 'PUT', path, { name: 'Lost', version: 1 });
    expect(stale.status).toBe(409);
    expect((await as('user', 'GET', path)).body).toMatchObject({ name: 'After', version: 2 });
    // The version is optional (the spec's payload has none), but a malformed one is named.
    expect(violations(await as('user', 'PUT', path, { name: 'x', version: '2' }))).toEqual({
      version: MESSAGES.versionRequired,
    });
    expect((await as('user', 'PUT', '/api/devices/abc', { version: 1 })).status).toBe(422);
  });

  it('keeps tenants apart: another tenant’s device is 404', async () => {
    // Ids are per tenant, so a new demo device's id may exist in acme too: this one has an id acme never reaches.
    const id = 9_000_000 + (Date.now() % 100_000);
    const device = { ...benchDevice(1, id), dev_eui: newDevEui(), asset: null };
    for (const item of [deviceRepository.toItem(demo, device), devEuiClaimItem(demo, device)]) {
      await db.send(new PutCommand({ TableName: TABLE_NAME, Item: item }));
    }
    // Counted as the API counts its devices: the DELETE below takes it off the count again.
    await db.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: { pk: 'T#1#COUNTER', sk: 'DEVICE' },
        UpdateExpression: 'ADD itemCount :one',
        ExpressionAttributeValues: { ':one': 1 },
      }),
    );
    const path = `/api/devices/${id}`;
    expect((await as('acme-admin', 'GET', path)).status).toBe(404);
    expect((await as('acme-admin', 'PUT', path, { name: 'x', version: 1 })).status).toBe(404);
    expect((await as('acme-admin', 'DELETE', path)).status).toBe(404);
    expect((await as('acme-admin', 'POST', `${path}/reset-sabotaged`)).status).toBe(404);
    expect((await as('admin', 'GET', path)).body).toMatchObject({ id, dev_eui: device.dev_eui, version: 1 });
    expect((await as('admin', 'DELETE', path)).status).toBe(204);
  });

  it('answers 403 per role: client and transporter see nothing, a manager reads, only admins delete', async () => {
    const { body: device } = await create({ dev_eui: newDevEui() });
    const path = `/api/devices/${device.id}`;
    for (const user of ['client', 'transporter']) {
      expect((await as(user, 'GET', '/api/devices')).status).toBe(403);
      expect((await as(user, 'GET', path)).status).toBe(403);
      expect((await as(user, 'GET', '/api/device-profiles')).status).toBe(403);
      expect((await as(user, 'POST', `${path}/reset-sabotaged`)).status).toBe(403);
      expect((await as(user, 'GET', '/api/devices/export?type=csv')).status).toBe(403);
    }
    expect((await as('manager', 'GET', path)).status).toBe(200);
    expect((await as('manager', 'PUT', path, { name: 'x', version: 1 })).status).toBe(403);
    expect((await as('user', 'DELETE', path)).status).toBe(403);
    expect((await as('manager', 'DELETE', path)).status).toBe(403);
    expect((await as('admin', 'DELETE', path)).status).toBe(204);
    expect((await as('admin', 'GET', path)).status).toBe(404);
  });

  it('refuses the sabotage reset to transporters and everything to clients even when their roles hold DEVICE_*', async () => {
    type Role = { id: number; name: string; version: number; role_permissions: { permission: string }[] };
    const matrix = (await as('admin', 'GET', '/api/role-matrix')).body['hydra:member'] as Role[];
    const { body: device } = await create({ dev_eui: newDevEui() });
    const granted: { role: Role; saved: Role }[] = [];
    const save = async (role: Role, permissions: string[], version: number) =>
      (await as('admin', 'PUT', `/api/roles/${role.id}`, {
        role_permissions: permissions.map((permission) => ({ permission })),
        version,
      })) as unknown as { status: number; body: Role };
    try {
      for (const name of ['ROLE_TRANSPORTER', 'ROLE_CLIENT']) {
        const role = matrix.find((r) => r.name === name) as Role;
        const names = role.role_permissions.map((p) => p.permission);
        const saved = await save(role, [...names, 'DEVICE_READ', 'DEVICE_EDIT'], role.version);
        expect(saved.status).toBe(200);
        granted.push({ role, saved: saved.body });
      }
      expect((await as('transporter', 'GET', `/api/devices/${device.id}`)).status).toBe(200);
      expect((await as('transporter', 'POST', `/api/devices/${device.id}/reset-sabotaged`)).status).toBe(403);
      expect((await as('client', 'GET', `/api/devices/${device.id}`)).status).toBe(403);
      expect((await as('client', 'POST', `/api/devices/${device.id}/reset-sabotaged`)).status).toBe(403);
      expect((await as('client', 'PUT', `/api/devices/${device.id}`, { name: 'x', version: 1 })).status).toBe(403);
    } finally {
      for (const { role, saved } of granted) {
        const names = role.role_permissions.map((p) => p.permission);
        expect((await save(role, names, saved.version)).status).toBe(200);
      }
    }
  });

  it('lists the device profiles catalogue', async () => {
    const profiles = await as('user', 'GET', '/api/device-profiles');
    expect(profiles.status).toBe(200);
    expect(profiles.body['hydra:member']).toEqual(
      expect.arrayContaining([expect.objectContaining({ '@id': '/api/device-profiles/1', id: 1 })]),
    );
  });
});

describe('asset summaries', () => {
  it('follow attach, move, rename and detach, and leave with a deleted device', async () => {
    const [a, b] = [await newAsset('Summary reel A'), await newAsset('Summary reel B')];
    const devEui = newDevEui();
    const { body: device } = await create({ dev_eui: devEui, name: 'Mover', asset: a });
    expect(device.asset).toEqual({ id: a, name: 'Summary reel A' });
    const summary = { id: device.id, name: 'Mover', dev_eui: devEui, is_sabotaged: false, battery_level_low: false };
    expect((await assetDevices(a)).devices).toEqual([summary]);

    const path = `/api/devices/${device.id}`;
    const moved = await as('user', 'PUT', path, { asset: b, version: 1 });
    expect(moved.body.asset).toEqual({ id: b, name: 'Summary reel B' });
    expect((await assetDevices(a)).devices).toEqual([]);
    expect((await assetDevices(b)).devices).toEqual([summary]);

    await as('user', 'PUT', path, { name: 'Renamed', version: 2 });
    expect((await assetDevices(b)).devices).toEqual([{ ...summary, name: 'Renamed' }]);

    const detached = await as('user', 'PUT', path, { asset: null, version: 3 });
    expect(detached.body.asset).toBeNull();
    expect((await assetDevices(b)).devices).toEqual([]);

    await as('user', 'PUT', path, { asset: a, version: 4 });
    expect((await assetDevices(a)).devices).toHaveLength(1);
    expect((await as('admin', 'DELETE', path)).status).toBe(204);
    expect((await assetDevices(a)).devices).toEqual([]);
  });

  it('reset-sabotaged clears the device and its asset’s summary', async () => {
    const assetId = await newAsset('Sabotage reel');
    const { body: device } = await create({ dev_eui: newDevEui(), asset: assetId });
    // The pipeline sets the marker; here it is set on both items directly.
    const key = { pk: 'T#1#DEVICE', sk: `DEVICE#${String(device.id).padStart(10, '0')}` };
    await db.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: key,
        UpdateExpression: 'SET is_sabotaged = :t',
        ExpressionAttributeValues: { ':t': true },
      }),
    );
    const assetKey = { pk: 'T#1#ASSET', sk: `ASSET#${String(assetId).padStart(10, '0')}` };
    await db.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: assetKey,
        UpdateExpression: 'SET devices[0].is_sabotaged = :t',
        ExpressionAttributeValues: { ':t': true },
      }),
    );
    const reset = await as('user', 'POST', `/api/devices/${device.id}/reset-sabotaged`);
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ is_sabotaged: false, version: 2 });
    expect((await assetDevices(assetId)).devices[0]?.is_sabotaged).toBe(false);
  });
});

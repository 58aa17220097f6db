import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { withEffects } from '../../functions/lib/effects/with-effects';
import { REGION, TABLE_NAME } from '../../scripts/local/config';
import { deviceUpdateInputSchema } from '../../shared/schemas/device';
import { call, tokenOf } from '../harness/api';
import { localTable, readStack } from '../harness/stack';
import { publishMqtt, type Uplink, waitFor } from '../harness/uplinks';

/**
 * People editing while tags report (docs/decisions/0242-versions-are-for-people-s-saves-tags-move-no-version.md). The version moves only
 * with people's saves; a save writes only what it changes and the pipeline only its own attributes, so neither
 * puts the other's state back; If-Match / ETag and the body's version are optional conditions; two saves of the
 * same version never both win. Each test makes its own asset and tag.
 */
type LastEvent = { date: string; latitude: number | null; longitude: number | null };
type Asset = {
  id: number;
  name: string;
  version: number;
  description: string | null;
  last_event: LastEvent | null;
  lastLocationUpdate: string | null;
  devices: { id: number; battery_level_low: boolean }[];
};
type Device = { id: number; name: string | null; version: number; battery_level_low: boolean; last_event: unknown };

const runPrefix = (Date.now() % 0xffffffff).toString(16).toUpperCase().padStart(8, '0');
let serial = 0;
const newDevEui = () => `${runPrefix}${(++serial + 0x2000).toString(16).toUpperCase().padStart(8, '0')}`;
const T0 = Math.floor(Date.now() / 1000) * 1000;

let admin: string;
let superadmin: string;
let zoneId: number;

const getAsset = (id: number) => call<Asset>('GET', `/api/assets/${id}`, { token: admin });
const getDevice = (id: number) => call<Device>('GET', `/api/devices/${id}`, { token: admin });
const putAsset = (id: number, body: Record<string, unknown>, headers?: Record<string, string>) =>
  call<Asset>('PUT', `/api/assets/${id}`, { token: admin, body, headers });
const putDevice = (id: number, body: Record<string, unknown>, headers?: Record<string, string>) =>
  call<Device>('PUT', `/api/devices/${id}`, { token: admin, body, headers });

/** A new tag on a new asset in a seeded zone, so an uplink far away sets the asset's outside state. */
async function tagOnAsset() {
  const devEui = newDevEui();
  const device = await call<Device>('POST', '/api/devices', {
    token: superadmin,
    body: { dev_eui: devEui, name: 'Tag' },
  });
  expect(device.status).toBe(201);
  const asset = await call<Asset>('POST', '/api/assets', {
    token: admin,
    body: { name: `Versions ${devEui}`, devices: [device.body.id], geo_zone: zoneId },
  });
  expect(asset.status).toBe(201);
  return { devEui, deviceId: device.body.id, assetId: asset.body.id };
}

/** An uplink `minutes` after T0, far outside every seeded zone, with the battery low. */
const uplink = (devEui: string, minutes: number): Uplink => ({
  devEui,
  at: new Date(T0 + minutes * 60_000),
  payload: {
    eventType: 'moving',
    fix: { latitude: 40 + minutes / 1000, longitude: -3, accuracy: 10 },
    batteryLow: true,
  },
});

async function reportAndWait(devEui: string, assetId: number, minutes: number) {
  const sent = uplink(devEui, minutes);
  await publishMqtt(sent);
  const reported = await waitFor(
    async () => (await getAsset(assetId)).body,
    (asset) => asset.last_event?.date === sent.at.toISOString(),
  );
  // The geocoder is a pipeline writer too (docs/decisions/0248): its address lands after the processor's write,
  // so the pipeline's state is settled only once the fix's address is on the asset and on its device.
  await waitFor(
    async () => {
      const asset = await rawItem('ASSET', assetId);
      const deviceId = (asset.devices as Asset['devices'])[0]?.id;
      const device = deviceId === undefined ? undefined : await rawItem('DEVICE', deviceId);
      return [asset, device].map((item) => item?.last_event as { date?: string; city?: string | null } | undefined);
    },
    (events) => events.every((event) => event?.date === sent.at.toISOString() && Boolean(event.city)),
  );
  return reported;
}

const rawItem = async (type: 'ASSET' | 'DEVICE', id: number) =>
  (
    await localTable().client.send(
      new GetCommand({
        TableName: TABLE_NAME,
        Key: { pk: `T#1#${type}`, sk: `${type}#${String(id).padStart(10, '0')}` },
      }),
    )
  ).Item as Record<string, unknown>;

/** What the pipeline owns on the asset and the device (docs/data-model.md, "Who writes which attributes"). */
const pipelineState = async (assetId: number, deviceId: number) => {
  const asset = await rawItem('ASSET', assetId);
  const device = await rawItem('DEVICE', deviceId);
  return {
    asset: {
      last_event: asset.last_event,
      lastLocationUpdate: asset.lastLocationUpdate,
      lastCommunication: asset.lastCommunication,
      zone_membership: asset.zone_membership,
      battery: (asset.devices as Asset['devices'])[0]?.battery_level_low,
    },
    device: { last_event: device.last_event, battery_level_low: device.battery_level_low },
  };
};

beforeAll(async () => {
  admin = await tokenOf('admin');
  superadmin = await tokenOf('superadmin');
  const zones = await call<{ 'hydra:member': { id: number }[] }>('GET', '/api/geo-zones?pagination=false', {
    token: admin,
  });
  zoneId = (zones.body['hydra:member'][0] as { id: number }).id;
  // The in-process writes below run against the test stack's table, as the API does.
  Object.assign(process.env, { TABLE_NAME, AWS_REGION: REGION, DYNAMODB_ENDPOINT: localTable().endpoint });
});

/** A write called past the HTTP layer runs as its request would: in an invocation, whose effects leave at its end. */
const asRequest = <T>(work: () => Promise<T>): Promise<T> => withEffects('worker', work)(undefined);

describe('a tag reporting while a person edits', () => {
  it('moves no version, so a form read before an uplink saves after it without undoing it', async () => {
    const { devEui, deviceId, assetId } = await tagOnAsset();
    const read = (await getAsset(assetId)).body;
    const readDevice = (await getDevice(deviceId)).body;
    const reported = await reportAndWait(devEui, assetId, 1);
    expect(reported.version).toBe(read.version);
    expect((await getDevice(deviceId)).body.version).toBe(readDevice.version);
    const state = await pipelineState(assetId, deviceId);
    expect(state.asset.zone_membership).toBeDefined();
    expect(state.asset.battery).toBe(true);

    const saved = await putAsset(assetId, { name: read.name, description: 'Edited', version: read.version });
    expect(saved.status).toBe(200);
    expect(saved.body.version).toBe(read.version + 1);
    const savedDevice = await putDevice(deviceId, { name: 'Renamed tag', version: readDevice.version });
    expect(savedDevice.status).toBe(200);

    expect(await pipelineState(assetId, deviceId)).toEqual(state);
    expect((await getAsset(assetId)).body.description).toBe('Edited');
  });

  it('a save whose read was older than an uplink writes only its own fields (the race inside the API)', async () => {
    const { saveAsset } = await import('../../functions/lib/assets/asset-writes');
    const { assetRepository } = await import('../../functions/lib/assets/asset-repository');
    const { saveDevice } = await import('../../functions/lib/devices/device-writes');
    const { deviceRepository } = await import('../../functions/lib/devices/device-repository');
    const { systemTenantContext } = await import('../../functions/lib/data/system-context');
    const ctx = systemTenantContext(1);
    const { devEui, deviceId, assetId } = await tagOnAsset();
    // What the API read just before the pipeline's write landed: saved afterwards, as if in between.
    const staleAsset = await assetRepository.getOrThrow(ctx, assetId);
    const staleDevice = await deviceRepository.getOrThrow(ctx, deviceId);
    await reportAndWait(devEui, assetId, 2);
    const state = await pipelineState(assetId, deviceId);

    await asRequest(() => saveAsset(ctx, staleAsset, { ...staleAsset, description: 'Edited meanwhile' }, undefined));
    await asRequest(() => saveDevice(ctx, staleDevice, deviceUpdateInputSchema.parse({ notes: 'Edited meanwhile' })));

    expect(await pipelineState(assetId, deviceId)).toEqual(state);
    expect((await getAsset(assetId)).body.description).toBe('Edited meanwhile');
  });
});

describe('If-Match, ETag and the body version', () => {
  it('answers the version as ETag and takes it back as If-Match; a stale one is 412 and writes nothing', async () => {
    const { assetId, deviceId } = await tagOnAsset();
    const read = await getAsset(assetId);
    expect(read.headers.get('etag')).toBe(`"${read.body.version}"`);
    const first = await putAsset(assetId, { name: 'First' }, { 'if-match': `"${read.body.version}"` });
    expect(first.status).toBe(200);
    expect(first.headers.get('etag')).toBe(`"${read.body.version + 1}"`);

    const stale = await putAsset(assetId, { name: 'Second' }, { 'if-match': `"${read.body.version}"` });
    expect(stale.status).toBe(412);
    expect(stale.body).toMatchObject({ '@type': 'hydra:Error', status: 412, title: 'Precondition Failed' });
    expect((await getAsset(assetId)).body).toMatchObject({ name: 'First', version: read.body.version + 1 });

    const device = await getDevice(deviceId);
    expect(device.headers.get('etag')).toBe(`"${device.body.version}"`);
    const weak = await putDevice(deviceId, { name: 'Weak' }, { 'if-match': `W/"${device.body.version}"` });
    expect(weak.status).toBe(412);
    const gone = await call('DELETE', `/api/devices/${deviceId}`, {
      token: admin,
      headers: { 'if-match': `"${device.body.version + 5}"` },
    });
    expect(gone.status).toBe(412);
    expect((await getDevice(deviceId)).status).toBe(200);
  });

  it('lets the console send If-Match and read ETag across origins (CORS)', async () => {
    const origin = `http://localhost:${readStack().ports.WEB_PORT}`;
    const preflight = await fetch(`${readStack().apiUrl}/api/assets/1`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'if-match' },
    });
    expect(preflight.headers.get('access-control-allow-headers')?.split(',')).toContain('if-match');
    expect(preflight.headers.get('access-control-expose-headers')?.split(',')).toContain('etag');
  });

  it('a stale body version is 409; a save with neither version nor If-Match is unconditional', async () => {
    const { assetId, deviceId } = await tagOnAsset();
    const read = (await getAsset(assetId)).body;
    expect((await putAsset(assetId, { name: 'Moved on', version: read.version })).status).toBe(200);
    const stale = await putAsset(assetId, { name: 'From the old read', version: read.version });
    expect(stale.status).toBe(409);

    const plain = await putAsset(assetId, { name: 'As the spec sends it', description: 'No version' });
    expect(plain.status).toBe(200);
    expect(plain.body).toMatchObject({ name: 'As the spec sends it', version: read.version + 2 });
    const device = await putDevice(deviceId, { name: 'No version either' });
    expect(device.status).toBe(200);
    expect((await getDevice(deviceId)).body.name).toBe('No version either');
  });
});

describe('two saves of the same version at once', () => {
  const outcome = (results: PromiseSettledResult<unknown>[]) => ({
    won: results.filter((r) => r.status === 'fulfilled').length,
    refused: results
      .filter((r): r is PromiseRejectedResult => r.status === 'rejected')
      .map((r) => (r.reason as { status?: number }).status),
  });

  it('over HTTP: exactly one 2xx, the other 409 or 412, for assets and devices', async () => {
    const { assetId, deviceId } = await tagOnAsset();
    const asset = (await getAsset(assetId)).body;
    const assetSaves = await Promise.all([
      putAsset(assetId, { name: 'Writer A', version: asset.version }),
      putAsset(assetId, { name: 'Writer B' }, { 'if-match': `"${asset.version}"` }),
    ]);
    expect((await getAsset(assetId)).body.version).toBe(asset.version + 1);
    // Read after the asset's saves: a rename reaches the device's copy of the asset name (a person's change),
    // as the device's rename reaches the asset's summary of it.
    const device = (await getDevice(deviceId)).body;
    const deviceSaves = await Promise.all([
      putDevice(deviceId, { name: 'Writer A', version: device.version }),
      putDevice(deviceId, { name: 'Writer B', version: device.version }),
    ]);
    for (const saves of [assetSaves, deviceSaves]) {
      const statuses = saves.map((s) => s.status).sort();
      expect(statuses[0]).toBe(200);
      expect([409, 412]).toContain(statuses[1]);
    }
    expect((await getDevice(deviceId)).body.version).toBe(device.version + 1);
  });

  it('in the writes themselves: two saves from the same read, one wins, the other is refused', async () => {
    // Past the API's own check of the version read: only the conditional write can refuse the second.
    const { saveAsset } = await import('../../functions/lib/assets/asset-writes');
    const { assetRepository } = await import('../../functions/lib/assets/asset-repository');
    const { saveDevice } = await import('../../functions/lib/devices/device-writes');
    const { deviceRepository } = await import('../../functions/lib/devices/device-repository');
    const { systemTenantContext } = await import('../../functions/lib/data/system-context');
    const ctx = systemTenantContext(1);
    const { assetId, deviceId } = await tagOnAsset();
    const asset = await assetRepository.getOrThrow(ctx, assetId);
    const assets = await Promise.allSettled(
      ['A', 'B'].map((name) => asRequest(() => saveAsset(ctx, asset, { ...asset, name: `Writer ${name}` }, undefined))),
    );
    expect((await assetRepository.getOrThrow(ctx, assetId)).version).toBe(asset.version + 1);
    const device = await deviceRepository.getOrThrow(ctx, deviceId);
    const devices = await Promise.allSettled(
      ['A', 'B'].map((name) => asRequest(() => saveDevice(ctx, device, deviceUpdateInputSchema.parse({ name })))),
    );
    expect(outcome(assets)).toEqual({ won: 1, refused: [409] });
    expect(outcome(devices)).toEqual({ won: 1, refused: [409] });
    expect((await deviceRepository.getOrThrow(ctx, deviceId)).version).toBe(device.version + 1);
  });
});

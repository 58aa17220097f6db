import { randomBytes } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { DEMO_CODEC, encodeDemoPayload } from '../../scripts/seed/demo-codec';
import { kpnHeaders, senmlBody } from '../../scripts/simulate/bodies';
import { chirpstackBody, ttsBody } from '../../scripts/simulate/network-samples';
import { call } from '../harness/api';
import { encodePercentPayload, LOOPING_CODEC, PERCENT_CODEC, STRINGIFY_REPLACING_CODEC } from '../harness/codecs';
import { saveKpnDestination } from '../harness/kpn-settings';
import { createOwnTenant, type OwnTenant, removeOwnTenant } from '../harness/own-tenant';
import { localTable } from '../harness/stack';
import { publishLorawan, type Uplink, waitFor } from '../harness/uplinks';

/**
 * Devices with a codec profile receiving uplinks through every way in of the local stack: KPN Things
 * (SenML `payload` record), IoT Core for LoRaWAN (the destination rule's message), The Things Stack (no
 * decoded_payload) and ChirpStack (no `object`); the asset moves to the decoded position. A looping codec rejects
 * its own uplink with the reason recorded and holds up nobody else's. In a tenant of this file's own.
 */
type Asset = { last_event: { date: string; latitude: number | null; longitude: number | null } | null };
type Device = { battery_level_low: boolean; is_sabotaged: boolean };
type Tag = { devEui: string; deviceId: number; assetId: number };

const PLUG = `c0dec${randomBytes(2).toString('hex')}-2c3e-4f50-8a61-7b8c9d0e1f20`;
const SECRET = 'Codec-Pipeline-Shared-Secret-2026!#';
let tenant: OwnTenant;
const secrets: Record<string, string> = {};
const profiles: Record<string, number> = {};

const api = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
  call<T>(method, path, { ...tenant.superAdmin, ...(body === undefined ? {} : { body }) });

async function makeProfile(name: string, codec: string, unit: 'V' | '%' = 'V') {
  const thresholds =
    unit === 'V'
      ? { battery_low_below: 3.3, battery_fine_above: 3.4 }
      : { battery_low_below: 20, battery_fine_above: 30 };
  const made = await api<{ id: number }>('POST', '/api/device-profiles', {
    name,
    codec,
    battery_unit: unit,
    ...thresholds,
    uplink_interval_minutes: 60,
    silent_after_intervals: 3,
  });
  expect(made.status).toBe(201);
  return made.body.id;
}

async function newTag(profile: number): Promise<Tag> {
  const devEui = randomBytes(8).toString('hex').toUpperCase();
  const device = await api<{ id: number }>('POST', '/api/devices', { dev_eui: devEui, device_profiles: [profile] });
  expect(device.status).toBe(201);
  const asset = await api<{ id: number }>('POST', '/api/assets', {
    name: `Codec ${devEui}`,
    devices: [device.body.id],
  });
  expect(asset.status).toBe(201);
  return { devEui, deviceId: device.body.id, assetId: asset.body.id };
}

const secondsAgo = (s: number) => new Date(Math.floor(Date.now() / 1000) * 1000 - s * 1000);
/** A GT-2 uplink (the demo codec's layout) at `at`. */
function gt2(tag: Tag, at: Date, latitude: number, longitude: number, frameCounter = 1): Uplink {
  return {
    devEui: tag.devEui,
    at,
    frameCounter,
    payload: { eventType: 'moving' },
    raw: encodeDemoPayload({ latitude, longitude, batteryMv: 3200, motion: true }),
  };
}
const assetOf = async (id: number) => (await api<Asset>('GET', `/api/assets/${id}`)).body;
const movedTo = (tag: Tag, at: Date) =>
  waitFor(
    () => assetOf(tag.assetId),
    (asset) => asset.last_event?.date === at.toISOString(),
  );

const post = (path: string, body: unknown, headers: Record<string, string>) =>
  call('POST', path, { rawBody: typeof body === 'string' ? body : JSON.stringify(body), headers });

beforeAll(async () => {
  tenant = await createOwnTenant('Codec pipeline');
  await saveKpnDestination(tenant.superAdmin, PLUG, SECRET);
  for (const kind of ['tts', 'chirpstack'] as const) {
    const made = await api<{ secret: string }>('POST', `/api/uplink-integrations/${kind}/secret`);
    expect(made.status).toBe(201);
    secrets[kind] = made.body.secret;
  }
  profiles.gt2 = await makeProfile('Geotrax GT-2', DEMO_CODEC);
  profiles.percent = await makeProfile('Parcelbeacon P1', PERCENT_CODEC, '%');
  profiles.loop = await makeProfile('Looping', LOOPING_CODEC);
  profiles.replacing = await makeProfile('Replaces JSON.stringify', STRINGIFY_REPLACING_CODEC(DEMO_CODEC));
});
afterAll(() => removeOwnTenant(tenant));

describe('a codec profile decodes on every way in', () => {
  it('KPN Things: the payload record decoded with the profile, the asset moves', async () => {
    const tag = await newTag(profiles.gt2 as number);
    const at = secondsAgo(60);
    const body = senmlBody(gt2(tag, at, 52.0907, 5.1214));
    expect((await post('/api/things/uplink', body, kpnHeaders(body, PLUG, SECRET))).status).toBe(202);
    expect((await movedTo(tag, at)).last_event).toMatchObject({ latitude: 52.0907, longitude: 5.1214 });
    expect((await api<Device>('GET', `/api/devices/${tag.deviceId}`)).body.battery_level_low).toBe(true);
  });

  it('IoT Core for LoRaWAN: PayloadData on FPort 2 decoded with the profile', async () => {
    const tag = await newTag(profiles.gt2 as number);
    const at = secondsAgo(50);
    await publishLorawan(gt2(tag, at, 51.9225, 4.47917));
    expect((await movedTo(tag, at)).last_event).toMatchObject({ latitude: 51.9225, longitude: 4.47917 });
  });

  it('The Things Stack without decoded_payload and ChirpStack without object', async () => {
    const tts = await newTag(profiles.gt2 as number);
    const at = secondsAgo(40);
    const ttsAnswer = await post('/api/tts/uplink', ttsBody(gt2(tts, at, 52.37, 4.89)), {
      'x-uplink-secret': secrets.tts as string,
    });
    expect(ttsAnswer.status).toBe(202);
    expect((await movedTo(tts, at)).last_event).toMatchObject({ latitude: 52.37, longitude: 4.89 });
    const chirp = await newTag(profiles.gt2 as number);
    const body = chirpstackBody(gt2(chirp, at, 51.44, 5.47));
    const chirpAnswer = await post('/api/chirpstack/uplink?event=up', body, {
      'x-uplink-secret': secrets.chirpstack as string,
    });
    expect(chirpAnswer.status).toBe(202);
    expect((await movedTo(chirp, at)).last_event).toMatchObject({ latitude: 51.44, longitude: 5.47 });
  });

  it('another layout: battery percent against the profile thresholds, sabotage from the codec', async () => {
    const tag = await newTag(profiles.percent as number);
    const at = secondsAgo(30);
    const uplink: Uplink = {
      devEui: tag.devEui,
      at,
      payload: { eventType: 'moving' },
      raw: { hex: encodePercentPayload(52.25, 6.15, 15, true), fPort: 5 },
    };
    await publishLorawan(uplink);
    const asset = await movedTo(tag, at);
    expect(asset.last_event?.latitude).toBeCloseTo(52.25, 4);
    const device = (await api<Device>('GET', `/api/devices/${tag.deviceId}`)).body;
    expect(device).toMatchObject({ battery_level_low: true, is_sabotaged: true });
  });
});

describe('a codec that replaces JSON.stringify', () => {
  // Through which the host once read every answer: its uplinks were thrown back to the queue five times and
  // dead-lettered, taking the processor's time and never reaching the map.
  it('changes nothing the host reads: its uplink is decoded and the asset moves', async () => {
    const tag = await newTag(profiles.replacing as number);
    const at = secondsAgo(15);
    await publishLorawan(gt2(tag, at, 52.2, 5.2));
    const asset = await movedTo(tag, at);
    expect(asset.last_event?.latitude).toBeCloseTo(52.2, 4);
  });
});

describe('a codec that loops', () => {
  it('rejects only its own uplink, with the reason recorded; the next tag’s uplink goes through', async () => {
    const looping = await newTag(profiles.loop as number);
    const good = await newTag(profiles.gt2 as number);
    const at = secondsAgo(20);
    await publishLorawan(gt2(looping, at, 52.0, 5.0));
    await publishLorawan(gt2(good, at, 52.1, 5.1));
    await movedTo(good, at);
    const rejections = await waitFor(
      async () =>
        ((
          await localTable().client.send(
            new QueryCommand({
              TableName: 'tracking',
              KeyConditionExpression: 'pk = :pk AND begins_with(sk, :at)',
              ExpressionAttributeValues: { ':pk': `T#${tenant.tenantId}#REJECTED`, ':at': at.toISOString() },
            }),
          )
        ).Items ?? []) as { devEui: string; reason: string }[],
      (items) => items.some((item) => item.devEui === looping.devEui),
    );
    expect(rejections.find((item) => item.devEui === looping.devEui)?.reason).toBe(
      'Undecodable payload: Codec error: The codec ran longer than 50 ms',
    );
    expect((await assetOf(looping.assetId)).last_event).toBeNull();
  });
});

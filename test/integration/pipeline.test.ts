import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { PLUG_TAKEN } from '../../functions/lib/kpn-things/things-plug';
import { lorawanBody as lorawanBodyOf } from '../../scripts/simulate/bodies';
import { KPN_THINGS_MESSAGES } from '../../shared/schemas/kpn-things';
import { call, tokenOf } from '../harness/api';
import { releaseKpnDestination, saveKpnDestination } from '../harness/kpn-settings';
import { createOwnTenant, removeOwnTenant } from '../harness/own-tenant';
import { localTable, readStack } from '../harness/stack';
import { publish, publishLorawan, publishMqtt, sendKpn, type Uplink, waitFor } from '../harness/uplinks';

/**
 * The device event pipeline through the real local services: ways in (KPN webhook, MQTT on
 * aedes, the LoRaWAN destination's JSON on its topic) -> SQS stand-in -> processor -> the API's answers.
 * The demo tenant's last assets are used (the other tests read the first ones), each by one test only.
 */
type LastEvent = { date: string; latitude: number | null; longitude: number | null; type: string };
type Asset = {
  id: number;
  devices: { id: number; dev_eui: string }[];
  last_event: LastEvent | null;
  lastCommunication: string | null;
};
type Event = {
  id: number;
  date: string;
  latitude: number | null;
  type: string;
  device: { id: number };
  warnings?: string[];
};

const PLUG = '3f0a7c1e-8d2b-4c55-9e61-2b7d0c4a9f10';
const SECRET = 'Pipeline-Test-Shared-Secret-2026!#';

/** Uplink times are minutes after this (whole seconds, as KPN's `bt`): newer than every seeded event. */
const T0 = Math.floor(Date.now() / 1000) * 1000;

let admin: string;
let assets: Asset[];
const take = () => assets.pop() as Asset;

const getAsset = async (id: number) => (await call<Asset>('GET', `/api/assets/${id}`, { token: admin })).body;
const eventsOf = async (deviceId: number, from: Date) =>
  (
    await call<{ 'hydra:member': Event[] }>(
      'GET',
      `/api/events?device.id=${deviceId}&fromDate=${encodeURIComponent(from.toISOString())}&pagination=false`,
      { token: admin },
    )
  ).body['hydra:member'];
const waitForLastEvent = (assetId: number, date: Date) =>
  waitFor(
    () => getAsset(assetId),
    (asset) => asset.last_event?.date === date.toISOString(),
  );

/** An uplink a few metres from where the asset was last seen, `minutes` after T0. */
function near(asset: Asset, minutes: number, metres = 20, extra: Partial<Uplink['payload']> = {}): Uplink {
  const base = asset.last_event ?? { latitude: 52.1, longitude: 5.1 };
  return {
    devEui: (asset.devices[0] as { dev_eui: string }).dev_eui,
    at: new Date(T0 + minutes * 60_000),
    payload: {
      eventType: 'moving',
      fix: { latitude: (base.latitude ?? 52.1) + metres / 111_000, longitude: base.longitude ?? 5.1, accuracy: 10 },
      ...extra,
    },
  };
}

beforeAll(async () => {
  admin = await tokenOf('admin');
  const list = await call<{ 'hydra:member': Asset[] }>('GET', '/api/assets?pagination=false&order[id]=asc', {
    token: admin,
  });
  assets = list.body['hydra:member'].filter((a) => a.devices.length === 1 && a.last_event?.latitude != null);
  // Over whatever demo's settings are now (another file may have saved some): the version read goes along.
  await saveKpnDestination(admin, PLUG, SECRET);
});

afterAll(async () => {
  await releaseKpnDestination(admin);
});

describe('device event pipeline', () => {
  it('moves an asset by a KPN Things uplink with a correct token, and shows its event', async () => {
    const asset = take();
    const uplink = near(asset, 1);
    const response = await sendKpn(uplink, PLUG, SECRET);
    expect(response.status).toBe(202);
    const moved = await waitForLastEvent(asset.id, uplink.at);
    expect(moved.last_event?.latitude).toBeCloseTo(uplink.payload.fix?.latitude as number, 5);
    expect(moved.lastCommunication).not.toBeNull();
    const events = await eventsOf(asset.devices[0]?.id as number, uplink.at);
    expect(events.map((e) => [e.date, e.type])).toEqual([[uplink.at.toISOString(), 'moving']]);
  });

  it('answers 403 to a wrong token and writes nothing', async () => {
    const asset = take();
    const wrong = near(asset, 2);
    const right = near(asset, 3, 40);
    for (const [plug, token] of [
      [PLUG, 'f'.repeat(64)],
      [PLUG, undefined as unknown as string],
      ['0000-unknown-plug', undefined as unknown as string],
    ] as const) {
      const response = await sendKpn(wrong, plug, plug === PLUG ? 'Not-The-Secret-0000000000000000!' : SECRET, token);
      expect(response.status).toBe(403);
    }
    // The tag's queue is in order: once the later uplink is in, the refused one would have been too.
    expect((await sendKpn(right, PLUG, SECRET)).status).toBe(202);
    await waitForLastEvent(asset.id, right.at);
    const events = await eventsOf(asset.devices[0]?.id as number, wrong.at);
    expect(events.map((e) => e.date)).toEqual([right.at.toISOString()]);
  });

  it('moves an asset by an MQTT message on tracking/<DEVEUI>/uplink', async () => {
    const asset = take();
    const uplink = near(asset, 1, 30, { eventType: 'still' });
    await publishMqtt(uplink);
    const moved = await waitForLastEvent(asset.id, uplink.at);
    expect(moved.last_event?.type).toBe('still');
    expect((await eventsOf(asset.devices[0]?.id as number, uplink.at)).length).toBe(1);
  });

  it('moves an asset by an IoT Core for LoRaWAN uplink', async () => {
    const asset = take();
    const uplink = { ...near(asset, 1, 25), frameCounter: 41 };
    await publishLorawan(uplink);
    const moved = await waitForLastEvent(asset.id, uplink.at);
    expect(moved.last_event?.longitude).toBeCloseTo(uplink.payload.fix?.longitude as number, 5);
    expect((await eventsOf(asset.devices[0]?.id as number, uplink.at)).map((e) => e.type)).toEqual(['moving']);
  });

  it('gives the same final state and no duplicate events for uplinks replayed 3x in shuffled order', async () => {
    const asset = take();
    const uplinks = [1, 2, 3, 4].map((minute) => near(asset, minute, minute * 15));
    const sends = uplinks.flatMap((uplink) => [
      () => sendKpn(uplink, PLUG, SECRET).then(() => undefined),
      () => publishMqtt(uplink),
      () => publishLorawan({ ...uplink, frameCounter: uplink.at.getMinutes() }),
    ]);
    // A fixed shuffle, so a failure replays the same order.
    const order = [7, 2, 11, 0, 5, 9, 3, 10, 1, 6, 8, 4];
    for (const i of order) await (sends[i] as () => Promise<void>)();
    const newest = uplinks[3] as Uplink;
    // An older uplink sent last: it is kept in the history and tells when the queue behind it is done.
    const sentinel = near(asset, 0.5, 5);
    await publishMqtt(sentinel);
    const deviceId = asset.devices[0]?.id as number;
    const events = await waitFor(
      () => eventsOf(deviceId, sentinel.at),
      (list) => list.some((e) => e.date === sentinel.at.toISOString()),
    );
    expect(events.map((e) => e.date).sort()).toEqual([sentinel, ...uplinks].map((u) => u.at.toISOString()).sort());
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    const final = await getAsset(asset.id);
    expect(final.last_event?.date).toBe(newest.at.toISOString());
    expect(final.last_event?.latitude).toBeCloseTo(newest.payload.fix?.latitude as number, 5);
  });

  it('carries sabotage and low battery to the device, its battery sort key and the asset summary', async () => {
    const asset = take();
    const deviceId = asset.devices[0]?.id as number;
    const uplink = near(asset, 1, 10, { sabotaged: true, batteryLow: true });
    await publishMqtt(uplink);
    await waitForLastEvent(asset.id, uplink.at);
    const device = await call<{ is_sabotaged: boolean; battery_level_low: boolean }>(
      'GET',
      `/api/devices/${deviceId}`,
      {
        token: admin,
      },
    );
    expect(device.body).toMatchObject({ is_sabotaged: true, battery_level_low: true });
    const summary = (await call<{ device_health: unknown }>('GET', `/api/assets/${asset.id}`, { token: admin })).body;
    expect(summary.device_health).toMatchObject({ sabotaged: true, battery_low: true });
    // The device list sorts on the battery flag through gsi8 (device-repository.ts): the key moved with it.
    const item = await localTable().client.send(
      new GetCommand({
        TableName: 'tracking',
        Key: { pk: 'T#1#DEVICE', sk: `DEVICE#${String(deviceId).padStart(10, '0')}` },
      }),
    );
    expect(String(item.Item?.gsi8sk)).toMatch(/^1#/);
  });

  it('lets a save read before a tag report through, never putting the older position and flags back', async () => {
    // The version is people's; the save writes only its own fields (docs/decisions/0242-versions-are-for-people-s-saves-tags-move-no-version.md).
    const asset = take();
    const deviceId = asset.devices[0]?.id as number;
    const read = (
      await call<Asset & { version: number; name: string }>('GET', `/api/assets/${asset.id}`, { token: admin })
    ).body;
    const device = (await call<{ version: number }>('GET', `/api/devices/${deviceId}`, { token: admin })).body;
    const uplink = near(asset, 2, 30, { sabotaged: true });
    await publishMqtt(uplink);
    await waitForLastEvent(asset.id, uplink.at);
    const save = await call('PUT', `/api/assets/${asset.id}`, {
      token: admin,
      body: { name: read.name, version: read.version },
    });
    expect(save.status).toBe(200);
    const deviceSave = await call('PUT', `/api/devices/${deviceId}`, {
      token: await tokenOf('superadmin'),
      body: { name: 'Renamed from a form read before the report', version: device.version },
    });
    expect(deviceSave.status).toBe(200);
    const after = await getAsset(asset.id);
    expect(after.last_event?.date).toBe(uplink.at.toISOString());
    const deviceAfter = await call<{ is_sabotaged: boolean }>('GET', `/api/devices/${deviceId}`, { token: admin });
    expect(deviceAfter.body.is_sabotaged).toBe(true);
  });

  it('keeps a plug UUID to one tenant and asks for a shared secret KPN would accept', async () => {
    // A tenant of the test's own: no settings saved yet whatever other files saved for demo or acme.
    const other = await createOwnTenant('Pipeline plug');
    const otherToken = await tokenOf(other.adminLogin);
    const settings = {
      client_id: 'other',
      client_secret: 'other-secret',
      kpn_tenant_id: 't',
      application_id: 'a',
      project_id: 'p',
      device_group_id: 'g',
      version: null,
    };
    type Violations = { violations: { propertyPath: string; message: string }[] };
    const taken = await call<Violations>('PUT', '/api/kpn-things', {
      token: otherToken,
      body: { ...settings, things_plug_uuid: PLUG.toUpperCase(), things_shared_secret: SECRET },
    });
    expect(taken.status).toBe(422);
    expect(taken.body.violations).toEqual([{ propertyPath: 'things_plug_uuid', message: PLUG_TAKEN }]);
    const weak = await call<Violations>('PUT', '/api/kpn-things', {
      token: otherToken,
      body: { ...settings, things_plug_uuid: 'other-plug', things_shared_secret: 'short' },
    });
    expect(weak.body.violations).toEqual([
      { propertyPath: 'things_shared_secret', message: KPN_THINGS_MESSAGES.things_shared_secret },
    ]);
    const missing = await call<Violations>('PUT', '/api/kpn-things', {
      token: otherToken,
      body: { ...settings, things_plug_uuid: 'other-plug' },
    });
    expect(missing.body.violations).toEqual([
      { propertyPath: 'things_shared_secret', message: KPN_THINGS_MESSAGES.things_shared_secret_required },
    ]);
    // Nothing was stored for the other tenant along the way.
    expect(
      (await call<{ version: number | null }>('GET', '/api/kpn-things', { token: otherToken })).body.version,
    ).toBeNull();
    await removeOwnTenant(other);
  });

  it('drops impossible positions but keeps their uplinks; records bytes alone that do not decode as rejected', async () => {
    const asset = take();
    const devEui = (asset.devices[0] as { dev_eui: string }).dev_eui;
    // A first fix a minute after T0: the jump below is measured from it.
    const anchor = near(asset, 1, 10);
    await publishMqtt(anchor);
    await waitForLastEvent(asset.id, anchor.at);
    const nowhere = near(asset, 2);
    await publish(`tracking/${devEui}/uplink`, {
      devEui,
      time: nowhere.at.toISOString(),
      eventType: 'moving',
      position: { latitude: 0, longitude: 0 },
    });
    const jump = near(asset, 3, 500_000); // 500 km in two minutes
    await publishMqtt(jump);
    const garbled = { ...near(asset, 3.5), frameCounter: 7 };
    await publish('lorawan/uplink', {
      ...lorawanBodyOf(garbled),
      PayloadData: Buffer.from([0xff]).toString('base64'),
    });
    const valid = near(asset, 4, 30);
    await publishMqtt(valid);
    const moved = await waitForLastEvent(asset.id, valid.at);
    expect(moved.last_event?.latitude).toBeCloseTo(valid.payload.fix?.latitude as number, 5);
    // A dropped position leaves the uplink's event without one, saying why (docs/decisions/0246-every-way-in-robust-bad-positions-and-undecodable-payloads-dropped.md).
    const events = await eventsOf(asset.devices[0]?.id as number, anchor.at);
    expect(events.map((e) => [e.date, e.latitude === null, e.warnings ?? []])).toEqual([
      [valid.at.toISOString(), false, []],
      [jump.at.toISOString(), true, [expect.stringMatching(/^Position dropped: Jump of/)]],
      [nowhere.at.toISOString(), true, ['Position dropped: Position 0/0 (a tag without a fix)']],
      [anchor.at.toISOString(), false, []],
    ]);
    const readReasons = async () => {
      const { Items = [] } = await localTable().client.send(
        new QueryCommand({
          TableName: 'tracking',
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
          ExpressionAttributeValues: {
            ':pk': 'T#1#REJECTED',
            ':from': nowhere.at.toISOString(),
            ':to': `${garbled.at.toISOString()}~`,
          },
        }),
      );
      return Items.filter((item) => item.devEui === devEui).map((item) => String(item.reason));
    };
    // The valid uplink came after the garbled one in the tag's queue: its rejection is written by now.
    expect(await readReasons()).toEqual([expect.stringMatching(/^Undecodable payload/)]);
  });

  it('records an uplink of an unknown DEVEUI as rejected, under that DEVEUI', async () => {
    const devEui = 'FFFFFFFF0000F2F2';
    await publish(`tracking/${devEui}/uplink`, {
      devEui,
      time: new Date().toISOString(),
      eventType: 'moving',
      position: { latitude: 52.1, longitude: 5.1 },
    });
    const { client } = localTable();
    const rejections = await waitFor(
      async () =>
        (
          await client.send(
            new QueryCommand({
              TableName: 'tracking',
              KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
              ExpressionAttributeValues: { ':pk': `DEVEUI#${devEui}`, ':prefix': 'REJECTED#' },
            }),
          )
        ).Items ?? [],
      (items) => items.length > 0,
    );
    expect(rejections).toEqual([expect.objectContaining({ reason: 'Unknown DEVEUI', source: 'mqtt', devEui })]);
    expect(readStack().ports.SQS_PORT).toBeGreaterThan(0);
  });
});

import { randomBytes } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { itemKey } from '../../functions/lib/data/keys';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { REGION, TABLE_NAME } from '../../scripts/local/config';
import { call, tokenOf } from '../harness/api';
import { localTable, readStack } from '../harness/stack';
import { publishMqtt, type Uplink, waitFor } from '../harness/uplinks';

/**
 * Addresses through the real local stack: an uplink -> processor -> GeocodeRequested on the
 * EventBridge stand-in -> the geocoder (offline provider, as `npm start`) -> address on the event, the asset
 * and the device. A parked tag does not run the geocoder again (its runs are counted on the stand-in), an older
 * fix's address never lands on a newer position, and the work stays in the uplink's tenant. The Amazon
 * Location and PDOK adapters are tested in geocoder-providers.test.ts. Every tag here is made by the file, in
 * demo and acme.
 */
type Address = {
  street: string | null;
  postal_code: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
};
type LastEvent = Address & { date: string; latitude: number | null; longitude: number | null };
type Asset = { id: number; last_event: LastEvent | null };
type Event = Address & { id: number; date: string; latitude: number | null };
type Tag = { devEui: string; deviceId: number; assetId: number; token: string; tenant: string };
type Delivery = { rule: string; detail: { tenantId: string; deviceId: number; date: string }; ok: boolean };

const UTRECHT = { latitude: 52.0908, longitude: 5.1217 };
const AMSTERDAM = { latitude: 52.3731, longitude: 4.8926 };
const ROTTERDAM = { latitude: 51.9244, longitude: 4.469 };
const ZWOLLE = { latitude: 52.5125, longitude: 6.0944 };

const runPrefix = randomBytes(4).toString('hex').toUpperCase();
let serial = 0;
const newDevEui = () => `${runPrefix}${(++serial + 0x6a00).toString(16).toUpperCase().padStart(8, '0')}`;
/** Uplink times: whole seconds, an hour apart (the moves between cities stay below the speed limit), in the past. */
const T0 = Math.floor(Date.now() / 1000) * 1000 - 24 * 3_600_000;
const at = (hours: number) => new Date(T0 + hours * 3_600_000);

async function newTag(tenant: '1' | '2', login: string): Promise<Tag> {
  const token = await tokenOf(login);
  const devEui = newDevEui();
  const device = await call<{ id: number }>('POST', '/api/devices', {
    token: await tokenOf('superadmin'),
    headers: { 'x-tenant-id': tenant },
    body: { dev_eui: devEui },
  });
  expect(device.status).toBe(201);
  const asset = await call<{ id: number }>('POST', '/api/assets', {
    token,
    body: { name: `Address test ${devEui}`, devices: [device.body.id] },
  });
  expect(asset.status).toBe(201);
  return { devEui, deviceId: device.body.id, assetId: asset.body.id, token, tenant };
}

const uplink = (tag: Tag, when: Date, place: { latitude: number; longitude: number }, north = 0): Uplink => ({
  devEui: tag.devEui,
  at: when,
  payload: {
    eventType: 'moving',
    fix: { latitude: place.latitude + north / 111_320, longitude: place.longitude, accuracy: 10 },
  },
});

const getAsset = async (tag: Tag) =>
  (await call<Asset>('GET', `/api/assets/${tag.assetId}`, { token: tag.token })).body;
const eventsOf = async (tag: Tag) =>
  (
    await call<{ 'hydra:member': Event[] }>('GET', `/api/events?device.id=${tag.deviceId}&pagination=false`, {
      token: tag.token,
    })
  ).body['hydra:member'];
const eventAt = async (tag: Tag, when: Date) => (await eventsOf(tag)).find((e) => e.date === when.toISOString());

/** The geocoder's runs for a tag so far (the local EventBridge stand-in answers once what was put has run). */
async function geocoderRuns(tag: Tag): Promise<Delivery[]> {
  const url = `${readStack().services['EventBridge (pipeline rules)']}/_local/deliveries?rule=GeocodeRequestedToGeocoder`;
  const { deliveries } = (await (await fetch(url)).json()) as { deliveries: Delivery[] };
  return deliveries.filter((d) => d.detail.deviceId === tag.deviceId && d.detail.tenantId === tag.tenant);
}

const waitForAssetCity = (tag: Tag, when: Date, city: string) =>
  waitFor(
    () => getAsset(tag),
    (asset) => asset.last_event?.date === when.toISOString() && asset.last_event.city === city,
  );

describe('addresses through the pipeline (offline geocoder)', () => {
  let tag: Tag;
  beforeAll(async () => {
    tag = await newTag('1', 'admin');
  });

  it('gives the event, the asset and the device the address of a new position', async () => {
    await publishMqtt(uplink(tag, at(1), UTRECHT));
    const asset = await waitForAssetCity(tag, at(1), 'Utrecht');
    expect(asset.last_event).toMatchObject({ city: 'Utrecht', region: 'Utrecht', country: 'NL', street: null });
    expect(await eventAt(tag, at(1))).toMatchObject({ city: 'Utrecht', region: 'Utrecht', country: 'NL' });
    const device = await call<{ last_event: LastEvent }>('GET', `/api/devices/${tag.deviceId}`, { token: tag.token });
    expect(device.body.last_event).toMatchObject({ city: 'Utrecht', date: at(1).toISOString() });
    // The device's geocoded position is the product's own: not in the answer.
    expect(JSON.stringify(device.body)).not.toContain('geocoded');
    expect((await geocoderRuns(tag)).map((d) => d.detail.date)).toEqual([at(1).toISOString()]);
  });

  it('does not run the geocoder for a parked tag: its next fix keeps the address', async () => {
    await publishMqtt(uplink(tag, at(2), UTRECHT, 6));
    // Proven against what came after it: the move that follows runs the geocoder, the parked fix never did.
    await publishMqtt(uplink(tag, at(3), AMSTERDAM));
    await waitForAssetCity(tag, at(3), 'Amsterdam');
    expect((await geocoderRuns(tag)).map((d) => d.detail.date)).toEqual([at(1).toISOString(), at(3).toISOString()]);
    expect(await eventAt(tag, at(2))).toMatchObject({ city: 'Utrecht', region: 'Utrecht' });
  });

  it("never puts an older position's address on a newer position", async () => {
    // Two moves queued back to back: whichever answer comes last, the asset ends with the newer one's.
    await publishMqtt(uplink(tag, at(4), ROTTERDAM));
    await publishMqtt(uplink(tag, at(5), ZWOLLE));
    await waitForAssetCity(tag, at(5), 'Zwolle');
    // A late answer for an older fix (a retry, a slow provider): only its own event takes it.
    process.env.TABLE_NAME = TABLE_NAME;
    process.env.AWS_REGION = REGION;
    process.env.DYNAMODB_ENDPOINT = `http://127.0.0.1:${readStack().ports.DYNAMODB_PORT}`;
    process.env.GEOCODER_PROVIDER = 'offline';
    const { geocode } = await import('../../functions/pipeline/geocoder');
    const rotterdam = await eventAt(tag, at(4));
    await geocode({
      tenantId: '1',
      deviceId: tag.deviceId,
      assetId: tag.assetId,
      eventId: rotterdam?.id as number,
      date: at(4).toISOString(),
      latitude: ROTTERDAM.latitude,
      longitude: ROTTERDAM.longitude,
      accuracy: 10,
    });
    expect((await getAsset(tag)).last_event).toMatchObject({ city: 'Zwolle', date: at(5).toISOString() });
    expect(await eventAt(tag, at(4))).toMatchObject({ city: 'Rotterdam' });
    const device = await call<{ last_event: LastEvent }>('GET', `/api/devices/${tag.deviceId}`, { token: tag.token });
    expect(device.body.last_event).toMatchObject({ city: 'Zwolle' });
    // Zwolle stays the geocoded position: a fix next to it keeps its address without a run.
    const before = (await geocoderRuns(tag)).length;
    await publishMqtt(uplink(tag, at(6), ZWOLLE, 5));
    await publishMqtt(uplink(tag, at(7), UTRECHT));
    await waitForAssetCity(tag, at(7), 'Utrecht');
    expect((await geocoderRuns(tag)).length).toBe(before + 1);
    expect(await eventAt(tag, at(6))).toMatchObject({ city: 'Zwolle' });
  });

  it("keeps the work in the uplink's tenant", async () => {
    const acme = await newTag('2', 'acme-admin');
    await publishMqtt(uplink(acme, at(1), ROTTERDAM));
    await waitForAssetCity(acme, at(1), 'Rotterdam');
    const runs = await geocoderRuns(acme);
    expect(runs.map((d) => d.detail.tenantId)).toEqual(['2']);
    // Demo's admin asking for that id gets demo's own asset of that number (or none), never acme's tag.
    const fromDemo = await call('GET', `/api/assets/${acme.assetId}`, { token: await tokenOf('admin') });
    expect(JSON.stringify(fromDemo.body)).not.toContain(acme.devEui);
    // Only acme sees where its tag is: its own admin reads the address.
    expect((await getAsset(acme)).last_event).toMatchObject({ city: 'Rotterdam', region: 'Zuid-Holland' });
  });
});

describe('attacks on the geocoder', () => {
  const pointAtLocalTable = () => {
    process.env.TABLE_NAME = TABLE_NAME;
    process.env.AWS_REGION = REGION;
    process.env.DYNAMODB_ENDPOINT = `http://127.0.0.1:${readStack().ports.DYNAMODB_PORT}`;
    process.env.GEOCODER_PROVIDER = 'offline';
  };

  it('drops a GeocodeRequested whose detail is not a request (no retry, nothing written)', async () => {
    pointAtLocalTable();
    const { handler } = await import('../../functions/pipeline/geocoder');
    const valid = {
      tenantId: '1',
      deviceId: 1,
      assetId: 1,
      eventId: 1,
      date: at(0).toISOString(),
      latitude: 52.09,
      longitude: 5.12,
      accuracy: 10,
    };
    for (const detail of [
      null,
      'GEOCODE#amazon',
      { ...valid, tenantId: '1#ASSET' },
      { ...valid, tenantId: '../2' },
      { ...valid, latitude: 1000 },
      { ...valid, longitude: Number.NaN },
      { ...valid, deviceId: -1 },
      { ...valid, date: 'yesterday' },
      { ...valid, accuracy: 1e12 },
      { ...valid, eventId: undefined },
    ])
      await expect(handler({ id: 'attack', 'detail-type': 'GeocodeRequested', detail })).resolves.toBeUndefined();
  });

  it('creates no item for a device, event or asset the tenant does not have', async () => {
    pointAtLocalTable();
    const { geocode } = await import('../../functions/pipeline/geocoder');
    const missing = 999_999_901;
    await geocode({
      tenantId: '2',
      deviceId: missing,
      assetId: missing,
      eventId: missing,
      date: at(0).toISOString(),
      latitude: UTRECHT.latitude,
      longitude: UTRECHT.longitude,
      accuracy: 10,
    });
    const { client } = localTable();
    const acme = systemTenantContext('2');
    for (const type of ['DEVICE', 'ASSET']) {
      const { Item } = await client.send(new GetCommand({ TableName: TABLE_NAME, Key: itemKey(acme, type, missing) }));
      expect(Item).toBeUndefined();
    }
    const { Items: events } = await client.send(
      new QueryCommand({
        TableName: TABLE_NAME,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `T#2#DEVICE#${missing}#EVENTS` },
      }),
    );
    expect(events ?? []).toEqual([]);
  });
});

import { randomBytes } from 'node:crypto';
import { mqttJson } from '../../scripts/simulate/bodies';
import { call, tokenOf } from '../harness/api';
import { publish, publishMqtt, type Uplink, waitFor } from '../harness/uplinks';

/**
 * One accepted outlier holds no tag hostage, through the real local pipeline (MQTT -> queue -> processor -> the
 * API's answers; docs/decisions/0323-dropped-fixes-that-agree-outvote-an-accepted-outlier.md): a tag's first
 * uplink after a night is a network solve 300 km off that claims 20 m, and is taken (nothing tells it from a truck
 * ride yet); the tag's next fix at the depot is dropped, the one after it agrees with it and outvotes the solve,
 * whose event is marked; the asset follows the depot's fixes. The rule of the last accepted fix alone would have
 * dropped the depot's fixes for two hours. A tag of this file's own, in demo.
 */
type LastEvent = { date: string; latitude: number | null; longitude: number | null };
type Asset = { id: number; last_event: LastEvent | null; lastLocationUpdate: string | null };
type Dropped = { latitude: number; longitude: number; radius: number | null; source: string; reason: string };
type Event = {
  date: string;
  latitude: number | null;
  source?: string | null;
  warnings?: string[];
  dropped?: Dropped[];
  outlier?: string;
};
type Tag = { devEui: string; deviceId: number; assetId: number; token: string };

const DEPOT = { latitude: 52.0318, longitude: 5.0946 };
/** 300 km east of the depot (a solve of gateways far away). */
const WRONG = { latitude: 52.0318, longitude: 5.0946 + 300_000 / (111_320 * Math.cos((52.03 * Math.PI) / 180)) };
/** Uplink times: whole seconds, in the past (the file's own tag has no later events). */
const T0 = Math.floor(Date.now() / 1000) * 1000 - 24 * 3_600_000;
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

async function newTag(): Promise<Tag> {
  const token = await tokenOf('admin');
  const devEui = randomBytes(8).toString('hex').toUpperCase();
  const device = await call<{ id: number }>('POST', '/api/devices', {
    token: await tokenOf('superadmin'),
    headers: { 'x-tenant-id': '1' },
    body: { dev_eui: devEui },
  });
  expect(device.status).toBe(201);
  const asset = await call<{ id: number }>('POST', '/api/assets', {
    token,
    body: { name: `Outlier test ${devEui}`, devices: [device.body.id] },
  });
  expect(asset.status).toBe(201);
  return { devEui, deviceId: device.body.id, assetId: asset.body.id, token };
}

const gnssAt = (tag: Tag, minutes: number, north = 0): Uplink => ({
  devEui: tag.devEui,
  at: at(minutes),
  payload: {
    eventType: 'moving',
    fix: { latitude: DEPOT.latitude + north / 111_320, longitude: DEPOT.longitude, accuracy: 10 },
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
const eventAt = (events: Event[], when: Date) => events.find((e) => e.date === when.toISOString());

/** Sends one uplink and waits until the asset has it (its last event's date moves with a dropped fix too). */
async function sent(tag: Tag, send: () => Promise<void>, when: Date) {
  await send();
  await waitFor(
    () => getAsset(tag),
    (asset) => asset.last_event?.date === when.toISOString(),
  );
}

describe('one accepted outlier does not hold a tag hostage (through the pipeline)', () => {
  it('drops the next fix, outvotes the outlier with the one after it, marks it, and moves the asset back', async () => {
    const tag = await newTag();
    // The evening before: the tag at the depot.
    await sent(tag, () => publishMqtt(gnssAt(tag, 0)), at(0));
    // Its first uplink of the morning: a network solve 300 km off that claims 20 m (300 km in 10 h: taken).
    const wrong = { ...mqttJson(gnssAt(tag, 600)), position: { ...WRONG, accuracy: 20, source: 'network' } };
    await sent(tag, () => publish(`tracking/${tag.devEui}/uplink`, wrong), at(600));
    expect((await getAsset(tag)).last_event).toMatchObject({ longitude: WRONG.longitude });
    // The depot again: 300 km in 5 minutes from the solve, dropped; 5 minutes later again: it agrees.
    await sent(tag, () => publishMqtt(gnssAt(tag, 605, 5)), at(605));
    await sent(tag, () => publishMqtt(gnssAt(tag, 610, 12)), at(610));
    await sent(tag, () => publishMqtt(gnssAt(tag, 615, 20)), at(615));

    const asset = await getAsset(tag);
    expect(asset.last_event).toMatchObject({ longitude: DEPOT.longitude, date: at(615).toISOString() });
    expect(asset.last_event?.latitude).toBeCloseTo(DEPOT.latitude + 20 / 111_320, 6);
    expect(asset.lastLocationUpdate).toBe(at(615).toISOString());

    const events = await eventsOf(tag);
    // The solve keeps its position and says why it is an outlier.
    expect(eventAt(events, at(600))).toMatchObject({ latitude: WRONG.latitude, source: 'network' });
    expect(eventAt(events, at(600))?.outlier).toMatch(/^Outlier: the 2 positions after it .* agree with each other/);
    // The dropped fix is on its event, with its reason, for the history map.
    const dropped = eventAt(events, at(605));
    expect(dropped).toMatchObject({ latitude: null, source: null });
    expect(dropped?.dropped).toEqual([
      {
        latitude: DEPOT.latitude + 5 / 111_320,
        longitude: DEPOT.longitude,
        radius: 10,
        source: 'gnss',
        reason: expect.stringMatching(/^Jump of \d+ m in 300 s .* is faster than 150 km\/h$/),
      },
    ]);
    expect(dropped?.warnings).toEqual([`Position dropped: ${dropped?.dropped?.[0]?.reason}`]);
    // The fixes after it are taken, and none of the others is marked or dropped.
    for (const minutes of [0, 610, 615]) {
      const event = eventAt(events, at(minutes));
      expect(event?.latitude).not.toBeNull();
      expect(event).not.toHaveProperty('outlier');
      expect(event).not.toHaveProperty('dropped');
    }
  });

  it('lets neither a late uplink nor two agreeing wrong fixes move a confirmed track', async () => {
    const tag = await newTag();
    const wrongAt = (minutes: number) => ({
      ...mqttJson(gnssAt(tag, minutes)),
      position: { ...WRONG, accuracy: 20, source: 'network' },
    });
    for (const minutes of [0, 10, 20]) await sent(tag, () => publishMqtt(gnssAt(tag, minutes, minutes)), at(minutes));
    // Late (older than the last event): judged against the last fix only, it changes no track.
    await publish(`tracking/${tag.devEui}/uplink`, wrongAt(15));
    await waitFor(
      () => eventsOf(tag),
      (events) => eventAt(events, at(15)) !== undefined,
    );
    // Two wrong fixes that agree: had the late one become the suspect, these would be three and outvote the track.
    await sent(tag, () => publish(`tracking/${tag.devEui}/uplink`, wrongAt(25)), at(25));
    await sent(tag, () => publish(`tracking/${tag.devEui}/uplink`, wrongAt(27)), at(27));
    expect((await getAsset(tag)).last_event?.latitude).toBeCloseTo(DEPOT.latitude + 20 / 111_320, 6);
    await sent(tag, () => publishMqtt(gnssAt(tag, 30, 30)), at(30));

    const events = await eventsOf(tag);
    for (const minutes of [15, 25, 27]) {
      expect(eventAt(events, at(minutes))).toMatchObject({ latitude: null });
      expect(eventAt(events, at(minutes))?.dropped).toEqual([expect.objectContaining({ source: 'network' })]);
    }
    expect(eventAt(events, at(20))).not.toHaveProperty('outlier');
    expect((await getAsset(tag)).last_event?.latitude).toBeCloseTo(DEPOT.latitude + 30 / 111_320, 6);
  });
});

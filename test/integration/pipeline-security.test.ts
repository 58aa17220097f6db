import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { REGION } from '../../scripts/local/config';
import { mqttJson } from '../../scripts/simulate/bodies';
import { call, tokenOf } from '../harness/api';
import { releaseKpnDestination, saveKpnDestination } from '../harness/kpn-settings';
import { foreignRefusals } from '../harness/rejections';
import { localTable, readStack } from '../harness/stack';
import { publish, publishLorawan, publishMqtt, sendKpn, type Uplink, waitFor } from '../harness/uplinks';

/**
 * Attacks on the device event pipeline through the real local stack: a tenant's
 * KPN destination writing another tenant's tag (refused at ingest and counted; uplink-fair-share.test.ts floods it), uplinks stamped in the future on every way in, an MQTT
 * message for another tag than its topic's or for several, and a queued message of the older format without
 * a tenant. Each refusal is waited for as its rejection item, then the victim's state is checked unchanged.
 */
type LastEvent = { date: string; latitude: number | null; longitude: number | null };
type Asset = { id: number; devices: { id: number; dev_eui: string }[]; last_event: LastEvent | null };
type Rejection = { reason: string; devEui: string | null; measuredAt?: string; source: string };

const DEMO_PLUG = '7c3d9a10-5e2f-4b8a-9c41-0d6e2f8a1b23';
const DEMO_SECRET = 'Demo-Security-Shared-Secret-2026!#';
const ACME_PLUG = '9b1e4c27-3a5d-4f60-8e12-7c9d0a3b5e44';
const ACME_SECRET = 'Acme-Security-Shared-Secret-2026!#';
const YEAR_MS = 365 * 86_400_000;

let admin: string;
let assets: Asset[];
const take = () => assets.shift() as Asset;
const devEuiOf = (asset: Asset) => (asset.devices[0] as { dev_eui: string }).dev_eui;
const getAsset = async (id: number) => (await call<Asset>('GET', `/api/assets/${id}`, { token: admin })).body;
/** Whole seconds (KPN's `bt`), a moment after the asset's seeded last event. */
const now = () => new Date(Math.floor(Date.now() / 1000) * 1000);

/** An uplink a few metres from where the asset was last seen, measured at `at`. */
const near = (asset: Asset, at: Date, metres = 20): Uplink => ({
  devEui: devEuiOf(asset),
  at,
  payload: {
    eventType: 'moving',
    fix: {
      latitude: (asset.last_event?.latitude ?? 52.1) + metres / 111_000,
      longitude: asset.last_event?.longitude ?? 5.1,
      accuracy: 10,
    },
  },
});

const query = async (pk: string, prefix: string) =>
  ((
    await localTable().client.send(
      new QueryCommand({
        TableName: 'tracking',
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
      }),
    )
  ).Items ?? []) as (Rejection & { pk: string; sk: string })[];

/** Waits for a rejection in `pk` whose reason matches, for the DEVEUI. */
const waitForRejection = (pk: string, prefix: string, devEui: string, reason: RegExp) =>
  waitFor(
    () => query(pk, prefix),
    (items) => items.some((item) => item.devEui === devEui && reason.test(item.reason)),
  ).then((items) => items.filter((item) => item.devEui === devEui && reason.test(item.reason)));

beforeAll(async () => {
  admin = await tokenOf('admin');
  const list = await call<{ 'hydra:member': Asset[] }>('GET', '/api/assets?pagination=false&order[id]=asc', {
    token: admin,
  });
  const placed = list.body['hydra:member'].filter((a) => a.devices.length === 1 && a.last_event?.latitude != null);
  // A quarter in: pipeline.test.ts moves the last assets, alarms-pipeline.test.ts one in the middle.
  assets = placed.slice(Math.floor(placed.length / 4));
  // Over whatever settings the tenants have now (another file may have saved some): the version read goes along.
  await saveKpnDestination(admin, DEMO_PLUG, DEMO_SECRET);
  await saveKpnDestination(await tokenOf('acme-admin'), ACME_PLUG, ACME_SECRET);
});

afterAll(async () => {
  await releaseKpnDestination(admin);
  await releaseKpnDestination(await tokenOf('acme-admin'));
});

describe('a tenant proves its uplinks', () => {
  it("refuses acme's KPN destination writing demo's tag at ingest and counts the refusal for acme", async () => {
    const asset = take();
    const before = await getAsset(asset.id);
    const counted = (await foreignRefusals(2)).total;
    const uplink = near(asset, now());
    // Answered as any uplink is: the answer does not tell a held DEVEUI from a free one.
    const answer = await sendKpn(uplink, ACME_PLUG, ACME_SECRET);
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ accepted: 1 });
    // Counted before the answer (docs/decisions/0288-uplinks-queue-per-tenant-and-deveui-another-tenant-s-tag-is-refused-at-ingest-and-counted.md), in acme's one item of the day.
    const after = await foreignRefusals(2);
    expect(after.total).toBeGreaterThan(counted);
    // The reason tells acme nothing about who holds the tag.
    for (const item of after.items) expect(item.reason).not.toMatch(/demo|\b1\b/);
    expect((await getAsset(asset.id)).last_event).toEqual(before.last_event);
    const events = await call<{ 'hydra:member': unknown[] }>(
      'GET',
      `/api/events?device.id=${asset.devices[0]?.id}&fromDate=${encodeURIComponent(uplink.at.toISOString())}`,
      { token: admin },
    );
    expect(events.body['hydra:member']).toEqual([]);
  });

  it('refuses and records a queued uplink of the older format, without a tenant', async () => {
    const asset = take();
    const before = await getAsset(asset.id);
    const at = now();
    const { tenant: _none, ...old } = {
      tenant: '1',
      devEui: devEuiOf(asset),
      source: 'mqtt',
      measuredAt: at.toISOString(),
      receivedAt: at.toISOString(),
      decoded: near(asset, at).payload,
    };
    const sqs = new SQSClient({
      region: REGION,
      endpoint: `http://127.0.0.1:${readStack().ports.SQS_PORT}`,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    await sqs.send(
      new SendMessageCommand({
        QueueUrl: `http://127.0.0.1:${readStack().ports.SQS_PORT}/000000000000/tracking-uplinks.fifo`,
        MessageBody: JSON.stringify(old),
        MessageGroupId: old.devEui,
        MessageDeduplicationId: `old-format-${at.getTime()}`,
      }),
    );
    await waitForRejection(`DEVEUI#${old.devEui}`, 'REJECTED#', old.devEui, /tenant/);
    expect((await getAsset(asset.id)).last_event).toEqual(before.last_event);
  });
});

describe('uplinks from the future', () => {
  const ways = {
    kpn: (uplink: Uplink) => sendKpn(uplink, DEMO_PLUG, DEMO_SECRET).then((r) => expect(r.status).toBe(202)),
    mqtt: publishMqtt,
    lorawan: (uplink: Uplink) => publishLorawan({ ...uplink, frameCounter: uplink.at.getUTCSeconds() }),
  };
  it.each(Object.keys(ways) as (keyof typeof ways)[])(
    'refuses an uplink stamped a year ahead by %s, and still applies a later real one',
    async (way) => {
      const asset = take();
      const before = await getAsset(asset.id);
      const future = near(asset, new Date(now().getTime() + YEAR_MS), 30);
      await ways[way](future);
      const [rejection] = await waitForRejection(
        'T#1#REJECTED',
        future.at.toISOString(),
        future.devEui,
        /ahead of its receive time/,
      );
      expect(rejection?.source).toBe(way);
      expect((await getAsset(asset.id)).last_event).toEqual(before.last_event);
      const real = near(asset, now(), 10);
      await ways[way](real);
      const moved = await waitFor(
        () => getAsset(asset.id),
        (a) => a.last_event?.date === real.at.toISOString(),
      );
      expect(moved.last_event?.latitude).toBeCloseTo(real.payload.fix?.latitude as number, 5);
    },
  );
});

describe('an MQTT message speaks for its topic’s tag only', () => {
  it('refuses a publish to tracking/<A>/uplink carrying tag B, recorded under A', async () => {
    const [a, b] = [take(), take()];
    const beforeB = await getAsset(b.id);
    const forged = near(b, now());
    await publish(`tracking/${devEuiOf(a)}/uplink`, mqttJson(forged));
    await waitForRejection(`DEVEUI#${devEuiOf(a)}`, 'REJECTED#', devEuiOf(a), /topic/);
    expect((await getAsset(b.id)).last_event).toEqual(beforeB.last_event);
  });

  it('refuses a message with several DEVEUIs, moving none of them', async () => {
    const [a, b] = [take(), take()];
    const beforeB = await getAsset(b.id);
    const at = now();
    await publish(`tracking/${devEuiOf(a)}/uplink`, [mqttJson(near(a, at)), mqttJson(near(b, at))]);
    await waitForRejection(`DEVEUI#${devEuiOf(a)}`, 'REJECTED#', devEuiOf(a), /topic/);
    // A's own later uplink goes through: the refused message left nothing queued ahead of it.
    const real = near(a, new Date(at.getTime() + 1000), 10);
    await publishMqtt(real);
    await waitFor(
      () => getAsset(a.id),
      (asset) => asset.last_event?.date === real.at.toISOString(),
    );
    expect((await getAsset(b.id)).last_event).toEqual(beforeB.last_event);
  });
});

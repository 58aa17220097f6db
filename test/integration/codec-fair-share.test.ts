import { randomBytes } from 'node:crypto';
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { CODEC_BUDGET } from '../../functions/lib/pipeline/codecs/codec-budget';
import { CODEC_LANE_WARNING } from '../../functions/lib/pipeline/queue/codec-lane';
import { uplinkGroupIdOf } from '../../functions/lib/pipeline/queue/message-group';
import { REGION } from '../../scripts/local/config';
import { DEMO_CODEC, encodeDemoPayload } from '../../scripts/seed/demo-codec';
import { call } from '../harness/api';
import { BUSY_CODEC, RUN_COUNTING_CODEC } from '../harness/codecs';
import { createOwnTenant, type OwnTenant, removeOwnTenant } from '../harness/own-tenant';
import { localTable, readStack } from '../harness/stack';
import { waitFor } from '../harness/uplinks';

/**
 * Each tenant's share of the processor's codec time, attacked through the local stack's uplink queue and
 * processor (functions/lib/pipeline/codecs/codec-budget.ts, docs/decisions/0308). Tenant A's codecs use nearly
 * their whole deadline on every run, or A rotates through more profiles than the compile cache has slots; A's
 * uplinks are queued in the same batches as tenant B's. B's uplinks are all run in their batch, never sent to the
 * codec lane, and B's compiled codec stays; A's are struck out or decoded in the lane. Both tenants are this
 * file's own.
 */
type Tag = { devEui: string; deviceId: number; assetId: number };
type Event = { date: string; warnings?: string[] };
type Rejection = { devEui: string; reason: string };

const STRUCK =
  "Undecodable payload: Codec error: the profile's codec hit its limits 3 times; fix it and save the profile";
const INTERRUPTED = 'Undecodable payload: Codec error: The codec ran longer than 50 ms';

let a: OwnTenant;
let b: OwnTenant;
let bProfile: number;

const api = <T>(tenant: OwnTenant, method: string, path: string, body?: unknown) =>
  call<T>(method, path, { ...tenant.superAdmin, ...(body === undefined ? {} : { body }) });

async function makeProfile(tenant: OwnTenant, name: string, codec: string) {
  const made = await api<{ id: number }>(tenant, 'POST', '/api/device-profiles', {
    name,
    codec,
    battery_unit: 'V',
    battery_low_below: 3.3,
    battery_fine_above: 3.4,
    uplink_interval_minutes: 60,
    silent_after_intervals: 3,
  });
  expect(made.status).toBe(201);
  return made.body.id;
}

async function newTag(tenant: OwnTenant, profile: number): Promise<Tag> {
  const devEui = randomBytes(8).toString('hex').toUpperCase();
  const device = await api<{ id: number }>(tenant, 'POST', '/api/devices', {
    dev_eui: devEui,
    device_profiles: [profile],
  });
  expect(device.status).toBe(201);
  const asset = await api<{ id: number }>(tenant, 'POST', '/api/assets', {
    name: `Codec share ${devEui}`,
    devices: [device.body.id],
  });
  expect(asset.status).toBe(201);
  return { devEui, deviceId: device.body.id, assetId: asset.body.id };
}

const secondsAgo = (s: number) => new Date(Math.floor(Date.now() / 1000) * 1000 - s * 1000).toISOString();
type Queued = { tenant: OwnTenant; tag: Tag; at: string };

/** What a way in queues for a GT-2 uplink (the demo codec's layout), straight onto the uplink queue, in order. */
async function enqueue(uplinks: readonly Queued[]) {
  const sqs = new SQSClient({
    region: REGION,
    endpoint: `http://127.0.0.1:${readStack().ports.SQS_PORT}`,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const { hex, fPort } = encodeDemoPayload({ latitude: 52.09, longitude: 5.12, batteryMv: 3600, motion: true });
  try {
    for (let start = 0; start < uplinks.length; start += 10)
      await sqs.send(
        new SendMessageBatchCommand({
          QueueUrl: `http://127.0.0.1:${readStack().ports.SQS_PORT}/000000000000/tracking-uplinks.fifo`,
          Entries: uplinks.slice(start, start + 10).map(({ tenant, tag, at }, i) => {
            const uplink = { tenant: String(tenant.tenantId), devEui: tag.devEui, source: 'lorawan' };
            return {
              Id: String(i),
              MessageBody: JSON.stringify({ ...uplink, measuredAt: at, receivedAt: at, payloadHex: hex, fPort }),
              MessageGroupId: uplinkGroupIdOf(uplink),
              MessageDeduplicationId: `codec-share-${tag.devEui}-${at}`,
            };
          }),
        }),
      );
  } finally {
    sqs.destroy();
  }
}

const eventsOf = async (tenant: OwnTenant, tag: Tag) =>
  (await api<{ 'hydra:member': Event[] }>(tenant, 'GET', `/api/events?device.id=${tag.deviceId}&pagination=false`))
    .body['hydra:member'];
const rejectionsOf = async (tenant: OwnTenant) =>
  ((
    await localTable().client.send(
      new QueryCommand({
        TableName: 'tracking',
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `T#${tenant.tenantId}#REJECTED` },
      }),
    )
  ).Items ?? []) as Rejection[];

/** Every uplink of the tags has become an event or a rejection: what each one became. */
async function outcomes(tenant: OwnTenant, tags: readonly Tag[], expected: number) {
  return waitFor(
    async () => {
      const events = (await Promise.all(tags.map((tag) => eventsOf(tenant, tag)))).flat();
      const devEuis = new Set(tags.map((tag) => tag.devEui));
      const rejections = (await rejectionsOf(tenant)).filter((item) => devEuis.has(item.devEui));
      return { events, rejections };
    },
    ({ events, rejections }) => events.length + rejections.length >= expected,
    60_000,
  );
}

/** Interleaved, one of A's and one of B's in turn, so that both tenants' uplinks share every batch. */
function interleaved(aTags: readonly Tag[], bTags: readonly Tag[], each: number): Queued[] {
  const queued: Queued[] = [];
  for (let round = 0; round < each; round++)
    for (let i = 0; i < Math.max(aTags.length, bTags.length); i++) {
      const at = secondsAgo(300 - round * 10 - i);
      const aTag = aTags[i];
      const bTag = bTags[i];
      if (aTag) queued.push({ tenant: a, tag: aTag, at });
      if (bTag) queued.push({ tenant: b, tag: bTag, at });
    }
  return queued;
}

async function expectAllOfBRunInTheirBatch(bTags: readonly Tag[], each: number) {
  const { events, rejections } = await outcomes(b, bTags, bTags.length * each);
  expect(rejections).toEqual([]);
  expect(events).toHaveLength(bTags.length * each);
  for (const event of events) expect(event.warnings ?? []).not.toContain(CODEC_LANE_WARNING);
}

beforeAll(async () => {
  [a, b] = await Promise.all([createOwnTenant('Codec share A'), createOwnTenant('Codec share B')]);
  bProfile = await makeProfile(b, 'Counts its runs', RUN_COUNTING_CODEC(DEMO_CODEC));
});
afterAll(async () => {
  await removeOwnTenant(a);
  await removeOwnTenant(b);
});

describe('a codec that uses nearly its whole deadline on every run', () => {
  it('is struck out after 3 slow successes; the other tenant’s uplinks in the same batches all run', async () => {
    const busy = await makeProfile(a, 'Busy 40 ms', BUSY_CODEC(40, DEMO_CODEC));
    const aTags = await Promise.all([1, 2, 3].map(() => newTag(a, busy)));
    const bTags = await Promise.all([1, 2, 3].map(() => newTag(b, bProfile)));
    await enqueue(interleaved(aTags, bTags, 4));
    await expectAllOfBRunInTheirBatch(bTags, 4);
    const { events, rejections } = await outcomes(a, aTags, 12);
    // Slow successes in a row count a strike each, as interrupted runs do: at most 3 of A’s ran.
    expect(events.length).toBeLessThanOrEqual(3);
    expect(rejections.map((item) => item.reason)).toContain(STRUCK);
    for (const { reason } of rejections) expect([STRUCK, INTERRUPTED]).toContain(reason);
  });
});

describe('a codec that stays under the slow mark but uses its tenant’s share of the batch', () => {
  it('has the rest of its uplinks decoded in the codec lane, never in front of the other tenant’s', async () => {
    const underSlow = CODEC_BUDGET.slowRunMs - 10;
    const busy = await makeProfile(a, `Busy ${underSlow} ms`, BUSY_CODEC(underSlow, DEMO_CODEC));
    const aTag = await newTag(a, busy);
    const bTag = await newTag(b, bProfile);
    // Nine of A's and one of B's in each batch: A's share of a batch is spent after about seven runs.
    const queued: Queued[] = [];
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 9; i++) queued.push({ tenant: a, tag: aTag, at: secondsAgo(200 - round * 20 - i) });
      queued.push({ tenant: b, tag: bTag, at: secondsAgo(200 - round * 20 - 9) });
    }
    await enqueue(queued);
    await expectAllOfBRunInTheirBatch([bTag], 2);
    const { events, rejections } = await outcomes(a, [aTag], 18);
    const inLane = events.filter((event) => event.warnings?.includes(CODEC_LANE_WARNING));
    // Sent to the lane (or, on a machine slow enough to make its runs slow, struck out): never all run in turn.
    expect(inLane.length + rejections.filter((item) => item.reason === STRUCK).length).toBeGreaterThan(0);
    for (const { reason } of rejections) expect([STRUCK, INTERRUPTED]).toContain(reason);
  });
});

describe('a tenant rotating through more profiles than the compile cache has slots', () => {
  it('recompiles only its own codecs: the other tenant’s compiled codec stays and keeps counting', async () => {
    const ROTATING = 30;
    // A profile of its own: B's runs of the other tests do not count in it.
    const bTag = await newTag(b, await makeProfile(b, 'Counts its runs alone', RUN_COUNTING_CODEC(DEMO_CODEC)));
    const aTags: Tag[] = [];
    for (let i = 0; i < ROTATING; i++) aTags.push(await newTag(a, await makeProfile(a, `Rotating ${i}`, DEMO_CODEC)));
    const first = secondsAgo(120);
    await enqueue([{ tenant: b, tag: bTag, at: first }]);
    await outcomes(b, [bTag], 1);
    await enqueue(aTags.map((tag, i) => ({ tenant: a, tag, at: secondsAgo(110 - i) })));
    const { events } = await outcomes(a, aTags, ROTATING);
    expect(events).toHaveLength(ROTATING);
    await enqueue([{ tenant: b, tag: bTag, at: secondsAgo(60) }]);
    const bEvents = (await outcomes(b, [bTag], 2)).events;
    const runs = bEvents.flatMap((event) => event.warnings ?? []).filter((w) => w.startsWith('Codec warning: run '));
    // The codec's own count of its runs in its runtime: a recompiled codec would count from 1 again.
    expect(runs.sort()).toEqual(['Codec warning: run 1', 'Codec warning: run 2']);
  });
});

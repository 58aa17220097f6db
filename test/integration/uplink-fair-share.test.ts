import { randomBytes } from 'node:crypto';
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { uplinkGroupIdOf } from '../../functions/lib/pipeline/queue/message-group';
import { REGION } from '../../scripts/local/config';
import { kpnHeaders, senmlBody } from '../../scripts/simulate/bodies';
import { ttsBody } from '../../scripts/simulate/network-samples';
import { call } from '../harness/api';
import { saveKpnDestination } from '../harness/kpn-settings';
import { createOwnTenant, type OwnTenant, removeOwnTenant } from '../harness/own-tenant';
import { localTable, readStack } from '../harness/stack';
import { type Uplink, waitFor } from '../harness/uplinks';

/**
 * A noisy neighbour through the real local stack: tenant A floods its own ways in (KPN Things, The Things Stack)
 * with uplinks for a DEVEUI tenant B holds. They are refused at ingest, before the queue, and counted in one
 * item for A; B's own uplinks for the tag go through as usual, and B's tag is untouched by A's. Messages of A's
 * that reach the queue anyway (a claim that moved under the ingest's cached answer) wait in A's own message
 * group and cost B nothing either. Both tenants are this file's own.
 */
type LastEvent = { date: string; latitude: number | null; longitude: number | null };
type Asset = { last_event: LastEvent | null };
type Event = { date: string };
type Tag = { devEui: string; deviceId: number; assetId: number };
type Counted = { pk: string; sk: string; refused: number; reason: string; source: string; devEui: string };

const plugOf = () => `fa1e${randomBytes(2).toString('hex')}-2c3e-4f50-8a61-7b8c9d0e1f20`;
const PLUG_A = plugOf();
const PLUG_B = plugOf();
const SECRET_A = 'Fair-Share-Attacker-Secret-2026!#';
const SECRET_B = 'Fair-Share-Holder-Shared-Secret-2026!#';
const FLOOD = 50;

let attacker: OwnTenant;
let holder: OwnTenant;
let ttsSecretA: string;
let tag: Tag;

const as = (tenant: OwnTenant) => tenant.superAdmin;
const api = <T>(tenant: OwnTenant, method: string, path: string, body?: unknown) =>
  call<T>(method, path, { ...as(tenant), ...(body === undefined ? {} : { body }) });

const secondsAgo = (s: number) => new Date(Math.floor(Date.now() / 1000) * 1000 - s * 1000);
const moving = (devEui: string, at: Date, latitude: number): Uplink => ({
  devEui,
  at,
  payload: { eventType: 'moving', fix: { latitude, longitude: 5.1214, accuracy: 10 } },
});

const sendKpn = (uplink: Uplink, plug: string, secret: string) => {
  const body = senmlBody(uplink);
  return call<{ accepted: number; rejected?: string }>('POST', '/api/things/uplink', {
    rawBody: body,
    headers: kpnHeaders(body, plug, secret),
  });
};

const partition = async (pk: string, prefix = '') =>
  ((
    await localTable().client.send(
      new QueryCommand({
        TableName: 'tracking',
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
      }),
    )
  ).Items ?? []) as Counted[];
const rejectionsOf = (tenant: OwnTenant) => partition(`T#${tenant.tenantId}#REJECTED`);
const refusedOf = async (tenant: OwnTenant) =>
  (await rejectionsOf(tenant)).reduce((sum, item) => sum + (item.refused ?? 0), 0);

const assetOf = async (tenant: OwnTenant, id: number) => (await api<Asset>(tenant, 'GET', `/api/assets/${id}`)).body;
const eventsOf = async (tenant: OwnTenant, deviceId: number) =>
  (await api<{ 'hydra:member': Event[] }>(tenant, 'GET', `/api/events?device.id=${deviceId}&pagination=false`)).body[
    'hydra:member'
  ];

/** B's own uplink through B's KPN destination; resolves once B's asset shows it. */
async function holderReports(at: Date, latitude: number) {
  expect((await sendKpn(moving(tag.devEui, at, latitude), PLUG_B, SECRET_B)).status).toBe(202);
  return waitFor(
    () => assetOf(holder, tag.assetId),
    (asset) => asset.last_event?.date === at.toISOString(),
  );
}

beforeAll(async () => {
  [attacker, holder] = await Promise.all([createOwnTenant('Fair share A'), createOwnTenant('Fair share B')]);
  await saveKpnDestination(as(attacker), PLUG_A, SECRET_A);
  await saveKpnDestination(as(holder), PLUG_B, SECRET_B);
  const secret = await api<{ secret: string }>(attacker, 'POST', '/api/uplink-integrations/tts/secret');
  expect(secret.status).toBe(201);
  ttsSecretA = secret.body.secret;
  const devEui = randomBytes(8).toString('hex').toUpperCase();
  const device = await api<{ id: number }>(holder, 'POST', '/api/devices', { dev_eui: devEui });
  expect(device.status).toBe(201);
  const asset = await api<{ id: number }>(holder, 'POST', '/api/assets', {
    name: `Fair share ${devEui}`,
    devices: [device.body.id],
  });
  expect(asset.status).toBe(201);
  tag = { devEui, deviceId: device.body.id, assetId: asset.body.id };
});
afterAll(async () => {
  await removeOwnTenant(attacker);
  await removeOwnTenant(holder);
});

describe("a tenant's uplinks for another tenant's DEVEUI", () => {
  it('are refused at ingest, counted in one item for the sender, and leave the holder’s tag alone', async () => {
    const first = await holderReports(secondsAgo(300), 52.09);
    // The flood, each at its own second so none is a duplicate of another, answered as any uplink is: the
    // answer must not tell a held DEVEUI from a free one.
    for (let i = 0; i < FLOOD; i += 1) {
      const answer = await sendKpn(moving(tag.devEui, secondsAgo(200 - i), 53 + i / 100), PLUG_A, SECRET_A);
      expect(answer.status).toBe(202);
      expect(answer.body).toEqual({ accepted: 1 });
    }
    const tts = await call('POST', '/api/tts/uplink', {
      rawBody: JSON.stringify(ttsBody(moving(tag.devEui, secondsAgo(140), 53.9))),
      headers: { 'x-uplink-secret': ttsSecretA },
    });
    expect(tts.status).toBe(202);
    // Read at once, no wait: the ingest counted them before answering, so none of them was queued (the
    // processor's count would come later, and A's items are not written by anything else).
    const items = await rejectionsOf(attacker);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      sk: expect.stringMatching(/^COUNT#\d{4}-\d{2}-\d{2}#foreign-deveui$/),
      refused: FLOOD + 1,
      source: 'tts',
      devEui: tag.devEui,
      reason: `DEVEUI ${tag.devEui} is not a device of this tenant`,
    });
    // Nothing recorded under the DEVEUI (the unknown-tag place) either: the flood writes only A's one item.
    expect(await partition(`DEVEUI#${tag.devEui}`, 'REJECTED#')).toEqual([]);
    // B's next uplink is applied as usual; once it is there, none of A's became an event of B's tag.
    const next = secondsAgo(100);
    const moved = await holderReports(next, 52.1);
    expect(moved.last_event).toMatchObject({ latitude: 52.1, longitude: 5.1214 });
    expect((await eventsOf(holder, tag.deviceId)).map((e) => e.date).sort()).toEqual(
      [first.last_event?.date, next.toISOString()].sort(),
    );
    expect(await rejectionsOf(holder)).toEqual([]);
  });

  it('that reach the queue anyway wait in the sender’s own group and are counted, never failing the holder’s', async () => {
    const sqs = new SQSClient({
      region: REGION,
      endpoint: `http://127.0.0.1:${readStack().ports.SQS_PORT}`,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const before = await refusedOf(attacker);
    const group = uplinkGroupIdOf({ tenant: String(attacker.tenantId), devEui: tag.devEui });
    expect(group).toBe(`${attacker.tenantId}:${tag.devEui}`);
    // What the ingest would have queued for A on a stale answer: A's tenant, B's tag, A's group.
    const queued = Array.from({ length: 20 }, (_, i) => {
      const at = secondsAgo(90 - i).toISOString();
      return {
        tenant: String(attacker.tenantId),
        devEui: tag.devEui,
        source: 'kpn',
        measuredAt: at,
        receivedAt: at,
        decoded: { eventType: 'moving', fix: { latitude: 54, longitude: 5.1, accuracy: 10, source: 'gnss' } },
      };
    });
    for (let start = 0; start < queued.length; start += 10)
      await sqs.send(
        new SendMessageBatchCommand({
          QueueUrl: `http://127.0.0.1:${readStack().ports.SQS_PORT}/000000000000/tracking-uplinks.fifo`,
          Entries: queued.slice(start, start + 10).map((uplink, i) => ({
            Id: String(i),
            MessageBody: JSON.stringify(uplink),
            MessageGroupId: group,
            MessageDeduplicationId: `fair-share-${tag.devEui}-${start + i}`,
          })),
        }),
      );
    const next = secondsAgo(30);
    await holderReports(next, 52.11);
    // The processor counts them in the same one item, not one item each.
    const items = await waitFor(
      () => rejectionsOf(attacker),
      (found) => found.reduce((sum, item) => sum + (item.refused ?? 0), 0) === before + queued.length,
    );
    expect(items).toHaveLength(1);
    expect(items[0]?.source).toBe('kpn');
    expect((await assetOf(holder, tag.assetId)).last_event?.date).toBe(next.toISOString());
    expect(await partition(`DEVEUI#${tag.devEui}`, 'REJECTED#')).toEqual([]);
  });
});

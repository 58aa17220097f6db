import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { handler as loanDayJob } from '../../functions/jobs/loan-days';
import { startOfAmsterdamDay } from '../../functions/lib/loan-days/amsterdam-day';
import { METRIC } from '../../functions/lib/observability/names';
import { publishAlarms } from '../../functions/lib/pipeline/alarms/publish-alarms';
import { handler as preSignUp } from '../../functions/triggers/pre-sign-up';
import { type LiveChange, staffChannel, userChannel } from '../../shared/schemas/live';
import { call, tokenOf } from '../harness/api';
import { emfLineWith, stackOutputOffset } from '../harness/emf';
import { connectLive, type LiveClient } from '../harness/live';
import { pointProcessAtStack, readStack } from '../harness/stack';
import { createSweepTenant, removeSweepTenant, type SweepTenant } from '../harness/sweep/sweep-tenant';
import { decodePayload } from '../harness/tokens';
import { publishMqtt, waitFor } from '../harness/uplinks';

/**
 * Every Lambda kind goes through one wrapper that sends what its writes queued when the invocation ends
 * (functions/lib/effects/): here each kind runs against the local stack and every effect it queued is seen to
 * leave, as a webhook delivered to a receiver started here, a live change on the tenant's channels, an EMF line
 * on the stack's output or a rule's target run on the bus; and a hand-over that fails leaves the write standing.
 * In a tenant of its own; the loan-day job runs in this process, as the other job tests run it.
 */
const RECEIVER_HOST = 'webhook-receiver.localhost';
const HOME = { latitude: 52.09, longitude: 5.12 };
const SITE = { latitude: 52.135, longitude: 5.12 };
const at = (day: string, hours: number) => new Date(startOfAmsterdamDay(day).getTime() + hours * 3_600_000);
type Delivered = { type: string; data: Record<string, unknown> };

describe('effects leave at the end of every kind of invocation', () => {
  let tenant: SweepTenant;
  let server: Server;
  let live: LiveClient;
  let from: number;
  let adminToken: string;
  let reel: { id: number; deviceId: number; devEui: string };
  const delivered: Delivered[] = [];
  const api = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
    call<T>(method, path, { ...tenant.superAdmin, ...(body === undefined ? {} : { body }) });

  const webhook = (type: string, about: (data: Record<string, unknown>) => boolean) =>
    waitFor(
      async () => delivered.find((event) => event.type === type && about(event.data)),
      (event) => event !== undefined,
    );
  /** The live changes received from `since` on (an index into every change so far) that match. */
  const liveChange = (since: number, match: (change: LiveChange) => boolean) =>
    waitFor(
      async () => live.changes().slice(since).find(match),
      (change) => change !== undefined,
    );
  const assetChange = (change: LiveChange) => change.t === 'asset' && change.id === reel.id;
  const uplink = async (when: Date, where: typeof HOME, moving = false) => {
    await publishMqtt({
      devEui: reel.devEui,
      at: when,
      payload: { eventType: moving ? 'moving' : 'still', fix: { ...where, accuracy: 10 } },
    });
    await waitFor(
      async () => (await api<{ last_event: { date: string } | null }>('GET', `/api/assets/${reel.id}`)).body,
      (asset) => asset.last_event?.date === when.toISOString(),
    );
  };

  beforeAll(async () => {
    pointProcessAtStack();
    // The loan-day job runs here and hands its webhook events to the stack's queue as the stack would.
    const { ports } = readStack();
    process.env.SQS_ENDPOINT = `http://127.0.0.1:${ports.SQS_PORT}`;
    process.env.WEBHOOK_QUEUE_URL = `http://127.0.0.1:${ports.SQS_PORT}/000000000000/tracking-webhooks`;
    from = stackOutputOffset();
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        delivered.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Delivered);
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    tenant = await createSweepTenant('Effects');
    const url = `http://${RECEIVER_HOST}:${(server.address() as AddressInfo).port}/events`;
    const types = ['pickup.requested', 'zone.entered', 'alarm.raised', 'loan_day.counted'];
    expect((await api('POST', '/api/webhook-endpoints', { url, event_types: types })).status).toBe(201);
    adminToken = await tokenOf(tenant.adminLogin);
    const userId = Number(decodePayload(adminToken)['custom:user_id']);
    live = connectLive(adminToken);
    expect((await live.opened).type).toBe('connection_ack');
    for (const channel of [staffChannel(tenant.tenantId), userChannel(tenant.tenantId, userId)])
      expect((await live.subscribe(channel)).type).toBe('subscribe_success');
    const geometry = { type: 'Point', coordinates: [HOME.longitude, HOME.latitude], radius: 300 };
    const zone = await api<{ id: number }>('POST', '/api/geo-zones', { name: 'Yard', geometry });
    const devEui = randomBytes(8).toString('hex').toUpperCase();
    const device = await api<{ id: number }>('POST', '/api/devices', { name: 'Effects tag', dev_eui: devEui });
    const asset = await api<{ id: number }>('POST', '/api/assets', {
      name: 'Effects reel',
      devices: [device.body.id],
      geo_zone: zone.body.id,
    });
    expect([zone.status, device.status, asset.status]).toEqual([201, 201, 201]);
    reel = { id: asset.body.id, deviceId: device.body.id, devEui };
  });

  afterAll(async () => {
    live?.close();
    await removeSweepTenant(tenant);
    await new Promise((resolve) => server.close(resolve));
  });

  it('HTTP: a write route’s live change and webhook event leave; the sender (SQS) counts its delivery', async () => {
    const since = live.changes().length;
    const name = 'Effects pickup';
    const asset = await api<{ id: number; version: number }>('POST', '/api/assets', { name });
    const saved = await api('PUT', `/api/assets/${asset.body.id}`, {
      name,
      version: asset.body.version,
      status: 'send_deregistered',
    });
    expect([asset.status, saved.status]).toEqual([201, 200]);
    await liveChange(since, (change) => change.t === 'asset' && change.id === asset.body.id);
    await webhook('pickup.requested', (data) => (data.asset as { id: number }).id === asset.body.id);
    await emfLineWith(from, METRIC.webhookDeliveries);
  });

  it('SQS batch: the processor’s live change, metric, webhook event and bus events leave; the targets run', async () => {
    const since = live.changes().length;
    // Two fixes: a zone is entered once a second fix confirms it (the geofence's hysteresis).
    await uplink(at('2026-03-01', 10), HOME, true);
    await uplink(at('2026-03-01', 10.5), HOME);
    await liveChange(since, assetChange);
    await emfLineWith(from, METRIC.uplinksAccepted, { WayIn: 'mqtt' });
    await webhook('zone.entered', (data) => (data.asset as { id: number }).id === reel.id);
    // Domain events on the bus: the geocoder (an EventBridge target) ran and its address is on the asset.
    const asset = await waitFor(
      async () => (await api<{ last_event: { city?: string | null } }>('GET', `/api/assets/${reel.id}`)).body,
      (read) => Boolean(read.last_event.city),
    );
    expect(asset.last_event.city).toBeTruthy();
  });

  it('EventBridge: the alarm handler’s webhook event leaves', async () => {
    const when = new Date().toISOString();
    await publishAlarms([
      {
        tenantId: String(tenant.tenantId),
        ...{ kind: 0, assetId: reel.id, assetName: 'Effects reel', deviceId: reel.deviceId, deviceName: 'Effects tag' },
        ...{ devEui: reel.devEui, zoneId: null, zoneName: null, at: when, latitude: null, longitude: null },
      },
    ]);
    await webhook('alarm.raised', (data) => data.at === when);
  });

  it('worker: the export worker’s live message and metrics leave', async () => {
    const since = live.changes().length;
    // Started by the tenant's admin: the finished job is told on the starter's own channel.
    const started = await call<{ id: string }>('POST', '/api/assets/export?type=csv', { token: adminToken });
    expect(started.status).toBe(202);
    await liveChange(since, (change) => change.t === 'export' && change.id === started.body.id);
    await emfLineWith(from, METRIC.exportJobsSucceeded);
  });

  it('schedule: the loan-day job’s events leave, and a failed hand-over fails neither the count nor the run', async () => {
    await uplink(at('2026-03-02', 9), SITE, true);
    await uplink(at('2026-03-02', 9.5), SITE);
    const tenants = [String(tenant.tenantId)];
    expect((await loanDayJob({ date: '2026-03-02', tenants })).outside).toBe(1);
    await webhook('loan_day.counted', (data) => (data.asset as { id: number }).id === reel.id);

    // The webhook queue unreachable: the hand-over fails when the run ends, is logged, and the day still counts.
    const queue = process.env.WEBHOOK_QUEUE_URL;
    process.env.WEBHOOK_QUEUE_URL = `${queue}-that-does-not-exist`;
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect((await loanDayJob({ date: '2026-03-03', tenants })).outside).toBe(1);
      const notes = errors.mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, unknown>);
      expect(notes).toContainEqual(expect.objectContaining({ lambda: 'schedule', effect: 'webhookEvents' }));
    } finally {
      errors.mockRestore();
      process.env.WEBHOOK_QUEUE_URL = queue;
    }
    const counted = await api<{ days_outside_geo_zone: number }>('GET', `/api/assets/${reel.id}`);
    expect(counted.body.days_outside_geo_zone).toBe(2);
  });

  it('Cognito trigger: the wrapper hands the trigger’s answer back as it made it', async () => {
    const event = { triggerSource: 'PreSignUp_SignUp', request: { userAttributes: {} } } as PreSignUpTriggerEvent;
    await expect(preSignUp(event)).resolves.toBe(event);
  });
});

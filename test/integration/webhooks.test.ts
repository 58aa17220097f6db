import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { Webhook } from 'standardwebhooks';
import { publishAlarms } from '../../functions/lib/pipeline/alarms/publish-alarms';
import { WEBHOOK_MANUAL_SENDS_PER_TENANT } from '../../functions/lib/security/limits';
import type { WebhookDelivery, WebhookEndpoint } from '../../shared/schemas/webhook';
import { call, tokenOf } from '../harness/api';
import { createOwnTenant, type OwnTenant, removeOwnTenant } from '../harness/own-tenant';
import { localTable, readStack } from '../harness/stack';
import { waitFor } from '../harness/uplinks';

/**
 * Webhooks against the local stack: a real receiver started here gets signed deliveries of a real
 * alarm (EventBridge stand-in -> alarm handler -> queue -> sender), a 500 is retried on the schedule and
 * logged, a replay repeats the webhook-id, 410 switches the endpoint off; SSRF attempts, other tenants, client
 * users and the bounds are refused. Works in a tenant of its own (the endpoint bound counts from zero).
 */
type Received = { path: string; headers: IncomingHttpHeaders; body: string };
type Deliveries = { 'hydra:member': WebhookDelivery[] };
const RECEIVER_HOST = 'webhook-receiver.localhost';

describe('webhooks', () => {
  let own: OwnTenant;
  let admin: string;
  let server: Server;
  let base: string;
  const received: Received[] = [];
  /** How the receiver answers per path: a list consumed one answer per request, the last one kept. */
  const answers = new Map<string, number[]>([['/fail-once', [500, 200]]]);

  beforeAll(async () => {
    const { ports } = readStack();
    Object.assign(process.env, {
      AWS_REGION: 'eu-west-1',
      EVENTBRIDGE_ENDPOINT: `http://127.0.0.1:${ports.EVENTBRIDGE_PORT}`,
      EVENT_BUS_NAME: 'tracking-pipeline',
    });
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '/';
        received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        const queue = answers.get(path) ?? [path === '/gone' ? 410 : 204];
        const status = queue.length > 1 ? (queue.shift() as number) : (queue[0] as number);
        response.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://${RECEIVER_HOST}:${(server.address() as AddressInfo).port}`;
    own = await createOwnTenant('Webhooks');
    admin = await tokenOf(own.adminLogin);
  });

  afterAll(async () => {
    await removeOwnTenant(own);
    await new Promise((resolve) => server.close(resolve));
  });

  const create = (body: Record<string, unknown>, token = admin) =>
    call<WebhookEndpoint & { violations?: { propertyPath: string; message: string }[] }>(
      'POST',
      '/api/webhook-endpoints',
      { token, body },
    );
  const deliveriesOf = async (endpointId: number) =>
    (await call<Deliveries>('GET', `/api/webhook-endpoints/${endpointId}/deliveries`, { token: admin })).body[
      'hydra:member'
    ];
  const requestsTo = (path: string) => received.filter((request) => request.path === path);
  /** A test event sent to the alarm endpoint at `path`, as its receiver got it (body and signature headers). */
  const testMessageOf = async (path: string) => {
    const before = requestsTo('/alarms').length;
    expect((await call('POST', `${path}/test`, { token: admin })).status).toBe(202);
    const [request] = await waitFor(
      async () => requestsTo('/alarms').slice(before),
      (requests) => requests.length === 1,
    );
    return request as { body: string; headers: Record<string, string> };
  };

  let alarmEndpoint: WebhookEndpoint;

  it('creates an endpoint with a whsec_ secret shown once', async () => {
    const created = await create({ url: `${base}/alarms`, description: 'ERP', event_types: ['alarm.raised'] });
    expect(created.status).toBe(201);
    alarmEndpoint = created.body;
    expect(alarmEndpoint).toMatchObject({ enabled: true, event_types: ['alarm.raised'], disabled_reason: null });
    expect(alarmEndpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    const read = await call<WebhookEndpoint>('GET', `/api/webhook-endpoints/${alarmEndpoint.id}`, { token: admin });
    expect(read.status).toBe(200);
    expect(read.body.secret).toBeUndefined();
    const list = await call<{ 'hydra:member': WebhookEndpoint[] }>('GET', '/api/webhook-endpoints', { token: admin });
    expect(list.body['hydra:member'].map((e) => [e.id, e.secret])).toEqual([[alarmEndpoint.id, undefined]]);
  });

  it('delivers a raised alarm signed as Standard Webhooks says, and logs it', async () => {
    await publishAlarms([
      {
        tenantId: String(own.tenantId),
        kind: 0,
        assetId: null,
        assetName: null,
        deviceId: 5,
        deviceName: 'Tag 5',
        devEui: '00112233445566AA',
        zoneId: null,
        zoneName: null,
        at: '2026-11-20T09:15:00.000Z',
        latitude: null,
        longitude: null,
      },
    ]);
    const [request] = await waitFor(
      async () => requestsTo('/alarms'),
      (requests) => requests.length > 0,
    );
    const payload = new Webhook(alarmEndpoint.secret as string).verify(
      request?.body as string,
      request?.headers as Record<string, string>,
    );
    expect(payload).toEqual({
      type: 'alarm.raised',
      timestamp: '2026-11-20T09:15:00.000Z',
      data: {
        alarm: { type: 0, name: 'Asset tag sabotaged' },
        asset: null,
        device: { id: 5, name: 'Tag 5', devEui: '00112233445566AA' },
        zone: null,
        customer: null,
        at: '2026-11-20T09:15:00.000Z',
      },
    });
    const [logged] = await waitFor(
      () => deliveriesOf(alarmEndpoint.id),
      (log) => log[0]?.status === 'delivered',
    );
    expect(logged).toMatchObject({
      id: request?.headers['webhook-id'],
      event_type: 'alarm.raised',
      attempt_count: 1,
      last_status_code: 204,
      payload: request?.body,
    });
  });

  it('emits pickup.requested when the asset form sets the waiting status, as the report action does', async () => {
    const endpoint = await create({ url: `${base}/pickups`, event_types: ['pickup.requested'] });
    expect(endpoint.status).toBe(201);
    const asset = await call<{ id: number; version: number; name: string }>('POST', '/api/assets', {
      token: admin,
      body: { name: `Form pickup ${Date.now()}` },
    });
    expect(asset.status).toBe(201);
    const saved = await call('PUT', `/api/assets/${asset.body.id}`, {
      token: admin,
      body: { name: asset.body.name, version: asset.body.version, status: 'send_deregistered' },
    });
    expect(saved.status).toBe(200);
    const [request] = await waitFor(
      async () => requestsTo('/pickups'),
      (requests) => requests.length > 0,
    );
    const payload = new Webhook(endpoint.body.secret as string).verify(
      request?.body as string,
      request?.headers as Record<string, string>,
    ) as { type: string; data: { asset: { id: number } } };
    expect(payload.type).toBe('pickup.requested');
    expect(payload.data.asset.id).toBe(asset.body.id);
    expect((await call('DELETE', `/api/assets/${asset.body.id}`, { token: admin })).status).toBe(204);
  });

  it('replays a logged message with the same webhook-id and a fresh signature', async () => {
    const [logged] = await deliveriesOf(alarmEndpoint.id);
    const replay = await call<WebhookDelivery>(
      'POST',
      `/api/webhook-endpoints/${alarmEndpoint.id}/deliveries/${logged?.id}/replay`,
      { token: admin },
    );
    expect(replay.status).toBe(202);
    const requests = await waitFor(
      async () => requestsTo('/alarms'),
      (all) => all.length === 2,
    );
    expect(requests[1]?.headers['webhook-id']).toBe(logged?.id);
    expect(requests[1]?.body).toBe(requests[0]?.body);
    new Webhook(alarmEndpoint.secret as string).verify(
      requests[1]?.body as string,
      requests[1]?.headers as Record<string, string>,
    );
    const [after] = await waitFor(
      () => deliveriesOf(alarmEndpoint.id),
      (log) => log[0]?.attempt_count === 2,
    );
    expect(after?.attempts.map((a) => [a.status_code, a.manual])).toEqual([
      [204, false],
      [204, true],
    ]);
  });

  it('sends a test event and a replay once each: a 500 is logged, not retried', async () => {
    const endpoint = (await create({ url: `${base}/fail-once`, event_types: ['zone.entered'] })).body;
    const test = await call<WebhookDelivery>('POST', `/api/webhook-endpoints/${endpoint.id}/test`, { token: admin });
    expect(test.status).toBe(202);
    expect(test.body).toMatchObject({ event_type: 'webhook.test', status: 'pending', attempt_count: 0 });
    const retrying = await waitFor(
      () => deliveriesOf(endpoint.id),
      (log) => log[0]?.attempt_count === 1,
    );
    // A test event is a person's action: one attempt, so the 500 is final for it.
    expect(retrying[0]).toMatchObject({ status: 'failed', last_status_code: 500, next_attempt_at: null });
    // A scheduled message is retried: the same endpoint's real event, answered 200 on its second attempt.
    answers.set('/fail-once', [500, 200]);
    const replay = await call('POST', `/api/webhook-endpoints/${endpoint.id}/deliveries/${test.body.id}/replay`, {
      token: admin,
    });
    expect(replay.status).toBe(202);
    const done = await waitFor(
      () => deliveriesOf(endpoint.id),
      (log) => log[0]?.attempt_count === 2,
    );
    expect(done[0]?.attempts.map((a) => a.status_code)).toEqual([500, 500]);
  });

  it('holds test events and replays to the tenant’s budget: each is a request to an address it chose', async () => {
    const endpoint = (await create({ url: `${base}/by-hand`, event_types: ['zone.entered'] })).body;
    const test = await call<WebhookDelivery>('POST', `/api/webhook-endpoints/${endpoint.id}/test`, { token: admin });
    expect(test.status).toBe(202);
    // The tenant's window arranged full (as a script looping on the two routes leaves it), so that the refusal
    // is the budget's and not a race with the window's end.
    const { name, limit, windowSeconds } = WEBHOOK_MANUAL_SENDS_PER_TENANT;
    const key = { pk: `LIMIT#${name}#tenant-${own.tenantId}`, sk: 'WINDOW' };
    const table = localTable().client;
    const expiresAt = Date.now() / 1000 + windowSeconds;
    await table.send(new PutCommand({ TableName: 'tracking', Item: { ...key, hits: limit, expiresAt } }));
    try {
      const again = await call('POST', `/api/webhook-endpoints/${endpoint.id}/test`, { token: admin });
      const replay = await call('POST', `/api/webhook-endpoints/${endpoint.id}/deliveries/${test.body.id}/replay`, {
        token: admin,
      });
      expect([again.status, replay.status]).toEqual([429, 429]);
      expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await deliveriesOf(endpoint.id)).length).toBe(1);
    } finally {
      await table.send(new DeleteCommand({ TableName: 'tracking', Key: key }));
    }
  });

  it('retries a failed event delivery on the schedule (5 s) until the receiver takes it', async () => {
    answers.set('/retry', [500, 204]);
    const endpoint = (await create({ url: `${base}/retry`, event_types: ['alarm.raised'] })).body;
    await publishAlarms([
      {
        tenantId: String(own.tenantId),
        kind: 2,
        assetId: null,
        assetName: null,
        deviceId: 6,
        deviceName: 'Tag 6',
        devEui: '00112233445566BB',
        zoneId: null,
        zoneName: null,
        at: '2026-11-20T10:00:00.000Z',
        latitude: null,
        longitude: null,
      },
    ]);
    const first = await waitFor(
      () => deliveriesOf(endpoint.id),
      (log) => log[0]?.attempt_count === 1,
    );
    expect(first[0]).toMatchObject({ status: 'retrying', last_status_code: 500 });
    const gap = Date.parse(first[0]?.next_attempt_at as string) - Date.parse(first[0]?.attempts[0]?.at as string);
    expect(gap).toBe(5000);
    const delivered = await waitFor(
      () => deliveriesOf(endpoint.id),
      (log) => log[0]?.status === 'delivered',
    );
    expect(delivered[0]?.attempts.map((a) => a.status_code)).toEqual([500, 204]);
    const ids = new Set(requestsTo('/retry').map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1);
  });

  it('switches an endpoint off when its receiver answers 410 Gone', async () => {
    const endpoint = (await create({ url: `${base}/gone`, event_types: ['alarm.raised'] })).body;
    await call('POST', `/api/webhook-endpoints/${endpoint.id}/test`, { token: admin });
    const off = await waitFor(
      async () => (await call<WebhookEndpoint>('GET', `/api/webhook-endpoints/${endpoint.id}`, { token: admin })).body,
      (read) => !read.enabled,
    );
    expect(off).toMatchObject({ enabled: false, disabled_reason: 'The receiver answered 410 Gone', version: 1 });
    const back = await call<WebhookEndpoint>('PUT', `/api/webhook-endpoints/${endpoint.id}`, {
      token: admin,
      body: { url: endpoint.url, event_types: endpoint.event_types, enabled: true, version: 1 },
    });
    expect(back.body).toMatchObject({ enabled: true, disabled_reason: null, version: 2 });
  });

  it('refuses SSRF attempts with 422 on the url, on create and on update', async () => {
    const port = (server.address() as AddressInfo).port;
    const attempts = [
      `http://127.0.0.1:${port}/`,
      `http://2130706433:${port}/`,
      `http://0x7f000001:${port}/`,
      `http://0177.0.0.1:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      // IPv6 literals carrying a private IPv4 address (NAT64, 6to4, Teredo): refused like 127.0.0.1.
      'http://[64:ff9b::a9fe:a9fe]/latest/meta-data/',
      `http://[2002:7f00:1::]:${port}/`,
      'http://[2001:0:4136:e378:8000:63bf:f5ff:fffe]/',
      `http://[::1]:${port}/`,
      `http://localhost:${port}/`,
      `http://localhost.:${port}/`,
      `http://other.localhost:${port}/`,
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00:ec2::254]/',
      `http://user:secret@${RECEIVER_HOST}:${port}/`,
      'file:///etc/passwd',
      'gopher://example.com/',
    ];
    for (const url of attempts) {
      const refused = await create({ url, event_types: ['alarm.raised'] });
      expect([url, refused.status, refused.body.violations?.[0]?.propertyPath]).toEqual([url, 422, 'url']);
    }
    const update = await call<{ violations: { propertyPath: string }[] }>(
      'PUT',
      `/api/webhook-endpoints/${alarmEndpoint.id}`,
      { token: admin, body: { url: 'http://169.254.169.254/', event_types: ['alarm.raised'], version: 1 } },
    );
    expect([update.status, update.body.violations?.[0]?.propertyPath]).toEqual([422, 'url']);
  });

  it('keeps the bounds: fields, event types and at most 20 endpoints a tenant', async () => {
    const bad = [
      { url: `${base}/x`, event_types: [] },
      { url: `${base}/x`, event_types: ['asset.deleted'] },
      { url: `${base}/${'x'.repeat(2048)}`, event_types: ['alarm.raised'] },
      { url: `${base}/x`, event_types: ['alarm.raised'], description: 'd'.repeat(201) },
      { url: 'not a url', event_types: ['alarm.raised'] },
    ];
    for (const body of bad) expect((await create(body)).status).toBe(422);
    const count = (await call<{ 'hydra:totalItems': number }>('GET', '/api/webhook-endpoints', { token: admin })).body[
      'hydra:totalItems'
    ];
    for (let i = count; i < 20; i += 1)
      expect((await create({ url: `${base}/n${i}`, event_types: ['zone.left'] })).status).toBe(201);
    const over = await create({ url: `${base}/n20`, event_types: ['zone.left'] });
    expect(over.status).toBe(422);
    expect(JSON.stringify(over.body)).toContain('at most 20 webhook endpoints');
  });

  it('answers 409 to a stale version and rotates the secret once per version', async () => {
    const path = `/api/webhook-endpoints/${alarmEndpoint.id}`;
    const current = (await call<WebhookEndpoint>('GET', path, { token: admin })).body;
    const rotated = await call<WebhookEndpoint>('POST', `${path}/rotate-secret`, {
      token: admin,
      body: { version: current.version },
    });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(alarmEndpoint.secret);
    // For a day both secrets sign: a receiver still on the old one, or already on the new one, verifies.
    const signed = await testMessageOf(path);
    new Webhook(alarmEndpoint.secret as string).verify(signed.body, signed.headers);
    new Webhook(rotated.body.secret as string).verify(signed.body, signed.headers);
    const stale = await call('POST', `${path}/rotate-secret`, { token: admin, body: { version: current.version } });
    expect(stale.status).toBe(409);
    const staleSave = await call('PUT', path, {
      token: admin,
      body: { url: current.url, event_types: current.event_types, version: current.version },
    });
    expect(staleSave.status).toBe(409);
  });

  it('revokes the old secret at once when asked (a leaked secret): only the new one signs from then on', async () => {
    const path = `/api/webhook-endpoints/${alarmEndpoint.id}`;
    const current = (await call<WebhookEndpoint>('GET', path, { token: admin })).body;
    const wrong = await call('POST', `${path}/rotate-secret`, {
      token: admin,
      body: { version: current.version, revoke_previous: 'yes' },
    });
    expect(wrong.status).toBe(422);
    const earlier = await call<WebhookEndpoint>('POST', `${path}/rotate-secret`, {
      token: admin,
      body: { version: current.version },
    });
    const revoked = await call<WebhookEndpoint>('POST', `${path}/rotate-secret`, {
      token: admin,
      body: { version: earlier.body.version, revoke_previous: true },
    });
    expect(revoked.status).toBe(200);
    const signed = await testMessageOf(path);
    new Webhook(revoked.body.secret as string).verify(signed.body, signed.headers);
    // Neither the secret just replaced nor the one before it, which was still signing beside it.
    expect(() => new Webhook(earlier.body.secret as string).verify(signed.body, signed.headers)).toThrow();
    expect(() => new Webhook(alarmEndpoint.secret as string).verify(signed.body, signed.headers)).toThrow();
    expect(signed.headers['webhook-signature']?.split(' ')).toHaveLength(1);
  });

  it("hides a tenant's endpoints from other tenants (404) and from client users and users (403)", async () => {
    const path = `/api/webhook-endpoints/${alarmEndpoint.id}`;
    const [logged] = await deliveriesOf(alarmEndpoint.id);
    const demoAdmin = await tokenOf('admin');
    expect((await call('GET', path, { token: demoAdmin })).status).toBe(404);
    expect((await call('GET', `${path}/deliveries`, { token: demoAdmin })).status).toBe(404);
    expect((await call('POST', `${path}/deliveries/${logged?.id}/replay`, { token: demoAdmin })).status).toBe(404);
    expect((await call('POST', `${path}/test`, { token: demoAdmin })).status).toBe(404);
    expect((await call('DELETE', path, { token: demoAdmin })).status).toBe(404);
    const demoList = await call<{ 'hydra:member': WebhookEndpoint[] }>('GET', '/api/webhook-endpoints', {
      token: demoAdmin,
    });
    expect(demoList.body['hydra:member'].some((e) => e.url.startsWith(base))).toBe(false);
    for (const login of ['client', 'user', 'transporter', 'manager']) {
      expect([login, (await call('GET', '/api/webhook-endpoints', { token: await tokenOf(login) })).status]).toEqual([
        login,
        403,
      ]);
    }
    expect((await call('GET', path, { token: admin })).status).toBe(200);
  });

  it('deletes an endpoint: it is gone and a replay of its log answers 404', async () => {
    const path = `/api/webhook-endpoints/${alarmEndpoint.id}`;
    const [logged] = await deliveriesOf(alarmEndpoint.id);
    expect((await call('DELETE', path, { token: admin })).status).toBe(204);
    expect((await call('GET', path, { token: admin })).status).toBe(404);
    expect((await call('POST', `${path}/deliveries/${logged?.id}/replay`, { token: admin })).status).toBe(404);
    expect((await call('POST', `${path}/deliveries/msg_bad/replay`, { token: admin })).status).toBe(404);
  });
});

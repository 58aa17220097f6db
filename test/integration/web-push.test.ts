import { createECDH, randomBytes } from 'node:crypto';
import { handlerEnvironment, type PortName } from '../../scripts/local/config';
import type { ReceivedPush } from '../../scripts/local/push-service';
import { call, tokenOf } from '../harness/api';
import { readStack } from '../harness/stack';

/**
 * Web Push against the local stack: a browser's subscription (keys made here as a browser makes them) is
 * registered with the push-service stand-in (scripts/local/push-service.ts) and with the API; pushToUser's message
 * reaches the stand-in, whose VAPID check passes and which decrypts exactly the message; a 410 removes the
 * subscription. The attacks: endpoints that are no push service, oversized keys, another person's and another
 * tenant's subscription.
 */
type Subscription = { id: string; push_service: string; created_at: string };
type PushServiceLog = { messages: ReceivedPush[]; refused: { reason: string }[] };

let pushOrigin: string;
const pushService = async <T>(method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> => {
  const answer = await fetch(`${pushOrigin}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await answer.text();
  return { status: answer.status, json: (text ? JSON.parse(text) : undefined) as T };
};

/** What a browser does on subscribe: a P-256 key pair and 16 random bytes, and an endpoint from its push service. */
async function browserSubscription() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: ecdh.getPrivateKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
  const registered = await pushService<{ id: string; endpoint: string }>('POST', '/subscriptions', keys);
  expect(registered.status).toBe(201);
  return {
    standIn: registered.json.id,
    json: {
      endpoint: registered.json.endpoint,
      expirationTime: null,
      keys: { p256dh: keys.publicKey, auth: keys.auth },
    },
  };
}

const subscriptionsOf = async (token: string) =>
  (await call<{ subscriptions: Subscription[] }>('GET', '/api/web-push/subscriptions', { token })).body.subscriptions;

describe('web push', () => {
  let user: string;
  let userId: number;
  let pushToUser: typeof import('../../functions/lib/web-push/push-sender').pushToUser;
  let demo: import('../../functions/lib/data/tenant-context').TenantContext;

  beforeAll(async () => {
    const stack = readStack();
    pushOrigin = `http://127.0.0.1:${stack.ports.PUSH_PORT}`;
    // pushToUser runs here, as the alarm side calls it: on the stack's table, keys and push-service stand-in.
    for (const [name, value] of Object.entries(stack.ports)) process.env[name as PortName] = String(value);
    process.env.LOCAL_DATA_DIR = stack.dataDir;
    Object.assign(process.env, handlerEnvironment(stack));
    ({ pushToUser } = await import('../../functions/lib/web-push/push-sender'));
    demo = (await import('../../functions/lib/data/system-context')).systemTenantContext(1);
    user = await tokenOf('user');
    userId = (await call<{ id: number }>('GET', '/api/me', { token: user })).body.id;
  });

  it('delivers the exact message, VAPID-signed for the push service and decrypted with the browser keys', async () => {
    const browser = await browserSubscription();
    const saved = await call<Subscription>('POST', '/api/web-push/subscriptions', { token: user, body: browser.json });
    expect(saved.status).toBe(201);
    expect(saved.body.push_service).toBe(pushOrigin);
    const key = await call<{ public_key: string }>('GET', '/api/web-push/vapid-public-key', { token: user });
    expect(key.status).toBe(200);

    const message = { title: 'Alarm: Pallet 7 left Depot', body: 'Raised 10:42', url: '/assets/7', tag: 'alarm-7' };
    const result = await pushToUser(demo, String(userId), message);
    expect(result.sent).toBeGreaterThanOrEqual(1);

    const log = await pushService<PushServiceLog>('GET', `/subscriptions/${browser.standIn}/messages`);
    expect(log.json.refused).toEqual([]);
    expect(log.json.messages).toHaveLength(1);
    const [received] = log.json.messages as [ReceivedPush];
    expect(JSON.parse(received.payload)).toEqual(message);
    expect(received.vapid.k).toBe(key.body.public_key);
    expect(received.vapid.aud).toBe(pushOrigin);
    expect(received.topic).toBe('alarm-7');
    expect(received.urgency).toBe('high');
    expect(Number(received.ttl)).toBe(86_400);

    await call('DELETE', `/api/web-push/subscriptions/${saved.body.id}`, { token: user });
  });

  it('removes a subscription its push service answers 410 for, and counts it gone', async () => {
    const browser = await browserSubscription();
    const saved = await call<Subscription>('POST', '/api/web-push/subscriptions', { token: user, body: browser.json });
    expect(saved.status).toBe(201);
    expect((await subscriptionsOf(user)).map((s) => s.id)).toContain(saved.body.id);
    expect((await pushService('PUT', `/subscriptions/${browser.standIn}/status`, { status: 410 })).status).toBe(204);

    const result = await pushToUser(demo, String(userId), { title: 'Gone?', body: '', url: '/', tag: 'gone' });
    expect(result.gone).toBeGreaterThanOrEqual(1);
    expect((await subscriptionsOf(user)).map((s) => s.id)).not.toContain(saved.body.id);
  });

  it('keeps the console path and nothing else as the link', async () => {
    const browser = await browserSubscription();
    const saved = await call<Subscription>('POST', '/api/web-push/subscriptions', { token: user, body: browser.json });
    await pushToUser(demo, String(userId), { title: 't', body: 'b', url: '//evil.example/x', tag: 'link' });
    const log = await pushService<PushServiceLog>('GET', `/subscriptions/${browser.standIn}/messages`);
    expect(JSON.parse((log.json.messages[0] as ReceivedPush).payload).url).toBe('/');
    await call('DELETE', `/api/web-push/subscriptions/${saved.body.id}`, { token: user });
  });

  it.each([
    ['an internal address', 'http://127.0.0.1:8000/push/x'],
    ['the metadata service', 'https://169.254.169.254/latest/meta-data'],
    ['plain http to a push service', 'http://fcm.googleapis.com/fcm/send/abc'],
    ['a look-alike host', 'https://fcm.googleapis.com.evil.example/fcm/send/abc'],
    ['another port', 'https://fcm.googleapis.com:8443/fcm/send/abc'],
    ['credentials in the URL', 'https://user:pw@fcm.googleapis.com/fcm/send/abc'],
    ['a host of no push service', 'https://example.com/push'],
  ])('refuses %s as endpoint', async (_name, endpoint) => {
    const browser = await browserSubscription();
    const answer = await call<{ violations: { propertyPath: string }[] }>('POST', '/api/web-push/subscriptions', {
      token: user,
      body: { ...browser.json, endpoint },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.violations.map((v) => v.propertyPath)).toEqual(['endpoint']);
  });

  it('takes a known push service and refuses keys of the wrong size', async () => {
    const browser = await browserSubscription();
    const fcm = { ...browser.json, endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(8).toString('hex')}` };
    const saved = await call<Subscription>('POST', '/api/web-push/subscriptions', { token: user, body: fcm });
    expect(saved.status).toBe(201);
    expect(saved.body.push_service).toBe('https://fcm.googleapis.com');
    await call('DELETE', `/api/web-push/subscriptions/${saved.body.id}`, { token: user });

    for (const keys of [
      { p256dh: `B${'A'.repeat(20_000)}`, auth: browser.json.keys.auth },
      { p256dh: browser.json.keys.p256dh, auth: 'A'.repeat(64) },
      { p256dh: `A${browser.json.keys.p256dh.slice(1)}`, auth: browser.json.keys.auth },
    ]) {
      const answer = await call('POST', '/api/web-push/subscriptions', {
        token: user,
        body: { ...browser.json, keys },
      });
      expect(answer.status).toBe(422);
    }
  });

  it("keeps a person's subscriptions from every other person, in the tenant and outside it", async () => {
    const browser = await browserSubscription();
    const saved = await call<Subscription>('POST', '/api/web-push/subscriptions', { token: user, body: browser.json });
    const path = `/api/web-push/subscriptions/${saved.body.id}`;
    for (const login of ['manager', 'admin', 'acme-admin', 'acme-user']) {
      const intruder = await tokenOf(login);
      expect((await call('DELETE', path, { token: intruder })).status).toBe(404);
      expect((await subscriptionsOf(intruder)).map((s) => s.id)).not.toContain(saved.body.id);
    }
    // The super admin (of demo) acting in acme is no person of acme: their id there may be someone else's.
    const superadmin = await tokenOf('superadmin');
    const acting = { token: superadmin, headers: { 'x-tenant-id': '2' } };
    expect((await call('POST', '/api/web-push/subscriptions', { ...acting, body: browser.json })).status).toBe(403);
    expect((await call('DELETE', path, acting)).status).toBe(404);
    expect((await subscriptionsOf(user)).map((s) => s.id)).toContain(saved.body.id);
    expect((await call('DELETE', path, { token: user })).status).toBe(204);
    expect((await call('DELETE', path, { token: user })).status).toBe(404);
  });
});

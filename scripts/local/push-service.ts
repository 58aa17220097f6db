import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import { HOST, localHttpServer } from './config';
import { decryptAes128gcm, type ReceiverKeys, verifyVapid } from './push-crypto';
import type { Service } from './services';

/**
 * Local stand-in for a browser vendor's push service (RFC 8030), which the product reaches on AWS and nothing here
 * can. A test plays the browser: it makes the subscription's keys (ECDH P-256 and a 16-byte auth secret, as a
 * browser does), registers them here and gets an endpoint to hand to the product. Each push to that endpoint is
 * checked as a push service and a browser would (push-crypto.ts: the VAPID JWT, then the aes128gcm body) and
 * recorded, with what was refused and why. The local stack names this origin in PUSH_LOCAL_SERVICE_ORIGIN, the
 * one origin outside the push-service allow-list the product sends to, and only off AWS
 * (functions/lib/web-push/push-endpoint.ts).
 *
 *   POST /subscriptions { privateKey, publicKey, auth, status? }  -> 201 { id, endpoint }
 *   PUT  /subscriptions/{id}/status { status }                    -> what the next pushes are answered (410: gone)
 *   GET  /subscriptions/{id}/messages                             -> { messages: [...], refused: [...] }
 *   POST /push/{id}                                               -> the push service's endpoint
 */
export interface ReceivedPush {
  payload: string;
  vapid: { aud: string; exp: number; sub: string; k: string };
  ttl: string | null;
  urgency: string | null;
  topic: string | null;
  status: number;
}

interface Subscription {
  keys: ReceiverKeys;
  status: number;
  messages: ReceivedPush[];
  refused: { reason: string }[];
}

const MAX_BODY = 8 * 1024;
const MAX_SUBSCRIPTIONS = 1000;

const send = (res: http.ServerResponse, status: number, body?: unknown) => {
  res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
  res.end(body === undefined ? undefined : JSON.stringify(body));
};

const readBody = (req: http.IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on('end', () => (size > MAX_BODY ? reject(new Error('too large')) : resolve(Buffer.concat(chunks))));
    req.on('error', reject);
  });

const isKey = (value: unknown): value is string => typeof value === 'string' && /^[A-Za-z0-9_-]{16,200}$/.test(value);

function createHandler(origin: string) {
  const subscriptions = new Map<string, Subscription>();

  async function register(req: http.IncomingMessage, res: http.ServerResponse) {
    const body = JSON.parse((await readBody(req)).toString('utf8') || '{}') as Partial<ReceiverKeys> & {
      status?: number;
    };
    if (!isKey(body.privateKey) || !isKey(body.publicKey) || !isKey(body.auth))
      return send(res, 400, { error: 'privateKey, publicKey and auth (base64url) are required' });
    if (subscriptions.size >= MAX_SUBSCRIPTIONS) subscriptions.delete(subscriptions.keys().next().value as string);
    const id = randomBytes(12).toString('base64url');
    const keys = { privateKey: body.privateKey, publicKey: body.publicKey, auth: body.auth };
    subscriptions.set(id, { keys, status: body.status ?? 201, messages: [], refused: [] });
    send(res, 201, { id, endpoint: `${origin}/push/${id}` });
  }

  async function push(subscription: Subscription, req: http.IncomingMessage, res: http.ServerResponse) {
    const refuse = (status: number, reason: string) => {
      subscription.refused.push({ reason });
      send(res, status, { reason });
    };
    const vapid = verifyVapid(req.headers.authorization, origin);
    if (!vapid.ok) return refuse(401, vapid.reason);
    if (req.headers['content-encoding'] !== 'aes128gcm') return refuse(415, 'Content-Encoding is not aes128gcm');
    if (!req.headers.ttl) return refuse(400, 'no TTL header');
    const decrypted = decryptAes128gcm(await readBody(req), subscription.keys);
    if (!decrypted.ok) return refuse(400, decrypted.reason);
    const header = (name: string) => (req.headers[name] as string | undefined) ?? null;
    subscription.messages.push({
      payload: decrypted.value,
      vapid: vapid.value,
      ttl: header('ttl'),
      urgency: header('urgency'),
      topic: header('topic'),
      status: subscription.status,
    });
    send(res, subscription.status);
  }

  return async (req: http.IncomingMessage, res: http.ServerResponse) => {
    try {
      const { pathname } = new URL(req.url ?? '/', origin);
      const [, first, id, rest] = pathname.split('/');
      const subscription = id ? subscriptions.get(id) : undefined;
      if (req.method === 'POST' && first === 'subscriptions' && !id) return await register(req, res);
      if (!subscription) return send(res, 404, { reason: 'no such subscription' });
      if (req.method === 'POST' && first === 'push' && !rest) return await push(subscription, req, res);
      if (req.method === 'GET' && first === 'subscriptions' && rest === 'messages')
        return send(res, 200, { messages: subscription.messages, refused: subscription.refused });
      if (req.method === 'PUT' && first === 'subscriptions' && rest === 'status') {
        const { status } = JSON.parse((await readBody(req)).toString('utf8') || '{}') as { status?: number };
        if (!Number.isInteger(status) || (status as number) < 200 || (status as number) > 599)
          return send(res, 400, { error: 'status must be an HTTP status' });
        subscription.status = status as number;
        return send(res, 204);
      }
      send(res, 404, { reason: 'not found' });
    } catch (error) {
      send(res, 400, { error: (error as Error).message });
    }
  };
}

export async function startPushService(port: number): Promise<Service & { origin: string }> {
  const origin = `http://${HOST}:${port}`;
  const handler = createHandler(origin);
  const server = localHttpServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve) => server.listen(port, HOST, resolve));
  return {
    name: 'Push service (stand-in)',
    url: origin,
    origin,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

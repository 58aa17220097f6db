import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { signAppSyncRequest } from '../../functions/lib/live/sigv4';
import {
  LIVE_LEASE_EARLY_MS,
  type LiveChange,
  type LiveEvent,
  leasedChannel,
  leaseOf,
  msUntilNextLease,
  parseLiveChannel,
} from '../../shared/schemas/live';
import { readStack } from './stack';

/**
 * A client of the local AppSync Events stand-in speaking the realtime protocol as aws-amplify's Events client
 * does (subprotocols `aws-appsync-event-ws` + `header-<base64url JSON>`, connection_init, subscribe with the
 * token in `authorization`), for the push tests. Every message received is kept, in order.
 */
export const liveBaseUrl = () => `http://127.0.0.1:${readStack().ports.LIVE_PORT}`;

export interface LiveMessage {
  type: string;
  id?: string;
  event?: string;
  errors?: { errorType: string; message: string }[];
  connectionTimeoutMs?: number;
}

export interface LiveClient {
  messages: LiveMessage[];
  raw: string[];
  closed: Promise<{ code: number; reason: string }>;
  /** The connection's first answer: connection_ack, or connection_error. */
  opened: Promise<LiveMessage>;
  /** A view's logical name subscribes to its channel of the current lease (wireName). */
  subscribe(channel: string, token?: string): Promise<LiveMessage>;
  send(message: object): void;
  next(match: (message: LiveMessage) => boolean, timeoutMs?: number): Promise<LiveMessage>;
  /** Every change received on any subscription so far. */
  changes(): LiveChange[];
  close(): void;
}

/**
 * What the console subscribes to for a view's logical name (`staffChannel(1)`): its channel of the current lease.
 * Any other name (a wire name with its lease, a wildcard, something malformed) is sent as it is.
 */
export function wireName(channel: string, now = Date.now()): string {
  const parsed = parseLiveChannel(channel);
  return parsed && parsed.lease === undefined ? leasedChannel(channel, leaseOf(now)) : channel;
}

export function connectLive(token: string): LiveClient {
  const base = liveBaseUrl();
  const host = new URL(base).host;
  const header = Buffer.from(JSON.stringify({ host, Authorization: token })).toString('base64url');
  const socket = new WebSocket(`${base.replace('http', 'ws')}/event/realtime`, [
    'aws-appsync-event-ws',
    `header-${header}`,
  ]);
  const messages: LiveMessage[] = [];
  const raw: string[] = [];
  const waiters: { match: (m: LiveMessage) => boolean; resolve: (m: LiveMessage) => void }[] = [];
  socket.on('message', (data) => {
    raw.push(String(data));
    const message = JSON.parse(String(data)) as LiveMessage;
    messages.push(message);
    for (const waiter of [...waiters])
      if (waiter.match(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  const next = (match: (m: LiveMessage) => boolean, timeoutMs = 30_000) => {
    const found = messages.find(match);
    if (found) return Promise.resolve(found);
    return new Promise<LiveMessage>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`No matching live message; got ${JSON.stringify(messages)}`)),
        timeoutMs,
      );
      waiters.push({
        match,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  };
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  }).then(() => {
    socket.send(JSON.stringify({ type: 'connection_init' }));
    return next((m) => m.type === 'connection_ack' || m.type === 'connection_error');
  });
  return {
    messages,
    raw,
    closed,
    opened,
    send: (message) => socket.send(JSON.stringify(message)),
    next,
    subscribe: async (name, subscribeToken = token) => {
      const once = (channel: string) => {
        const id = randomUUID();
        socket.send(
          JSON.stringify({ type: 'subscribe', id, channel, authorization: { host, Authorization: subscribeToken } }),
        );
        return next((m) => m.id === id && (m.type === 'subscribe_success' || m.type === 'subscribe_error'));
      };
      const now = Date.now();
      const channel = wireName(name, now);
      // In a lease's last minute the next lease is subscribed to as well, as the console's own switch at the end
      // of a lease would: a test's message published after the turn still arrives.
      const turning = channel !== name && msUntilNextLease(now) <= LIVE_LEASE_EARLY_MS;
      const [answer] = await Promise.all([
        once(channel),
        ...(turning ? [once(wireName(name, now + LIVE_LEASE_EARLY_MS))] : []),
      ]);
      return answer as LiveMessage;
    },
    changes: () =>
      messages.flatMap((m) => (m.type === 'data' && m.event ? (JSON.parse(m.event) as LiveEvent).changes : [])),
    close: () => socket.close(),
  };
}

/** POST /event signed with the backend's local credentials (or with `authorization` instead, to be refused). */
export async function publishLive(body: unknown, authorization?: string): Promise<{ status: number; body: unknown }> {
  const url = new URL(`${liveBaseUrl()}/event`);
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const headers = authorization
    ? { 'content-type': 'application/json', authorization }
    : await signAppSyncRequest(
        { method: 'POST', url, headers: { 'content-type': 'application/json' }, body: text },
        { accessKeyId: 'local', secretAccessKey: 'local' },
        'eu-west-1',
      );
  const { host: _host, ...sent } = headers as Record<string, string>;
  const response = await fetch(url, { method: 'POST', headers: sent, body: text });
  return { status: response.status, body: await response.json().catch(() => null) };
}

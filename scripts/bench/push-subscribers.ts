import WebSocket from 'ws';
import { signAppSyncRequest } from '../../functions/lib/live/sigv4';
import { type LiveEvent, leasedChannel, leaseOf, msUntilNextLease, staffChannel } from '../../shared/schemas/live';
import { port } from '../local/config';

/**
 * The clients of the live push bench (push.bench.ts): sockets speaking the realtime protocol of the local
 * AppSync Events stand-in, and a signed publish as the publisher sends one.
 */
export interface Receipts {
  latencies: number[];
  messages: number;
  bytes: number;
}

/** One socket speaking the realtime protocol, subscribed to `channel`; resolves once subscribed. */
export function subscriber(
  token: string,
  channel: string,
  sent: Map<string, number>,
  receipts: Receipts,
): Promise<WebSocket> {
  const base = `127.0.0.1:${port('LIVE_PORT')}`;
  const header = Buffer.from(JSON.stringify({ host: base, Authorization: token })).toString('base64url');
  const socket = new WebSocket(`ws://${base}/event/realtime`, ['aws-appsync-event-ws', `header-${header}`]);
  return new Promise((resolve, reject) => {
    socket.on('error', reject);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init' })));
    socket.on('message', (raw) => {
      const text = String(raw);
      const message = JSON.parse(text) as { type: string; event?: string };
      if (message.type === 'connection_ack')
        socket.send(
          JSON.stringify({ type: 'subscribe', id: '1', channel, authorization: { host: base, Authorization: token } }),
        );
      else if (message.type === 'subscribe_success') resolve(socket);
      else if (message.type === 'subscribe_error') reject(new Error(text));
      else if (message.type === 'data' && message.event) {
        const now = Date.now();
        receipts.messages += 1;
        receipts.bytes += Buffer.byteLength(text);
        for (const change of (JSON.parse(message.event) as LiveEvent).changes) {
          const at = change.t === 'asset' && change.m ? sent.get(`${change.id}:${change.m[5]}`) : undefined;
          if (at !== undefined) receipts.latencies.push(now - at);
        }
      }
    });
  });
}

/**
 * The demo staff channel of the lease a phase runs in, as a console subscribes to it. A phase starts with at
 * least 2 minutes of its lease left (waiting for the next one otherwise), so its messages all go to this lease
 * (docs/decisions/0309-live-subscriptions-end-with-a-five-minute-lease.md).
 */
export async function leaseChannel(): Promise<string> {
  const left = msUntilNextLease(Date.now());
  if (left < 120_000) await new Promise((resolve) => setTimeout(resolve, left + 1_000));
  return leasedChannel(staffChannel(1), leaseOf(Date.now()));
}

/** A signed POST of one event to the stand-in (as the publisher sends it). */
export async function publishOne(channel: string, changes: LiveEvent['changes'], seq: number) {
  const url = new URL(`http://127.0.0.1:${port('LIVE_PORT')}/event`);
  const body = JSON.stringify({
    channel,
    events: [JSON.stringify({ v: 1, cursor: `b${seq}`, changes })],
  });
  const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  const { host: _host, ...headers } = await signAppSyncRequest(
    { method: 'POST', url, headers: { 'content-type': 'application/json' }, body },
    credentials,
    'eu-west-1',
  );
  await fetch(url, { method: 'POST', headers, body });
}

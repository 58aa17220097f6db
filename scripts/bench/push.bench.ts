import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import WebSocket from 'ws';
import type { DeviceRecord } from '../../functions/lib/devices/device-repository';
import { signAppSyncRequest } from '../../functions/lib/live/sigv4';
import type { NormalizedUplink } from '../../functions/lib/pipeline/contracts';
import { enqueueUplinks } from '../../functions/lib/pipeline/queue/uplink-queue';
import { type LiveEvent, staffChannel } from '../../shared/schemas/live';
import { port } from '../local/config';
import { DEMO_PASSWORD } from '../seed/seed';
import { markdownTable } from './markdown-table';
import { demoDevices } from './pipeline.bench';

/**
 * Live push (docs/performance.md "push"): BENCH_PUSH_CLIENTS (1,000) sockets in this process, all
 * subscribed to the demo tenant's staff channel of the local AppSync Events stand-in (the worst case: every
 * subscriber hears every change), while BENCH_PUSH_RATE (50) uplinks a second go through the local pipeline
 * (MQTT -> IoT rule -> ingest -> SQS -> processor -> publisher -> stand-in). Measured: uplink publish -> client
 * receipt (p50/p95, every client's receipt of every change), messages and bytes per client per minute, and the
 * stack process's CPU with and without the subscribers at the same uplink rate (their difference: fan-out).
 */
const CLIENTS = Number(process.env.BENCH_PUSH_CLIENTS ?? 1000);
const RATE = Number(process.env.BENCH_PUSH_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_PUSH_SECONDS ?? 30);
/** A rate the local processor keeps up with on a shared 2-core box (~16 uplinks/s at most: dynalite writes). */
const SUSTAINABLE_RATE = Number(process.env.BENCH_PUSH_STEADY_RATE ?? 8);

async function signIn(apiUrl: string, login: string): Promise<string> {
  const response = await fetch(`${apiUrl}/user/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: login, password: DEMO_PASSWORD }),
  });
  return ((await response.json()) as { token: string }).token;
}

interface Receipts {
  latencies: number[];
  messages: number;
  bytes: number;
}

/** One socket speaking the realtime protocol, subscribed to `channel`; resolves once subscribed. */
function subscriber(token: string, channel: string, sent: Map<string, number>, receipts: Receipts): Promise<WebSocket> {
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
 * CPU seconds (user + system) so far of every process in the stack's process group (tsx starts start.ts as a
 * child; cognito-local is one too), from /proc.
 */
export function cpuSeconds(groupId: number): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      if (Number(fields[2]) === groupId) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks / 100;
}

/**
 * RATE uplinks a second for SECONDS into the uplink queue (SQS stand-in -> poller -> processor -> publisher ->
 * stand-in), round robin over the tags, each a few metres on; `sent` keys asset:second. Not over MQTT: the
 * broker, rule and ingest before the queue sustain ~9 uplinks/s on this shared box (section "pipeline"), which
 * would measure their backlog, not push.
 */
async function drive(devices: DeviceRecord[], sent: Map<string, number>, rate: number) {
  const started = Date.now();
  let n = 0;
  const sending: Promise<void>[] = [];
  while (Date.now() - started < SECONDS * 1000) {
    const due = Math.floor(((Date.now() - started) / 1000) * rate);
    const batch: NormalizedUplink[] = [];
    for (; n < due; n++) {
      const device = devices[n % devices.length] as DeviceRecord;
      const at = new Date(Math.floor(Date.now() / 1000) * 1000);
      const fix = {
        latitude: (device.last_event?.latitude as number) + ((n % 7) * 3) / 111_000,
        longitude: device.last_event?.longitude as number,
        accuracy: 10,
        source: 'gnss' as const,
      };
      sent.set(`${device.asset?.id}:${at.getTime() / 1000}`, Date.now());
      batch.push({
        tenant: '1',
        devEui: device.dev_eui,
        source: 'mqtt',
        measuredAt: at.toISOString(),
        receivedAt: new Date().toISOString(),
        decoded: { eventType: 'moving', fix },
      });
    }
    if (batch.length > 0) sending.push(enqueueUplinks(batch));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await Promise.all(sending);
  return n;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

interface Phase {
  uplinks: number;
  receipts: Receipts;
  clients: number;
  minutes: number;
  /** CPU seconds of the stack's processes from the first uplink until the last message arrived. */
  stackCpu: number;
  benchCpu: number;
}

/** `clients` subscribers (at least one, to see the last message arrive), RATE uplinks/s, until all arrived. */
async function phase(
  token: string,
  clients: number,
  devices: DeviceRecord[],
  stackPid?: number,
  rate = RATE,
): Promise<Phase> {
  const sent = new Map<string, number>();
  const receipts: Receipts = { latencies: [], messages: 0, bytes: 0 };
  const sockets: WebSocket[] = [];
  for (let i = 0; i < clients; i += 50)
    sockets.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(50, clients - i) }, () => subscriber(token, staffChannel(1), sent, receipts)),
      )),
    );
  const cpu = () => (stackPid ? cpuSeconds(stackPid) : Number.NaN);
  const cpuBefore = cpu();
  const benchBefore = process.cpuUsage();
  const started = Date.now();
  const uplinks = await drive(devices, sent, rate);
  // Until the backlog is through: no new message for 3 s.
  let last = -1;
  while (receipts.messages !== last) {
    last = receipts.messages;
    await new Promise((resolve) => setTimeout(resolve, 3000));
  }
  const minutes = (Date.now() - started - 3000) / 60_000;
  const bench = process.cpuUsage(benchBefore);
  for (const socket of sockets) socket.close();
  return {
    uplinks,
    receipts,
    clients,
    minutes,
    stackCpu: cpu() - cpuBefore,
    benchCpu: (bench.user + bench.system) / 1e6,
  };
}

/** A signed POST of one event to the stand-in (as the publisher sends it). */
async function publishOne(changes: LiveEvent['changes'], seq: number) {
  const url = new URL(`http://127.0.0.1:${port('LIVE_PORT')}/event`);
  const body = JSON.stringify({
    channel: staffChannel(1),
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

/**
 * Fan-out alone: with CLIENTS subscribers and the pipeline idle, the stack's CPU for MESSAGES published
 * messages of 50 marker changes (a busy second's message), less its idle CPU over the same time.
 */
async function fanOutCpu(token: string, stackPid: number | undefined) {
  const MESSAGES = 40;
  const receipts: Receipts = { latencies: [], messages: 0, bytes: 0 };
  const sockets: WebSocket[] = [];
  for (let i = 0; i < CLIENTS; i += 50)
    sockets.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(50, CLIENTS - i) }, () =>
          subscriber(token, staffChannel(1), new Map(), receipts),
        ),
      )),
    );
  const cpu = () => (stackPid ? cpuSeconds(stackPid) : Number.NaN);
  const idleStart = cpu();
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const idlePerSecond = (cpu() - idleStart) / 5;
  const changes = Array.from({ length: 50 }, (_, i) => ({
    t: 'asset' as const,
    id: 1000 + i,
    m: [1000 + i, `Haspel H-${1000 + i}`, 2, 52.12345, 5.12345, 1764100000, 0] as [
      number,
      string,
      number,
      number,
      number,
      number,
      number,
    ],
  }));
  const before = cpu();
  const started = Date.now();
  for (let i = 0; i < MESSAGES; i++) {
    await publishOne(changes, i);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  while (receipts.messages < MESSAGES * CLIENTS && Date.now() - started < 120_000)
    await new Promise((resolve) => setTimeout(resolve, 100));
  const seconds = (Date.now() - started) / 1000;
  for (const socket of sockets) socket.close();
  return { perMessageMs: ((cpu() - before - idlePerSecond * seconds) / MESSAGES) * 1000, delivered: receipts.messages };
}

export async function benchPush(
  apiUrl: string,
  stackPid: number | undefined,
  log: (line: string) => void,
): Promise<string> {
  const devices = (await demoDevices()).filter((d) => d.asset?.id);
  const token = await signIn(apiUrl, 'admin');
  log(`push: ${RATE} uplinks/s for ${SECONDS} s, 1 subscriber`);
  const quiet = await phase(token, 1, devices, stackPid);
  log(`push: ${RATE} uplinks/s for ${SECONDS} s, ${CLIENTS} subscribers`);
  const loaded = await phase(token, CLIENTS, devices, stackPid);
  log(`push: fan-out alone, ${CLIENTS} subscribers`);
  const fanOut = await fanOutCpu(token, stackPid);
  log(`push: ${SUSTAINABLE_RATE} uplinks/s (what the local processor keeps up with), ${CLIENTS} subscribers`);
  const steady = await phase(token, CLIENTS, devices, stackPid, SUSTAINABLE_RATE);
  const steadySorted = steady.receipts.latencies.sort((a, b) => a - b);
  const sorted = loaded.receipts.latencies.sort((a, b) => a - b);
  const perClientMinute = (n: number) => n / CLIENTS / loaded.minutes;
  const cpuPerUplink = (p: Phase) => (p.stackCpu / p.uplinks) * 1000;
  const load = os
    .loadavg()
    .map((v) => v.toFixed(1))
    .join(' / ');
  return [
    '## Live push (`npm run bench`, scripts/bench/push.bench.ts)',
    '',
    `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node.js ${process.version}, ${os.cpus().length} ` +
      `cores shared with other work (load average 1/5/15 min at the end: ${load}). ${CLIENTS} sockets in the bench ` +
      `process on the demo tenant's staff channel of the local AppSync Events stand-in (every subscriber hears every ` +
      `change: the worst case), ${RATE} uplinks/s for ${SECONDS} s into the uplink queue (SQS stand-in, poller, ` +
      'processor, publisher, stand-in: one Node.js process; not over MQTT, whose broker, rule and ingest sustain ~9/s ' +
      'on this box, see "pipeline"). Latency is from the enqueue to each client\'s receipt, until the backlog is ' +
      'through. The coalescer sends at most one message a second per channel per process (LIVE_MIN_INTERVAL_MS).',
    '',
    ...markdownTable(
      [{ heading: 'measure' }, { heading: 'value' }],
      [
        ['uplinks enqueued / marker updates received (all clients)', `${loaded.uplinks} / ${sorted.length}`],
        [
          'uplinks processed per second (enqueue of the first to receipt of the last)',
          (loaded.uplinks / (loaded.minutes * 60)).toFixed(1),
        ],
        [
          'enqueue -> client receipt, p50 / p95 / max',
          `${quantile(sorted, 0.5)} / ${quantile(sorted, 0.95)} / ${sorted.at(-1)} ms`,
        ],
        ['messages per client per minute', perClientMinute(loaded.receipts.messages).toFixed(1)],
        [
          'bytes per client per minute (realtime frames as sent)',
          Math.round(perClientMinute(loaded.receipts.bytes)).toLocaleString('en'),
        ],
        ['changes per message (mean)', (sorted.length / Math.max(1, loaded.receipts.messages)).toFixed(1)],
        [
          `stack CPU per uplink, 1 subscriber / ${CLIENTS} subscribers`,
          `${cpuPerUplink(quiet).toFixed(1)} / ${cpuPerUplink(loaded).toFixed(1)} ms`,
        ],
        [
          `fan-out CPU per message of 50 changes to ${CLIENTS} subscribers (pipeline idle; ${fanOut.delivered} deliveries)`,
          `${fanOut.perMessageMs.toFixed(0)} ms`,
        ],
        [
          `at ${SUSTAINABLE_RATE} uplinks/s (the local processor keeps up): enqueue -> receipt p50 / p95 / max`,
          `${quantile(steadySorted, 0.5)} / ${quantile(steadySorted, 0.95)} / ${steadySorted.at(-1)} ms`,
        ],
        [
          `at ${SUSTAINABLE_RATE} uplinks/s: messages / bytes per client per minute`,
          `${(steady.receipts.messages / CLIENTS / steady.minutes).toFixed(1)} / ${Math.round(steady.receipts.bytes / CLIENTS / steady.minutes).toLocaleString('en')}`,
        ],
        [
          `bench process CPU receiving (${CLIENTS} sockets, parse every change)`,
          `${((loaded.benchCpu / (loaded.minutes * 60)) * 100).toFixed(0)} % of a core`,
        ],
      ],
    ),
  ].join('\n');
}

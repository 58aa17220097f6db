import os from 'node:os';
import { DEMO_PASSWORD } from '../seed/seed';
import { markdownTable } from './markdown-table';
import { demoDevices } from './pipeline.bench';
import { CLIENTS, fanOutCpu, type Phase, phase, RATE, SECONDS } from './push-phases';

/**
 * Live push (docs/performance.md "push"): BENCH_PUSH_CLIENTS (1,000) sockets in this process, all
 * subscribed to the demo tenant's staff channel of the local AppSync Events stand-in (the worst case: every
 * subscriber hears every change), while BENCH_PUSH_RATE (50) uplinks a second go through the local pipeline
 * (MQTT -> IoT rule -> ingest -> SQS -> processor -> publisher -> stand-in). Measured: uplink publish -> client
 * receipt (p50/p95, every client's receipt of every change), messages and bytes per client per minute, and the
 * stack process's CPU with and without the subscribers at the same uplink rate (their difference: fan-out).
 */

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

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

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

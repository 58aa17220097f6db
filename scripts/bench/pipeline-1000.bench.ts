import os from 'node:os';
import { markdownTable } from './markdown-table';
import { type CeilingResult, ceiling, type LatencyMs, recordCeilingPass } from './pipeline-ceiling';
import { type Latencies, median, p95, type StepResult, scaleSteps, standInLatencies } from './pipeline-scale.bench';
import { ensureTagsTenant, positionedDevices } from './seed-tags';

/**
 * docs/performance.md, section "pipeline-1000": the simulator at 1,000 tags through the whole
 * local path in steps of rising rate (pipeline-scale.bench.ts), and the processor's own ceiling with its table
 * calls stubbed at the stand-in's latencies measured in the same run and at DynamoDB-like ones
 * (pipeline-ceiling.ts). BENCH_SCALE_RATES (default 3.3,10,20 uplinks/s), BENCH_SCALE_SECONDS (20 a step),
 * BENCH_SCALE_TAGS (1000).
 */
const TAGS = Number(process.env.BENCH_SCALE_TAGS ?? 1000);
const RATES = (process.env.BENCH_SCALE_RATES ?? '3.3,10,20').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 20);
/**
 * DynamoDB's "single-digit millisecond" latency (its product page), taken in the middle: an assumption, not a
 * measurement; the row with the stand-in's measured latencies is beside it.
 */
export const DYNAMODB_LIKE: LatencyMs = { get: 4, batchGet: 6, update: 6, put: 6 };

const ms = (values: number[]) => `${median(values).toFixed(1)} / ${p95(values).toFixed(1)}`;

function stepRows(steps: StepResult[], tags: number): string[] {
  return markdownTable(
    [
      { heading: 'offered uplinks/s', align: 'right' },
      { heading: 'every tag every', align: 'right' },
      { heading: 'sent', align: 'right' },
      { heading: 'processed uplinks/s (sent ÷ time until all applied)', align: 'right' },
      { heading: 'drained after publishing', align: 'right' },
      { heading: 'deepest uplink queue', align: 'right' },
      { heading: 'stack CPU (cores)', align: 'right' },
      { heading: 'stand-in GetItem p50 meanwhile', align: 'right' },
      { heading: 'tags whose last uplink never arrived', align: 'right' },
    ],
    steps.map((s) => [
      s.offered,
      `${(tags / s.offered).toFixed(0)} s`,
      s.sent,
      (s.sent / s.drainedSeconds).toFixed(1),
      `${(s.drainedSeconds - s.publishSeconds).toFixed(1)} s`,
      s.maxDepth,
      s.cpuShare.toFixed(2),
      `${s.probeGetMs.toFixed(1)} ms`,
      s.unapplied,
    ]),
  );
}

function ceilingRows(rows: [string, LatencyMs, CeilingResult][]): string[] {
  return markdownTable(
    [
      { heading: 'table calls answered after' },
      { heading: 'containers (batches at once)', align: 'right' },
      { heading: 'events/s', align: 'right' },
      { heading: 'batch of 10, median', align: 'right' },
      { heading: 'CPU per event', align: 'right' },
      { heading: 'reads the recording lacked', align: 'right' },
    ],
    rows.map(([label, l, r]) => [
      `${label} (Get ${l.get.toFixed(1)}, BatchGet ${l.batchGet.toFixed(1)}, Update ${l.update.toFixed(1)}, Put ${l.put.toFixed(1)} ms)`,
      r.concurrency,
      r.eventsPerSecond.toFixed(0),
      `${r.batchMsMedian.toFixed(1)} ms`,
      `${r.cpuMsPerEvent.toFixed(2)} ms`,
      r.misses,
    ]),
  );
}

export async function benchPipelineAtScale(stackPid: number | undefined, log: (line: string) => void): Promise<string> {
  // The processor's ceiling runs it in this process as Lambda does (CDK: LIVE_MIN_INTERVAL_MS=0, one message per
  // invocation); the live publisher reads the setting once, so before any batch of this process.
  process.env.LIVE_MIN_INTERVAL_MS = '0';
  const { tenantId, seededSeconds } = await ensureTagsTenant(TAGS, log);
  const devices = (await positionedDevices(tenantId)).slice(0, TAGS);
  log(`pipeline at scale: ${devices.length} tags in tenant ${tenantId}`);
  const idle: Latencies = await standInLatencies(devices, tenantId, 50);
  const steps = await scaleSteps(devices, tenantId, RATES, SECONDS, stackPid, log);
  const recorded = await recordCeilingPass(devices.slice(0, 200), tenantId);
  const measured: LatencyMs = {
    get: median(idle.get),
    batchGet: median(idle.batchGet),
    update: median(idle.update),
    put: median(idle.put),
  };
  const rows: [string, LatencyMs, CeilingResult][] = [];
  for (const [label, latency] of [
    ['the stand-in, measured', measured],
    ['DynamoDB-like, assumed', DYNAMODB_LIKE],
  ] as const) {
    for (const concurrency of [1, 8]) {
      log(`processor ceiling: ${label}, ${concurrency} at once`);
      rows.push([label, latency, await ceiling(recorded, latency, concurrency, concurrency === 1 ? 1 : 3)]);
    }
  }
  const load = os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');
  return [
    '## Pipeline at 1,000 tags (`npm run bench`, BENCH_SECTIONS=pipeline-1000)',
    '',
    `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node.js ${process.version}, ${os.cpus().length} cores ` +
      `shared with other work (load average 1/5/15 min at the end: ${load}). Tenant ${`bench-tags-1k`}: ${devices.length} ` +
      `tags on as many assets (the demo's kind of data${seededSeconds ? `, seeded in ${seededSeconds.toFixed(0)} s` : ''}). ` +
      `The simulator's fleet (scripts/simulate/fleet.ts) for every tag, over MQTT through one gateway of the tenant, ` +
      `${SECONDS} s a step, round robin over the tags; the stack (broker, IoT rules, ingest, SQS stand-in, poller with ` +
      '8 batches at once, processor, dynalite behind the DynamoDB front) is one Node.js process.',
    '',
    ...stepRows(steps, devices.length),
    '',
    `The DynamoDB stand-in from this process, idle before the steps (ms, median / p95 of 50): GetItem ${ms(idle.get)}, ` +
      `BatchGetItem of 10 ${ms(idle.batchGet)}, UpdateItem ${ms(idle.update)}, PutItem ${ms(idle.put)}.`,
    '',
    "**The processor's own ceiling**: the real processor on common-path uplinks of 200 of the tags (batches of 10), its " +
      'table calls answered by a stub after the latency in the first column (the answers recorded from the table in a ' +
      'pass just before); the live publish still goes to the local AppSync stand-in. One container runs one batch at a ' +
      'time, as a Lambda container does; 8 at once in this one process show where its CPU ends.',
    '',
    ...ceilingRows(rows),
  ].join('\n');
}

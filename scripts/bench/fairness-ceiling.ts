import type { SQSRecord } from 'aws-lambda';
import type { NormalizedUplink } from '../../functions/lib/pipeline/contracts';
import { uplinkGroupIdOf } from '../../functions/lib/pipeline/queue/message-group';
import { handler as processor } from '../../functions/pipeline/processor';
import { DEMO_CODEC_F_PORT, encodeDemoPayload } from '../seed/demo-codec';
import type { FairTenants } from './fairness-setup';
import { DYNAMODB_LIKE } from './pipeline-1000.bench';
import { recording, stubbed } from './pipeline-ceiling';

/**
 * The fairness of the processor where the local stack is not the bottleneck: the real processor in this
 * process, its table calls answered by a stub after DynamoDB-like latencies (pipeline-ceiling.ts, as the
 * 1,000-tag bench does), measures what one batch of B's uplinks and one batch of A's busy-codec uplinks take.
 * Those service times then drive a model of the queue as Lambda runs it: one FIFO queue, CONTAINERS batches at
 * once, each container taking up to 10 waiting messages in arrival order, B at its steady rate and A at rising
 * rates; each container its own CPU (as Lambda's are, and as one Node.js process is not). B's latency is from
 * an uplink's arrival to the end of its batch.
 */
export const CONTAINERS = Number(process.env.BENCH_FAIR_CONTAINERS ?? 8);
const MODEL_SECONDS = 600;
const B_RATE = 5;
export const A_RATES = [0, 10, 100, 200];
/** The lane on paper: a few containers for a tenant over budget. */
export const LANE_CONTAINERS = 2;

export interface CeilingRow {
  aRate: number;
  /** Containers of A's own lane; undefined: one pool shared by both tenants. */
  lane?: number;
  bP50: number;
  bP95: number;
  aProcessed: number;
  backlog: number;
}

export interface CeilingFigures {
  bMsPerUplink: number;
  aMsPerUplink: number;
  rows: CeilingRow[];
}

function records(uplinks: NormalizedUplink[], prefix: string): SQSRecord[][] {
  const all = uplinks.map(
    (uplink, i) =>
      ({
        messageId: `${prefix}-${i}`,
        body: JSON.stringify(uplink),
        attributes: { MessageGroupId: uplinkGroupIdOf(uplink) },
      }) as unknown as SQSRecord,
  );
  const batches: SQSRecord[][] = [];
  for (let i = 0; i < all.length; i += 10) batches.push(all.slice(i, i + 10));
  return batches;
}

/** Uplinks an hour ahead, a metre apart per tag: new to the table, so the recorded pass takes the common path. */
function uplinksOf(tenants: FairTenants) {
  const at = new Date(Math.floor(Date.now() / 1000) * 1000 + 3_600_000).toISOString();
  const b = tenants.b.tags.map(
    (tag, i): NormalizedUplink => ({
      tenant: tenants.b.tenantId,
      devEui: tag.devEui,
      source: 'mqtt',
      measuredAt: at,
      receivedAt: at,
      decoded: {
        eventType: 'moving',
        fix: { latitude: 52.0 + i * 0.002 + 0.01, longitude: 5.1 + i * 0.002, accuracy: 10, source: 'gnss' },
      },
    }),
  );
  const a = tenants.a.tags.map((tag, i): NormalizedUplink => {
    const raw = encodeDemoPayload({ latitude: 53.2 + i * 1e-4, longitude: 6.5, batteryMv: 3600, motion: true });
    return {
      tenant: tenants.a.tenantId,
      devEui: tag.devEui,
      source: 'tts',
      measuredAt: at,
      receivedAt: at,
      fPort: raw.fPort ?? DEMO_CODEC_F_PORT,
      payloadHex: raw.hex,
    };
  });
  return { b: records(b, 'fair-b'), a: records(a, 'fair-a') };
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? NaN;
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** Per uplink, the median over batches of a batch's time ÷ its uplinks. */
async function serviceMs(batches: SQSRecord[][], rounds: number): Promise<number> {
  const perUplink: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const batch of batches) {
      const started = performance.now();
      await processor({ Records: batch });
      perUplink.push((performance.now() - started) / batch.length);
    }
  }
  return median(perUplink);
}

type Message = { at: number; tenant: 'a' | 'b' };

/** Paced arrivals of a tenant over MODEL_SECONDS. */
function arrivalsOf(tenant: 'a' | 'b', rate: number): Message[] {
  const arrivals: Message[] = [];
  if (rate > 0) for (let t = 0; t < MODEL_SECONDS * 1000; t += 1000 / rate) arrivals.push({ at: t, tenant });
  return arrivals;
}

/** One pool of `containers` independent containers working one FIFO queue in batches of up to 10. */
function simulate(arrivals: Message[], containers: number, ms: { a: number; b: number }) {
  const queue = [...arrivals].sort((x, y) => x.at - y.at);
  const free = Array.from({ length: containers }, () => 0);
  const bLatencies: number[] = [];
  let aProcessed = 0;
  let next = 0;
  while (next < queue.length) {
    const container = free.indexOf(Math.min(...free));
    const start = Math.max(free[container] as number, (queue[next] as Message).at);
    if (start >= MODEL_SECONDS * 1000) break;
    const batch: Message[] = [];
    while (batch.length < 10 && next < queue.length && (queue[next] as Message).at <= start)
      batch.push(queue[next++] as Message);
    const end = start + batch.reduce((sum, m) => sum + ms[m.tenant], 0);
    free[container] = end;
    for (const m of batch) {
      if (m.tenant === 'b') bLatencies.push(end - m.at);
      else if (end <= MODEL_SECONDS * 1000) aProcessed++;
    }
  }
  return { bLatencies: bLatencies.sort((x, y) => x - y), aProcessed, backlog: queue.length - next };
}

/**
 * B at its rate beside A at `aRate`: in one shared pool (today's processor), or with A in a lane of its own of
 * `lane` containers (on paper: what a lane for a tenant over its codec budget does) and B keeping the pool.
 */
export function model(bMs: number, aMs: number, aRate: number, lane?: number): CeilingRow {
  const ms = { a: aMs, b: bMs };
  const b = arrivalsOf('b', B_RATE);
  const a = arrivalsOf('a', aRate);
  const shared = lane === undefined ? simulate([...b, ...a], CONTAINERS, ms) : undefined;
  const bSide = shared ?? simulate(b, CONTAINERS, ms);
  const aSide = shared ?? simulate(a, lane ?? CONTAINERS, ms);
  return {
    aRate,
    lane,
    bP50: quantile(bSide.bLatencies, 0.5) ?? NaN,
    bP95: quantile(bSide.bLatencies, 0.95) ?? NaN,
    aProcessed: aSide.aProcessed / MODEL_SECONDS,
    backlog: shared ? shared.backlog : aSide.backlog + bSide.backlog,
  };
}

export async function fairnessCeiling(tenants: FairTenants, log: (line: string) => void): Promise<CeilingFigures> {
  // Lambda's setting (CDK): one live message per invocation; the publisher reads it once.
  process.env.LIVE_MIN_INTERVAL_MS = '0';
  const { a, b } = uplinksOf(tenants);
  log('fairness ceiling: recording one pass of both tenants against the table');
  const answers = await recording(async () => {
    for (const batch of [...b, ...a]) await processor({ Records: batch });
  });
  let bMsPerUplink = NaN;
  let aMsPerUplink = NaN;
  log('fairness ceiling: batches at DynamoDB-like latencies');
  await stubbed(answers, DYNAMODB_LIKE, async () => {
    bMsPerUplink = await serviceMs(b, 3);
    aMsPerUplink = await serviceMs(a, 1);
  });
  return {
    bMsPerUplink,
    aMsPerUplink,
    rows: [
      ...A_RATES.map((rate) => model(bMsPerUplink, aMsPerUplink, rate)),
      ...A_RATES.slice(1).map((rate) => model(bMsPerUplink, aMsPerUplink, rate, LANE_CONTAINERS)),
    ],
  };
}

import { fairnessCeiling } from './fairness-ceiling';
import { drainQueue, eventCount, processorRefusals, refusedCount, takeDeadLetters } from './fairness-queues';
import { type PhaseRow, section } from './fairness-report';
import { type FairTenants, setUpFairTenants } from './fairness-setup';
import { type AFigures, busyCodec, publicBurst, refusedFlood } from './fairness-tenant-a';
import { PERIOD_S, TenantBLoad } from './fairness-tenant-b';
import { cpuSeconds } from './stack';

/**
 * docs/performance.md, section "fairness": tenant B's steady load alone, then beside each of tenant A's
 * attacks (fairness-tenant-a.ts), on the local stack; then the processor alone in this process with its table
 * calls answered at DynamoDB-like latencies, B's uplinks beside A's busy codec (fairness-ceiling.ts).
 * BENCH_FAIR_SECONDS (40) is each phase's window; B's tags keep their real period (BENCH_FAIR_PERIOD_S, 10 s),
 * so a window holds a few uplinks a tag. A phase starts on an empty uplink queue.
 */
const WINDOW_S = Number(process.env.BENCH_FAIR_SECONDS ?? 40);
/** Longest wait for one attack's backlog to leave the queue before the next phase. */
const DRAIN_CAP_MS = Number(process.env.BENCH_FAIR_DRAIN_CAP_MS ?? 240_000);

type Attack = (apiUrl: string, tenants: FairTenants, seconds: number) => Promise<AFigures>;

const PHASES: [string, Attack | undefined][] = [
  ['B alone (quiet)', undefined],
  ['(a) A floods B’s DEVEUIs through its gateway and TTS', refusedFlood],
  ['(b) A’s uplinks through a codec at its time limit, 100 profiles', busyCodec],
  ['(c) A bursts sign-in and the webhook routes', publicBurst],
];

async function phase(
  label: string,
  attack: Attack | undefined,
  context: { apiUrl: string; tenants: FairTenants; load: TenantBLoad; stackPid?: number },
  log: (line: string) => void,
): Promise<PhaseRow> {
  const { apiUrl, tenants, load, stackPid } = context;
  log(`fairness: ${label}, ${WINDOW_S} s`);
  const cpu = () => (stackPid ? cpuSeconds(stackPid) : Number.NaN);
  const cpuBefore = cpu();
  const eventsBefore = attack === busyCodec ? await eventCount(tenants.a.tenantId, tenants.a.tags) : 0;
  const refusedBefore = attack === refusedFlood ? await refusedCount(tenants.a.tenantId) : 0;
  const bRefusalsBefore = await processorRefusals(tenants.b.tenantId);
  const started = Date.now();
  const [b, a] = await Promise.all([load.run(WINDOW_S), attack?.(apiUrl, tenants, WINDOW_S)]);
  const bSeconds = (Date.now() - started) / 1000;
  const stackCores = (cpu() - cpuBefore) / bSeconds;
  // A's backlog leaves the queue before the next phase; for (b) the time it took is A's throughput.
  const drained = await drainQueue(DRAIN_CAP_MS);
  const aSeconds = (Date.now() - started) / 1000;
  await load.recheck(b);
  const deadLetters = await takeDeadLetters();
  const aDone =
    attack === busyCodec
      ? (await eventCount(tenants.a.tenantId, tenants.a.tags)) - eventsBefore
      : attack === refusedFlood
        ? (await refusedCount(tenants.a.tenantId)) - refusedBefore
        : undefined;
  return {
    label,
    b,
    bDeadLettered: deadLetters.get(tenants.b.tenantId) ?? 0,
    bProcessorRefused: (await processorRefusals(tenants.b.tenantId)) - bRefusalsBefore,
    a,
    aDone,
    aSeconds: attack === busyCodec ? aSeconds : WINDOW_S,
    aDeadLettered: deadLetters.get(tenants.a.tenantId) ?? 0,
    queueDrainSeconds: drained,
    stackCores,
  };
}

export async function benchFairness(
  apiUrl: string,
  superToken: string,
  stackPid: number | undefined,
  log: (line: string) => void,
): Promise<string> {
  const started = Date.now();
  log('fairness: setting up tenants A and B');
  const tenants = await setUpFairTenants(apiUrl, superToken);
  const load = new TenantBLoad(apiUrl, tenants);
  try {
    await load.signInAll();
    await drainQueue(DRAIN_CAP_MS);
    await takeDeadLetters();
    // One period first, so every asset has a position and every code path is warm; not reported.
    log('fairness: warm-up period');
    await load.run(PERIOD_S);
    const rows: PhaseRow[] = [];
    for (const [label, attack] of PHASES)
      rows.push(await phase(label, attack, { apiUrl, tenants, load, stackPid }, log));
    log('fairness: the processor alone at DynamoDB-like latencies');
    const ceiling = await fairnessCeiling(tenants, log);
    return section(rows, ceiling, { windowSeconds: WINDOW_S, seconds: (Date.now() - started) / 1000, tenants });
  } finally {
    await tenants.a.close();
    await tenants.b.close();
  }
}

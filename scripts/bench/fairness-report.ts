import os from 'node:os';
import { A_RATES, type CeilingFigures, CONTAINERS, LANE_CONTAINERS } from './fairness-ceiling';
import type { FairTenants } from './fairness-setup';
import { A_PROFILES, SLOW_CODEC_MS } from './fairness-setup';
import type { AFigures } from './fairness-tenant-a';
import { type BFigures, PERIOD_S, STALL_MS } from './fairness-tenant-b';
import { type Cell, markdownTable } from './markdown-table';

/** The markdown section "fairness" of docs/performance.md, from the phases fairness.bench.ts measured. */
export interface PhaseRow {
  label: string;
  b: BFigures;
  bDeadLettered: number;
  /** Refusals the processor stored for B during the phase. */
  bProcessorRefused: number;
  a?: AFigures;
  /** (a) refusals counted for A; (b) events stored on A's tags. */
  aDone?: number;
  aSeconds: number;
  aDeadLettered: number;
  queueDrainSeconds: number;
  stackCores: number;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};
const seconds = (ms: number) => (Number.isNaN(ms) ? '–' : (ms / 1000).toFixed(2));
const percent = (ok: number, total: number) =>
  total === 0 ? '–' : `${((ok / total) * 100).toFixed(0)} % (${ok}/${total})`;

function statuses(a: AFigures | undefined): string {
  if (!a) return '–';
  return [...a.statuses]
    .sort(([x], [y]) => x.localeCompare(y))
    .map(([status, n]) => `${status}: ${n}`)
    .join(', ');
}

/** A's throughput in the words of its attack. */
function throughput(row: PhaseRow, index: number): string {
  const a = row.a;
  if (!a) return '–';
  if (index === 1) return `${((row.aDone ?? 0) / row.aSeconds).toFixed(0)} refused and counted /s`;
  if (index === 2)
    return `${((row.aDone ?? 0) / row.aSeconds).toFixed(1)} events stored /s (${row.aDone} of ${a.sent}, until its backlog left the queue: ${row.aSeconds.toFixed(0)} s)`;
  const limited = [...a.statuses].filter(([status]) => status.endsWith(' 429')).reduce((n, [, c]) => n + c, 0);
  return `${(a.sent / a.seconds).toFixed(0)} answered /s, ${percent(limited, a.sent)} of them 429`;
}

function phaseTable(rows: PhaseRow[]): string[] {
  const quietP95 = quantile(rows[0]?.b.latencies ?? [], 0.95);
  const measure = (label: string, goal: string, cell: (row: PhaseRow, index: number) => Cell): Cell[] => [
    label,
    ...rows.map(cell),
    goal,
  ];
  return markdownTable(
    [
      { heading: 'measure' },
      ...rows.map((row) => ({ heading: row.label, align: 'right' as const })),
      { heading: 'goal' },
    ],
    [
      measure('B: uplinks sent (KPN and MQTT)', '', (r) => r.b.sent),
      measure(
        'B: uplink -> map, p50 / p95 (s)',
        '',
        (r) => `${seconds(quantile(r.b.latencies, 0.5))} / ${seconds(quantile(r.b.latencies, 0.95))}`,
      ),
      measure('B: p95 ÷ quiet p95', '≤ 1.5×', (r) => `${(quantile(r.b.latencies, 0.95) / quietP95).toFixed(2)}×`),
      measure(
        `B: uplinks on the map only after the queue drained (the wait gives up after ${STALL_MS / 1000} s without one)`,
        '0',
        (r) => r.b.late,
      ),
      measure('B: uplinks lost (neither they nor a later one of their tag ever on the map)', '0', (r) => r.b.lost),
      measure('B: uplinks dead-lettered', '0', (r) => r.bDeadLettered),
      measure('B: uplinks a way in did not take', '0', (r) => r.b.refused),
      measure('B: uplinks the processor refused', '0', (r) => r.bProcessorRefused),
      measure('B: sign-ins served', '100 %', (r) => percent(r.b.signIns.ok, r.b.signIns.total)),
      measure(
        'B: map and list reads, p95 (s) / failed',
        '',
        (r) => `${seconds(quantile(r.b.reads.latencies, 0.95))} / ${r.b.reads.failed}`,
      ),
      measure('A: requests and publishes sent', '', (r) => r.a?.sent ?? '–'),
      measure('A: answers', '', (r) => statuses(r.a)),
      measure('A: throughput', 'A slowed', throughput),
      measure('A: uplinks dead-lettered', '', (r) => r.aDeadLettered),
      measure('stack CPU during the phase (cores)', '', (r) => r.stackCores.toFixed(2)),
      measure('uplink queue empty again after (s)', '', (r) => r.queueDrainSeconds.toFixed(0)),
    ],
  );
}

function ceilingTable(ceiling: CeilingFigures): string[] {
  const quiet = ceiling.rows[0];
  return markdownTable(
    [
      { heading: 'processor containers' },
      { heading: 'A offered (codec uplinks/s)', align: 'right' },
      { heading: 'A’s codec work (containers busy)', align: 'right' },
      { heading: 'B: uplink -> stored, p50 / p95 (ms)', align: 'right' },
      { heading: 'B: p95 ÷ quiet', align: 'right' },
      { heading: 'A processed /s', align: 'right' },
      { heading: 'backlog after 600 s', align: 'right' },
    ],
    ceiling.rows.map((row) => [
      row.lane === undefined ? `${CONTAINERS}, shared` : `B ${CONTAINERS}, A a lane of ${row.lane} (on paper)`,
      row.aRate,
      ((row.aRate * ceiling.aMsPerUplink) / 1000).toFixed(2),
      `${row.bP50.toFixed(0)} / ${row.bP95.toFixed(0)}`,
      quiet ? `${(row.bP95 / quiet.bP95).toFixed(2)}×` : '–',
      row.aProcessed.toFixed(1),
      row.backlog,
    ]),
  );
}

export function section(
  rows: PhaseRow[],
  ceiling: CeilingFigures,
  run: { windowSeconds: number; seconds: number; tenants: FairTenants },
): string {
  const load = os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');
  return [
    '## Fairness between tenants (`npm run bench`, BENCH_SECTIONS=fairness)',
    '',
    `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node.js ${process.version}, ${os.cpus().length} cores ` +
      `shared with other work (load average 1/5/15 min at the end: ${load}), ${run.seconds.toFixed(0)} s in all. ` +
      `Tenant B: ${run.tenants.b.tags.length} tags, one uplink each every ${PERIOD_S} s (the real period; half through ` +
      'KPN Things, half through its gateway over MQTT), two users reading the map every 0.5 s and the asset list ' +
      'every 2 s and signing in again every 5 s. Each phase is a window of ' +
      `${run.windowSeconds} s (time compressed by the window, not the period), then B's users read on until every ` +
      "uplink of B's is on the map; the next phase starts on an empty uplink queue. Tenant A attacks from its own " +
      `address through the real routes and topics: (a) B's DEVEUIs through A's gateway and TTS webhook, 8 senders as ` +
      `fast as answered; (b) its ${run.tenants.a.tags.length} tags on ${A_PROFILES} device profiles whose codec spins ` +
      `${SLOW_CODEC_MS} ms of the sandbox's 50 ms on every run, one uplink a tag every ${PERIOD_S} s through TTS; ` +
      '(c) 8 senders as fast as answered: sign-ins (A’s users, and unknown logins with a wrong password), KPN posts ' +
      'with a wrong token, TTS posts with a wrong secret. The whole stack is one Node.js process.',
    '',
    ...phaseTable(rows),
    '',
    `**The processor where the local stack is not what saturates**: the real processor in the bench process, its ` +
      'table calls answered after DynamoDB-like latencies (Get 4, BatchGet 6, Update and Put 6 ms, as in "Pipeline ' +
      `at 1,000 tags"): a batch of B's uplinks takes ${ceiling.bMsPerUplink.toFixed(1)} ms an uplink, a batch of A's ` +
      `busy-codec uplinks ${ceiling.aMsPerUplink.toFixed(1)} ms an uplink. With those times, a model of the queue as ` +
      `Lambda runs it (one FIFO queue, ${CONTAINERS} containers at once each on its own CPU, batches of up to 10 in ` +
      `arrival order, B at 5 uplinks/s, A at ${A_RATES.slice(1).join(', ')} uplinks/s, 600 s), then the same with A ` +
      `in a lane of its own of ${LANE_CONTAINERS} containers and the pool left to B (on paper: what a lane for a ` +
      'tenant over its codec budget does):',
    '',
    ...ceilingTable(ceiling),
  ].join('\n');
}

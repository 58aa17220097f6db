import type { AreaLevel } from '../../functions/lib/area-search/area-keys';
import { AREA_READ_BUDGET, searchArea } from '../../functions/lib/area-search/area-search';
import type { AreaShape } from '../../shared/schemas/area-search';
import {
  AREA_BENCH_TENANT,
  DEPOT,
  DEPOT_FIXES_A_DAY,
  ensureAreaBenchData,
  FIELD_FIXES_A_KM2_DAY,
  SEEDED_DAYS,
} from './area-search-seed';
import { type Cell, markdownTable } from './markdown-table';

/**
 * The area search at 100k assets' density (area-search-seed.ts): areas around a hot depot, windows ending at the
 * seeded days' end, run in this process against the stack's table (no gateway), every read to its end (no
 * budget), so the items read are the whole cost. Items read are the machine-independent figure; the times are
 * the local stand-in's.
 */
const KM_PER_DEGREE = 111.195;
const HOUR = 3_600_000;
const lonPerKm = 1 / (KM_PER_DEGREE * Math.cos((DEPOT[1] * Math.PI) / 180));
const square = (sideKm: number): AreaShape => ({
  type: 'Rectangle',
  bbox: [
    DEPOT[0] - (sideKm / 2) * lonPerKm,
    DEPOT[1] - sideKm / 2 / KM_PER_DEGREE,
    DEPOT[0] + (sideKm / 2) * lonPerKm,
    DEPOT[1] + sideKm / 2 / KM_PER_DEGREE,
  ],
});

const AREAS: { name: string; area: AreaShape }[] = [
  { name: 'depot yard, 200 × 200 m', area: square(0.2) },
  { name: 'circle of 1 km²', area: { type: 'Circle', center: DEPOT, radius: 564 } },
  { name: 'square of 25 km²', area: square(5) },
  { name: 'square of 100 km²', area: square(10) },
];
const WINDOWS = [
  { name: '1 h', hours: 1 },
  { name: '24 h', hours: 24 },
  { name: `${SEEDED_DAYS} days`, hours: SEEDED_DAYS * 24 },
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

interface Measured {
  p50: number;
  p95: number;
  itemsRead: number;
  fixesInside: number;
  assets: number;
  precision: number;
  cells: number;
}

async function measure(
  data: Awaited<ReturnType<typeof ensureAreaBenchData>>,
  area: AreaShape,
  hours: number,
  level?: AreaLevel,
): Promise<Measured> {
  const body = {
    area,
    from: new Date(data.anchor - hours * HOUR).toISOString(),
    to: new Date(data.anchor).toISOString(),
  };
  const reps = Number(process.env.BENCH_REPS ?? 15);
  const run = () => searchArea(data.ctx, { kind: 'staff' }, body, { level, budget: Number.POSITIVE_INFINITY });
  await run();
  const times: number[] = [];
  let last = await run();
  for (let i = 0; i < reps; i++) {
    const t0 = performance.now();
    last = await run();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    itemsRead: last.itemsRead,
    fixesInside: last.fixesInside,
    assets: last.assets.length,
    precision: last.precision,
    cells: last.cells,
  };
}

const row = (area: string, window: string, m: Measured): Cell[] => [
  area,
  window,
  `${m.precision} (${m.cells})`,
  m.itemsRead,
  m.fixesInside,
  (m.itemsRead / Math.max(1, m.fixesInside)).toFixed(2),
  m.assets,
  m.p50.toFixed(0),
  m.p95.toFixed(0),
];

const COLUMNS = [
  { heading: 'area' },
  { heading: 'window' },
  { heading: 'precision (cells)' },
  { heading: 'items read', align: 'right' as const },
  { heading: 'events in area and window', align: 'right' as const },
  { heading: 'read / inside', align: 'right' as const },
  { heading: 'assets', align: 'right' as const },
  { heading: 'p50 ms', align: 'right' as const },
  { heading: 'p95 ms', align: 'right' as const },
];

export async function benchAreaSearch(log: (line: string) => void): Promise<string> {
  const data = await ensureAreaBenchData(log);
  const rows: Cell[][] = [];
  let throughput = 0;
  for (const { name, area } of AREAS) {
    for (const window of WINDOWS) {
      const m = await measure(data, area, window.hours);
      log(
        `  area search ${name}, ${window.name}: ${m.itemsRead} read, ${m.fixesInside} inside, p95 ${m.p95.toFixed(0)} ms`,
      );
      rows.push(row(name, window.name, m));
      if (m.p50 > 50) throughput = Math.max(throughput, m.itemsRead / (m.p50 / 1000));
    }
  }
  const levels: Cell[][] = [];
  for (const { name, area } of AREAS.slice(1, 3)) {
    for (const level of ['fine', 'coarse'] as const)
      levels.push(row(name, '24 h', await measure(data, area, 24, level)));
  }
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  return [
    '## Area search (`npm run bench`, BENCH_SECTIONS=area-search)',
    '',
    `Run ${when} UTC, tenant ${AREA_BENCH_TENANT}: the density of 100k assets and a year of events (96 a day an ` +
      `asset, ~3.5 billion) where the bench searches: ${FIELD_FIXES_A_KM2_DAY} fixes a km² a day over a 10 × 10 km ` +
      `square, plus a hot depot of 600 assets (${DEPOT_FIXES_A_DAY.toLocaleString('en')} fixes a day in its yard), ` +
      `for ${SEEDED_DAYS} days (${data.events.toLocaleString('en')} events; seeded in ` +
      `${data.seededSeconds ? `${data.seededSeconds.toFixed(0)} s` : 'an earlier run'}; scripts/bench/area-search-seed.ts). ` +
      'Every area is centred on the depot; each search read to its end (no read budget), in this process ' +
      `against the local stand-in, n = ${process.env.BENCH_REPS ?? 15} after a warm-up.`,
    '',
    ...markdownTable(COLUMNS, rows),
    '',
    'The same searches at either precision (24 h), which sets where the search changes from fine to coarse cells:',
    '',
    ...markdownTable(COLUMNS, levels),
    '',
    `Local throughput of the largest reads: ~${Math.round(throughput / 1000)}k items a second. Read budget of one ` +
      `search: ${AREA_READ_BUDGET.toLocaleString('en')} items (past it the answer says \`complete: false\`).`,
    '',
  ].join('\n');
}

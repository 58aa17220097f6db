import { geoZoneInputSchema, parseGeoZoneGeometry } from '../../shared/schemas/geo-zone';
import { polygonProblems } from '../../shared/schemas/geo-zone-geometry';
import { type Cell, markdownTable } from './markdown-table';

/**
 * The geofence rules of the shared geo zone schema at their limit (a 5,000-point outline), as the API runs
 * them on every zone write and the console before sending. Pure CPU, no stack:
 * `npx tsx scripts/bench/geo-zone-rules.bench.ts` (BENCH_REPS, default 30). Prints medians and p95 in ms.
 */
type Pos = [number, number];
const REPS = Number(process.env.BENCH_REPS ?? 30);

/** A closed, wavy outline of n distinct points: many edges near each other, as a traced site boundary has. */
function outline(n: number): Pos[] {
  const ring: Pos[] = [];
  for (let i = 0; i < n; i++) {
    const angle = (i / n) * 2 * Math.PI;
    const r = 0.01 * (1 + 0.2 * Math.sin(angle * 40));
    ring.push([4.5 + r * Math.cos(angle), 52 + r * Math.sin(angle)]);
  }
  return [...ring, ring[0] as Pos];
}

function measure(run: () => void): { median: number; p95: number } {
  for (let i = 0; i < 3; i++) run();
  const times: number[] = [];
  for (let i = 0; i < REPS; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] as number;
  return { median: at(0.5), p95: at(0.95) };
}

const rows: Cell[][] = [];
for (const points of [100, 1000, 4999]) {
  const ring = outline(points);
  const body = { name: 'Bench', geometry: { type: 'Polygon', coordinates: [ring] } };
  const text = JSON.stringify(body.geometry);
  if (polygonProblems([ring]).length > 0) throw new Error('the bench outline must be valid');
  const rules = measure(() => polygonProblems([ring]));
  const schema = measure(() => geoZoneInputSchema.parse(body));
  const stored = measure(() => parseGeoZoneGeometry(text));
  const cell = (m: { median: number; p95: number }) => `${m.median.toFixed(1)} / ${m.p95.toFixed(1)} ms`;
  rows.push([points + 1, cell(rules), cell(schema), cell(stored)]);
}
const table = markdownTable(
  [
    { heading: 'points' },
    { heading: 'rules only' },
    { heading: 'whole schema (create body)' },
    { heading: 'stored text parse' },
  ],
  rows,
);
console.log(`Geo zone rules, median / p95 of ${REPS} runs:\n${table.join('\n')}`);

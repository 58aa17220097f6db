import { ASSET_SORT_FIELDS } from '../../shared/schemas/asset';
import { assetListReadUnits, formatUnits } from './list-read-units';
import { type Column, markdownTable } from './markdown-table';
import { compareSearchPlans } from './search-plans';
import type { BenchTenant } from './seed-assets';

/**
 * GET /api/assets through the local gateway, as the console calls it (20 a page): the default order and every
 * sortable column both ways, page 1 and page 50, and the common filters on page 1. Latency is reported as
 * p50/p95 and as a ratio to a baseline measured in the same run (GET /api/assets/1: authentication plus one
 * GetItem), because these machines are shared and noisy; items read is the API's x-items-read (DynamoDB's
 * ScannedCount plus GetItem/BatchGetItem reads), which does not depend on the machine at all.
 */
export interface ApiSession {
  apiUrl: string;
  token: string;
}

interface Case {
  label: string;
  query: string;
  page: number;
}

interface Measured extends Case {
  p50: number;
  p95: number;
  n: number;
  ratio: number;
  itemsRead: string;
  /** DynamoDB read units of one call of the list's code in this process (list-read-units.ts). */
  readUnits: number;
  exact: string;
  returned: number;
  total: number;
}

const PAGE_SIZE = 20;
const reps = () => Number(process.env.BENCH_REPS ?? 15);
const WARMUP = 2;
const BASELINE_PATH = '/api/assets/1';
const BASELINE_REPS = 5;

function cases(tenant: BenchTenant, searchSelective: string): Case[] {
  const sorts: { label: string; query: string }[] = [{ label: 'default (days outside desc)', query: '' }];
  for (const field of ASSET_SORT_FIELDS) {
    for (const direction of ['asc', 'desc']) {
      sorts.push({ label: `${field} ${direction}`, query: `order[${field}]=${direction}` });
    }
  }
  const list = [1, 50].flatMap((page) => sorts.map((sort) => ({ ...sort, page })));
  const filters = [
    { label: `search "${searchSelective}" (few matches)`, query: `search=${encodeURIComponent(searchSelective)}` },
    // Two digits fewer: about 1,100 matches at 100k, below the catalogue plan's fetch limit (2,000).
    {
      label: `search "${searchSelective.slice(0, 4)}" (some matches)`,
      query: `search=${encodeURIComponent(searchSelective.slice(0, 4))}`,
    },
    { label: 'search "prj" (most match)', query: 'search=prj' },
    {
      label: `client (biggest customer, ${tenant.biggestCustomer.assets} assets)`,
      query: `client=${tenant.biggestCustomer.id}`,
    },
    { label: 'status delivered', query: 'status=delivered' },
    { label: 'status delivered, reference asc', query: 'status=delivered&order[reference]=asc' },
  ];
  return [...list, ...filters.map((filter) => ({ ...filter, page: 1 }))];
}

/** The columns after a request's label (and page) that the asset and the device list benches share. */
export const LIST_COLUMNS: Column[] = [
  { heading: 'n', align: 'right' },
  { heading: 'p50 ms', align: 'right' },
  { heading: 'p95 ms', align: 'right' },
  { heading: 'p50 / baseline', align: 'right' },
  { heading: 'items read', align: 'right' },
  { heading: 'read units', align: 'right' },
  { heading: 'returned', align: 'right' },
  { heading: 'hydra:totalItems', align: 'right' },
  { heading: 'exact', align: 'center' },
];

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;

export async function timedGet(session: ApiSession, tenantId: number, path: string) {
  const started = performance.now();
  const response = await fetch(`${session.apiUrl}${path}`, {
    headers: { authorization: `Bearer ${session.token}`, 'x-tenant-id': String(tenantId) },
  });
  const body = (await response.json()) as { 'hydra:member'?: unknown[]; 'hydra:totalItems'?: number };
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${JSON.stringify(body)}`);
  return {
    ms,
    itemsRead: response.headers.get('x-items-read') ?? '-',
    exact: response.headers.get('x-total-exact') ?? '-',
    returned: body['hydra:member']?.length ?? 1,
    total: body['hydra:totalItems'] ?? 1,
  };
}

/** Requests slower than this get fewer repetitions (their cost is the point, not their spread). */
const SLOW_MS = 2_000;
const SLOW_REPS = 5;

export async function sample(session: ApiSession, tenantId: number, path: string, wanted: number, warmup: number) {
  let count = wanted;
  for (let i = 0; i < warmup; i++) {
    if ((await timedGet(session, tenantId, path)).ms > SLOW_MS) count = Math.min(wanted, SLOW_REPS);
  }
  const samples: Awaited<ReturnType<typeof timedGet>>[] = [];
  for (let i = 0; i < count; i++) samples.push(await timedGet(session, tenantId, path));
  return samples;
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/**
 * The case, right after a few baseline calls: its ratio compares it with the baseline of the same moment,
 * so a burst of load from other work on the machine shifts both.
 */
async function measure(session: ApiSession, tenantId: number, item: Case, baselineMs: number[]): Promise<Measured> {
  const baseline = await sample(session, tenantId, BASELINE_PATH, BASELINE_REPS, 0);
  baselineMs.push(...baseline.map((s) => s.ms));
  const samples = await sample(session, tenantId, listPath(item), reps(), WARMUP);
  const times = samples.map((s) => s.ms).sort((a, b) => a - b);
  const reads = [...new Set(samples.map((s) => s.itemsRead))];
  const last = samples[samples.length - 1] as (typeof samples)[number];
  return {
    ...item,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    n: samples.length,
    ratio: percentile(times, 50) / median(baseline.map((s) => s.ms)),
    itemsRead: reads.join('/'),
    readUnits: await assetListReadUnits(tenantId, listPath(item).split('?')[1] ?? ''),
    exact: last.exact,
    returned: last.returned,
    total: last.total,
  };
}

const listPath = (item: Case) =>
  `/api/assets?page=${item.page}&itemsPerPage=${PAGE_SIZE}${item.query ? `&${item.query}` : ''}`;

export async function benchAssetListTenant(
  session: ApiSession,
  tenant: BenchTenant,
  log: (line: string) => void,
): Promise<string> {
  const baselineMs: number[] = [];
  const rows: Measured[] = [];
  // An asset number in the middle of the tenant: its digits occur in few names and references.
  const searchSelective = `H-${1000 + Math.floor(tenant.assetCount / 2) + 7}`;
  for (const item of cases(tenant, searchSelective)) {
    const row = await measure(session, tenant.tenantId, item, baselineMs);
    log(`  ${item.label} page ${item.page}: p50 ${row.p50.toFixed(1)} ms, read ${row.itemsRead}`);
    rows.push(row);
  }
  const baseline = [...baselineMs].sort((a, b) => a - b);
  const fmt = (ms: number) => ms.toFixed(1);
  const lines = [
    `#### ${tenant.assetCount.toLocaleString('en')} assets (tenant ${tenant.subdomain}, ${tenant.customerCount} customers)`,
    '',
    `Baseline GET /api/assets/1 (auth + one GetItem, ${BASELINE_REPS} calls before each case): p50 ` +
      `${fmt(percentile(baseline, 50))} ms, p95 ${fmt(percentile(baseline, 95))} ms.`,
    '',
    ...markdownTable(
      [{ heading: 'request' }, { heading: 'page', align: 'right' }, ...LIST_COLUMNS],
      rows.map((row) => [
        row.label,
        row.page,
        row.n,
        fmt(row.p50),
        fmt(row.p95),
        `${row.ratio.toFixed(1)}×`,
        row.itemsRead,
        formatUnits(row.readUnits),
        row.returned,
        row.total,
        row.exact === 'false' ? 'lower bound' : 'yes',
      ]),
    ),
    '',
    ...(await compareSearchPlans(tenant.tenantId, searchSelective.slice(0, 4), PAGE_SIZE, reps())),
  ];
  return lines.join('\n');
}

import { DEVICE_SORT_FIELDS } from '../../shared/schemas/device';
import { type ApiSession, LIST_COLUMNS, percentile, sample } from './asset-list.bench';
import { deviceListReadUnits, formatUnits } from './list-read-units';
import { type Cell, markdownTable } from './markdown-table';
import { type DeviceBenchTenant, ensureDeviceBenchTenant } from './seed-devices';

/**
 * GET /api/devices through the local gateway at 10k and 100k devices (BENCH_DEVICES, a comma list of counts), as the console calls it (20 a page): the default
 * id order and every sortable column of spec 000 s.9 both ways on page 1, a deep page, a search and
 * asset[exists]. Items read is the API's x-items-read (machine independent); latency p50/p95 next to a
 * baseline of the same moment (GET /api/devices/1: authentication plus one GetItem).
 */
export const DEVICE_BENCH_TENANT = { subdomain: 'bench-devices-10k', deviceCount: 10_000 };
const deviceBenchTenants = () =>
  (process.env.BENCH_DEVICES ?? '10000,100000')
    .split(',')
    .map(Number)
    .map((deviceCount) =>
      deviceCount === DEVICE_BENCH_TENANT.deviceCount
        ? DEVICE_BENCH_TENANT
        : { subdomain: `bench-devices-${deviceCount / 1000}k`, deviceCount },
    );

interface Case {
  label: string;
  query: string;
}

const reps = () => Number(process.env.BENCH_REPS ?? 15);

function cases(): Case[] {
  const sorts: Case[] = [{ label: 'default (id asc), page 1', query: '' }];
  for (const field of DEVICE_SORT_FIELDS) {
    for (const direction of ['asc', 'desc']) {
      sorts.push({ label: `${field} ${direction}, page 1`, query: `order[${field}]=${direction}` });
    }
  }
  return [
    ...sorts,
    { label: 'name asc, page 50', query: 'order[name]=asc&page=50' },
    { label: 'search "tag 0123" (few matches)', query: 'search=tag%200123' },
    { label: 'search "tag 01" (some matches)', query: 'search=tag%2001' },
    { label: 'search "kpn" (3 characters, most match)', query: 'search=kpn' },
    { label: 'search "be:00" (DEVEUI with separators)', query: 'search=be%3A00' },
    { label: 'search "haspel" (most match)', query: 'search=haspel' },
    { label: 'asset[exists]=false, page 1', query: 'asset[exists]=false' },
    { label: 'asset[exists]=true, asset.name asc, page 1', query: 'asset[exists]=true&order[asset.name]=asc' },
    { label: 'asset[exists]=false, model asc, page 1', query: 'asset[exists]=false&order[model]=asc' },
    ...filterCases(),
  ];
}

/**
 * The device list's flag filters: each alone (its total from the tenant's counts, its page from its own key range
 * where an index keeps the order, else candidates until the page is full), and combined (counted as read).
 */
function filterCases(): Case[] {
  return [
    { label: 'batteryLevelLow=true, page 1', query: 'batteryLevelLow=true' },
    { label: 'batteryLevelLow=true, name asc, page 1', query: 'batteryLevelLow=true&order[name]=asc' },
    { label: 'batteryLevelLow=false, page 5', query: 'batteryLevelLow=false&page=5' },
    { label: 'sabotaged=true, page 1', query: 'sabotaged=true' },
    { label: 'sabotaged=true, model desc, page 1', query: 'sabotaged=true&order[model]=desc' },
    { label: 'connectivity=silent, page 1', query: 'connectivity=silent' },
    { label: 'connectivity=never, devEui asc, page 1', query: 'connectivity=never&order[devEui]=asc' },
    { label: 'connectivity=late,silent, page 1', query: 'connectivity=late,silent' },
    { label: 'sabotaged=true + batteryLevelLow=true (combined)', query: 'sabotaged=true&batteryLevelLow=true' },
    { label: 'asset[exists]=true + connectivity=online (combined)', query: 'asset[exists]=true&connectivity=online' },
  ];
}

export async function benchDeviceList(session: ApiSession, log: (line: string) => void): Promise<string> {
  const tables: string[] = [];
  for (const spec of deviceBenchTenants()) {
    const tenant = await ensureDeviceBenchTenant(spec, log);
    log(`measuring ${tenant.subdomain}`);
    tables.push(await benchDeviceTenant(session, tenant, log));
  }
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  return [
    '## Device list (`npm run bench`, BENCH_SECTIONS=device-list)',
    '',
    `Run ${when} UTC, 20 a page, n timed calls after 2 warm-up calls, as the super admin in the bench tenant. ` +
      'Design: docs/data-model.md "Device list" and "Search index". Every order\'s page 1 reads one page; a ' +
      'search reads the postings of its grams in the n-gram index (one item per gram and 1,000 devices, entries ' +
      'with positions: decision 0278), then only its page by id when they give its matches exactly, else its few ' +
      'candidates by id, or the list in order when most devices match. Flag ' +
      'filters (bench devices: ~8% battery low, ~3% sabotaged, ~60% online, 10% late, 10% silent, 20% never): one ' +
      'filter alone has its total from the tenant counts (exact) and stops reading at the page.',
    '',
    ...tables,
  ].join('\n');
}

async function benchDeviceTenant(
  session: ApiSession,
  tenant: DeviceBenchTenant,
  log: (line: string) => void,
): Promise<string> {
  const fmt = (ms: number) => ms.toFixed(1);
  const baselineMs: number[] = [];
  const rows: Cell[][] = [];
  for (const item of cases()) {
    const baseline = await sample(session, tenant.tenantId, '/api/devices/1', 5, 0);
    baselineMs.push(...baseline.map((s) => s.ms));
    const samples = await sample(session, tenant.tenantId, `/api/devices?itemsPerPage=20&${item.query}`, reps(), 2);
    const times = samples.map((s) => s.ms).sort((a, b) => a - b);
    const last = samples[samples.length - 1] as (typeof samples)[number];
    const reads = [...new Set(samples.map((s) => s.itemsRead))].join('/');
    const ratio =
      percentile(times, 50) /
      percentile(
        [...baseline.map((s) => s.ms)].sort((a, b) => a - b),
        50,
      );
    const units = formatUnits(await deviceListReadUnits(tenant.tenantId, `itemsPerPage=20&${item.query}`));
    log(`  ${item.label}: p95 ${fmt(percentile(times, 95))} ms, read ${reads} (${units} read units)`);
    rows.push([
      item.label,
      samples.length,
      fmt(percentile(times, 50)),
      fmt(percentile(times, 95)),
      `${ratio.toFixed(1)}×`,
      reads,
      units,
      last.returned,
      last.total,
      last.exact === 'false' ? 'lower bound' : 'yes',
    ]);
  }
  const baseline = [...baselineMs].sort((a, b) => a - b);
  return [
    `#### ${tenant.deviceCount.toLocaleString('en')} devices (tenant ${tenant.subdomain}, seeded in ` +
      `${tenant.seededSeconds ? `${tenant.seededSeconds.toFixed(0)} s` : 'an earlier run'})`,
    '',
    `Baseline GET /api/devices/1: p50 ${fmt(percentile(baseline, 50))} ms, p95 ${fmt(percentile(baseline, 95))} ms.`,
    '',
    ...markdownTable([{ heading: 'request' }, ...LIST_COLUMNS], rows),
    '',
  ].join('\n');
}

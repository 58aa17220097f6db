import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { batchPutEvents, type EventRecord, reserveEventIds } from '../../functions/lib/events/event-repository';
import { readAssetTrack } from '../../functions/lib/history/asset-track';
import { provisionTenant } from '../../functions/lib/tenants/tenant-provisioning';
import { tenantRepository } from '../../functions/lib/tenants/tenant-repository';
import { deriveStops } from '../../shared/history/stops';
import type { AssetHistoryPage, TrackFix } from '../../shared/schemas/asset-history';
import type { ApiSession } from './asset-list.bench';
import { markdownTable } from './markdown-table';

/**
 * An asset's history (GET /api/assets/{id}/history) over a year of fixes: one asset of a tenant of its own with
 * a fix every 15 minutes for 365 days (35,040 events in its track, written once and kept in .local-bench/).
 * Measured through the local gateway as the console asks: the first page of the last 7 days (what opening the
 * tab costs), and the whole year page by page, one after the other (items read from `x-items-read`, bytes as
 * sent); then the same year read in this process straight from the table, and its stops derived, so the
 * handler's share and the console's stop rule are apart from the gateway's.
 */
const SUBDOMAIN = 'bench-asset-history';
const DAYS = 365;
const EVERY_MS = 15 * 60_000;
const DAY_MS = 86_400_000;

async function tenantOf() {
  const existing = await tenantRepository.bySubdomain(SUBDOMAIN);
  if (existing) return existing.id;
  const created = await provisionTenant({
    subdomain: SUBDOMAIN,
    company: 'Benchmark asset history',
    address: 'Benchweg 1',
    zipcode: '1000 AA',
    city: 'Utrecht',
    country: 'Netherlands',
    phone: '+31 30 000 0000',
    email: `bench@${SUBDOMAIN}.local`,
    icon: '',
    descriptionShort: 'Benchmark',
  });
  return created.id;
}

async function api<T>(session: ApiSession, tenantId: number, method: string, path: string, body?: unknown) {
  const started = performance.now();
  const response = await fetch(`${session.apiUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${session.token}`,
      'x-tenant-id': String(tenantId),
      'content-type': 'application/json',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return {
    body: JSON.parse(text) as T,
    ms: performance.now() - started,
    bytes: text.length,
    itemsRead: Number(response.headers.get('x-items-read') ?? 0),
  };
}

/** A yard and a customer's site 8 km apart: a week at each in turn, an hour's drive between, GNSS jitter. */
function fixAt(index: number, start: number, assetId: number, deviceId: number, id: number): EventRecord {
  const at = start + index * EVERY_MS;
  const week = Math.floor((index * EVERY_MS) / (7 * DAY_MS));
  const north = (week % 2) * 8000 + Math.sin(index) * 15;
  return {
    id,
    date: new Date(at).toISOString(),
    type: 'still',
    latitude: 52.0 + north / 111_195,
    longitude: 5.0 + (Math.cos(index) * 15) / 68_000,
    radius: index % 4 === 0 ? 400 : 8,
    source: index % 4 === 0 ? 'network' : 'gnss',
    street: null,
    postal_code: null,
    city: null,
    region: null,
    country: null,
    geo_zone: null,
    device: { id: deviceId, name: null },
    asset: { id: assetId },
  };
}

/** The bench asset, its tag and a year of track: made once, found again by its name on a later run. */
async function ensureTrack(session: ApiSession, tenantId: number, log: (line: string) => void) {
  type Assets = { 'hydra:member': { id: number; name: string; devices: { id: number }[] }[] };
  const found = await api<Assets>(session, tenantId, 'GET', '/api/assets?pagination=false');
  const existing = found.body['hydra:member'].find((asset) => asset.name === 'History bench reel');
  if (existing?.devices[0]) return { assetId: existing.id, seededSeconds: 0 };
  const started = Date.now();
  const device = await api<{ id: number }>(session, tenantId, 'POST', '/api/devices', {
    dev_eui: randomBytes(8).toString('hex').toUpperCase(),
  });
  const asset = await api<{ id: number }>(session, tenantId, 'POST', '/api/assets', {
    name: 'History bench reel',
    devices: [device.body.id],
  });
  const ctx = systemTenantContext(tenantId);
  const count = (DAYS * DAY_MS) / EVERY_MS;
  const first = await reserveEventIds(ctx, count);
  const start = Math.floor(Date.now() / EVERY_MS) * EVERY_MS - DAYS * DAY_MS;
  const events = Array.from({ length: count }, (_, i) => fixAt(i, start, asset.body.id, device.body.id, first + i));
  await batchPutEvents(ctx, events, 8);
  log(`  asset history: ${count} events written`);
  return { assetId: asset.body.id, seededSeconds: (Date.now() - started) / 1000 };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const window = (days: number) => {
  const to = Date.now();
  return `from=${new Date(to - days * DAY_MS).toISOString()}&to=${new Date(to).toISOString()}`;
};

async function readYear(session: ApiSession, tenantId: number, assetId: number) {
  const started = performance.now();
  const totals = { pages: 0, fixes: 0, itemsRead: 0, bytes: 0 };
  const period = window(DAYS + 1);
  let cursor: string | null = null;
  do {
    const path: string = `/api/assets/${assetId}/history?${period}${cursor ? `&cursor=${cursor}` : ''}`;
    const page = await api<AssetHistoryPage>(session, tenantId, 'GET', path);
    totals.pages++;
    totals.fixes += page.body.fixes.length;
    totals.itemsRead += page.itemsRead;
    totals.bytes += page.bytes;
    cursor = page.body.next;
  } while (cursor);
  return { ...totals, ms: performance.now() - started };
}

/** The year read in this process, straight from the table, and its stops derived: the handler's and the rule's share. */
async function readDirect(tenantId: number, assetId: number) {
  const ctx = systemTenantContext(tenantId);
  const started = performance.now();
  const fixes: TrackFix[] = [];
  const to = new Date().toISOString();
  const from = new Date(Date.now() - (DAYS + 1) * DAY_MS).toISOString();
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await readAssetTrack(ctx, assetId, { from, to, cursor });
    fixes.push(...page.fixes);
    cursor = page.next;
    pages++;
  } while (cursor);
  const ms = performance.now() - started;
  const stopsStarted = performance.now();
  const stops = deriveStops(fixes).length;
  return { pages, fixes: fixes.length, ms, stops, stopsMs: performance.now() - stopsStarted };
}

type Row = [label: string, pages: number | '-', fixes: number, itemsRead: number, bytes: number | null, ms: number];
const n = (value: number) => value.toLocaleString('en');

function historyTable(rows: Row[]) {
  return markdownTable(
    [
      { heading: 'Read' },
      { heading: 'Pages', align: 'right' },
      { heading: 'Fixes', align: 'right' },
      { heading: 'Items read', align: 'right' },
      { heading: 'Answer', align: 'right' },
      { heading: 'Time', align: 'right' },
    ],
    rows.map(([label, pages, fixes, itemsRead, bytes, ms]) => [
      label,
      pages === '-' ? pages : n(pages),
      n(fixes),
      n(itemsRead),
      bytes === null ? '-' : `${n(Math.round(bytes / 1000))} kB`,
      `${n(Math.round(ms))} ms`,
    ]),
  );
}

export async function benchAssetHistory(session: ApiSession, log: (line: string) => void): Promise<string> {
  const tenantId = await tenantOf();
  const { assetId, seededSeconds } = await ensureTrack(session, tenantId, log);
  const reps = Number(process.env.BENCH_REPS ?? 15);
  const week: { ms: number; fixes: number; itemsRead: number; bytes: number }[] = [];
  for (let i = 0; i < reps + 2; i++) {
    const page = await api<AssetHistoryPage>(session, tenantId, 'GET', `/api/assets/${assetId}/history?${window(7)}`);
    if (i >= 2) week.push({ ms: page.ms, fixes: page.body.fixes.length, itemsRead: page.itemsRead, bytes: page.bytes });
  }
  const year = await readYear(session, tenantId, assetId);
  const direct = await readDirect(tenantId, assetId);
  const weekMs = median(week.map((w) => w.ms));
  log(`  asset history: week ${Math.round(weekMs)} ms, year ${year.pages} pages ${Math.round(year.ms)} ms`);
  const first = week[0] ?? { fixes: 0, itemsRead: 0, bytes: 0 };
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const seeded = seededSeconds ? `written in ${seededSeconds.toFixed(0)} s` : 'written by an earlier run';
  return [
    '### Measured (`BENCH_SECTIONS=asset-history BENCH_TENANTS=0 npm run bench`)',
    '',
    `Run ${when} UTC, ${os.cpus().length} cores (shared), Node.js ${process.version}; one asset with a fix every 15 minutes for ${DAYS} days (${n(direct.fixes)} events in its track, ${seeded}), the super admin acting in the tenant, sequential calls through the local gateway. Answer: the JSON as sent (kB = 1000 bytes).`,
    '',
    ...historyTable([
      [`First page, last 7 days (median of ${reps})`, 1, first.fixes, first.itemsRead, first.bytes, weekMs],
      ['A year, page by page through the API', year.pages, year.fixes, year.itemsRead, year.bytes, year.ms],
      ['A year, readAssetTrack in this process', direct.pages, direct.fixes, direct.fixes, null, direct.ms],
      [`Stops of the year (deriveStops: ${direct.stops} stops)`, '-', direct.fixes, 0, null, direct.stopsMs],
    ]),
  ].join('\n');
}

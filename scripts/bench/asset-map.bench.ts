import type { ApiSession } from './asset-list.bench';
import { benchAssetMapPage, type PageFigures } from './asset-map-page.bench';
import type { BenchTenant } from './seed-assets';

/**
 * The asset map (issue 8): (b) GET /api/assets/map as the super admin acting in a bench tenant: latency
 * p50/p95, answer size, x-items-read and x-read-units (DynamoDB's consumed read capacity, which counts whole
 * items even under a projection); (a) the /asset-map page in headless Chromium (asset-map-page.bench.ts).
 */
const reps = () => Number(process.env.BENCH_REPS ?? 15);
const WARMUP = 2;

interface ApiFigures {
  tenant: BenchTenant;
  p50: number;
  p95: number;
  bytes: number;
  members: number;
  itemsRead: string;
  readUnits: string;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function measureApi(session: ApiSession, tenant: BenchTenant): Promise<ApiFigures> {
  const headers = { authorization: `Bearer ${session.token}`, 'x-tenant-id': String(tenant.tenantId) };
  const times: number[] = [];
  let last: { bytes: number; members: number; itemsRead: string; readUnits: string } | undefined;
  for (let i = 0; i < WARMUP + reps(); i++) {
    const started = performance.now();
    const response = await fetch(`${session.apiUrl}/api/assets/map`, { headers });
    const text = await response.text();
    const elapsed = performance.now() - started;
    if (response.status !== 200) throw new Error(`GET /api/assets/map answered ${response.status}: ${text}`);
    if (i >= WARMUP) times.push(elapsed);
    last = {
      bytes: Buffer.byteLength(text),
      members: (JSON.parse(text) as { 'hydra:member': unknown[] })['hydra:member'].length,
      itemsRead: response.headers.get('x-items-read') ?? '?',
      readUnits: response.headers.get('x-read-units') ?? '?',
    };
  }
  times.sort((a, b) => a - b);
  return { tenant, p50: percentile(times, 50), p95: percentile(times, 95), ...(last as NonNullable<typeof last>) };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;

function apiTable(rows: ApiFigures[]): string[] {
  return [
    '| Tenant | Positioned assets answered | Items read | Read units | Answer | p50 | p95 |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.tenant.subdomain} (${r.tenant.assetCount} assets) | ${r.members} | ${r.itemsRead} | ${r.readUnits} | ` +
        `${kb(r.bytes)} | ${r.p50.toFixed(0)} ms | ${r.p95.toFixed(0)} ms |`,
    ),
  ];
}

function pageTable(rows: PageFigures[]): string[] {
  return [
    '| Tenant | Map answer | First render of all clusters | Clusters / markers drawn | Frames in 10 s of panning and zooming | fps |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.subdomain} (${r.assetCount} assets) | ${r.apiMs.toFixed(0)} ms | ${r.firstRenderMs.toFixed(0)} ms | ` +
        `${r.clusters} / ${r.markers} | ${r.frames} | ${r.fps.toFixed(1)} |`,
    ),
  ];
}

export async function benchAssetMap(
  session: ApiSession,
  tenants: BenchTenant[],
  log: (line: string) => void,
): Promise<string> {
  const api: ApiFigures[] = [];
  for (const tenant of tenants) {
    log(`measuring GET /api/assets/map in ${tenant.subdomain}`);
    api.push(await measureApi(session, tenant));
  }
  const pages = await benchAssetMapPage(session, tenants, log);
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  return [
    '## Asset map (`npm run bench`)',
    '',
    `Run ${when} UTC. API: n = ${reps()} sequential calls after ${WARMUP} warm-up calls, the super admin acting ` +
      'in the bench tenant. Read units are what DynamoDB (here dynalite, same rule) charges for the Query: ' +
      'the size of every entry read (here entries of the sparse map index gsi7, which copies the marker fields ' +
      'only), eventually consistent.',
    '',
    ...apiTable(api),
    '',
    'Page: the production build (vite build) in headless Chromium (SwiftShader WebGL, no GPU), 1280×800. ' +
      'First render = from navigation to the first idle map with the clustered source drawn (includes ' +
      'sign-in-free boot, the map answer and the world outlines chunk). Frames = requestAnimationFrame ' +
      'callbacks during 10 s of mouse drags and wheel zooms.',
    '',
    ...pageTable(pages),
  ].join('\n');
}

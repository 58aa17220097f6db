import type { AssetMapPage } from '../../shared/schemas/asset-map';
import type { ApiSession } from './asset-list.bench';
import { benchAssetMapPage, type PageFigures } from './asset-map-page.bench';
import type { BenchTenant } from './seed-assets';

/**
 * The asset map (issue 8): (b) GET /api/assets/map, every page (issue 14), as the super admin acting in a bench
 * tenant: latency p50/p95 of reading all pages, bytes in all and of the largest page, x-items-read and x-read-units (DynamoDB's consumed read capacity, which counts whole
 * items even under a projection); (a) the /asset-map page in headless Chromium (asset-map-page.bench.ts).
 */
const reps = () => Number(process.env.BENCH_REPS ?? 15);
const WARMUP = 2;

interface ApiFigures {
  tenant: BenchTenant;
  /** All pages, one after the other, as the console reads them. */
  p50: number;
  p95: number;
  /** Bytes of all pages, and of the largest (which must stay under Lambda's 6 MB, LAMBDA_RESPONSE_LIMIT_BYTES). */
  bytes: number;
  maxPageBytes: number;
  pages: number;
  markers: number;
  itemsRead: number;
  readUnits: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

type MapRead = Omit<ApiFigures, 'tenant' | 'p50' | 'p95'>;

/** Every page of the map, following `next`; a page over the limit is a 502 from the local gateway. */
async function readAllPages(session: ApiSession, headers: Record<string, string>): Promise<MapRead> {
  const read: MapRead = { bytes: 0, maxPageBytes: 0, pages: 0, markers: 0, itemsRead: 0, readUnits: 0 };
  let path: string | null = '/api/assets/map';
  while (path) {
    const response = await fetch(`${session.apiUrl}${path}`, { headers });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${text}`);
    const page = JSON.parse(text) as AssetMapPage;
    const bytes = Buffer.byteLength(text);
    read.bytes += bytes;
    read.maxPageBytes = Math.max(read.maxPageBytes, bytes);
    read.pages += 1;
    read.markers += page.markers.length;
    read.itemsRead += Number(response.headers.get('x-items-read') ?? 0);
    read.readUnits += Number(response.headers.get('x-read-units') ?? 0);
    path = page.next;
  }
  return read;
}

async function measureApi(session: ApiSession, tenant: BenchTenant): Promise<ApiFigures> {
  const headers = { authorization: `Bearer ${session.token}`, 'x-tenant-id': String(tenant.tenantId) };
  const times: number[] = [];
  let last: MapRead | undefined;
  for (let i = 0; i < WARMUP + reps(); i++) {
    const started = performance.now();
    last = await readAllPages(session, headers);
    if (i >= WARMUP) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { tenant, p50: percentile(times, 50), p95: percentile(times, 95), ...(last as MapRead) };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;

function apiTable(rows: ApiFigures[]): string[] {
  return [
    '| Tenant | Markers answered | Pages | Items read | Read units | All pages | Largest page | Bytes a marker | p50 (all pages) | p95 |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.tenant.subdomain} (${r.tenant.assetCount} assets) | ${r.markers} | ${r.pages} | ${r.itemsRead} | ` +
        `${r.readUnits} | ${kb(r.bytes)} | ${kb(r.maxPageBytes)} | ${(r.bytes / Math.max(r.markers, 1)).toFixed(0)} | ` +
        `${r.p50.toFixed(0)} ms | ${r.p95.toFixed(0)} ms |`,
    ),
  ];
}

function pageTable(rows: PageFigures[]): string[] {
  return [
    '| Tenant | Map answer (first page) | First render of all clusters | Clusters / markers drawn | Frames in 10 s of panning and zooming | fps |',
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
    `Run ${when} UTC. API: n = ${reps()} sequential reads of every page after ${WARMUP} warm-up reads, the super admin acting ` +
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

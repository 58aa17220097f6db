import http from 'node:http';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { AssetMapAnswer, MapMarker } from '../../shared/schemas/asset-map';
import { decodeMapColumns } from '../../shared/schemas/asset-map-codec';
import type { ApiSession } from './asset-list.bench';
import { benchAssetMapPage, type PageFigures } from './asset-map-page.bench';
import { benchMapRead, type ReadFigures, readTable } from './asset-map-read.bench';
import { markdownTable } from './markdown-table';
import type { BenchTenant } from './seed-assets';

/**
 * The asset map: (b) GET /api/assets/map as the super admin acting in a bench tenant, for
 * each Accept-Encoding the API answers (br, gzip, none): bytes on the wire (as sent, before inflating), the
 * JSON inside, latency p50/p95 of reading every answer (one, unless past the bounds), x-items-read and
 * x-read-units; beside it the tuple pages of decisions/0229 (20,000 markers a page, never compressed: the
 * API edge's CloudFront does not compress with caching disabled) built from the same markers.
 * (a) the /asset-map page in headless Chromium (asset-map-page.bench.ts).
 */
const reps = (tenant: BenchTenant) => Number(process.env.BENCH_REPS ?? (tenant.assetCount >= 50_000 ? 3 : 10));
const warmup = (tenant: BenchTenant) => (tenant.assetCount >= 50_000 ? 1 : 2);
const ENCODINGS = ['br', 'gzip', 'identity'] as const;
const TUPLE_PAGE_MARKERS = 20_000;

interface ApiFigures {
  tenant: BenchTenant;
  encoding: (typeof ENCODINGS)[number];
  p50: number;
  p95: number;
  /** Bytes on the wire of all answers, and the JSON they hold. */
  wireBytes: number;
  jsonBytes: number;
  answers: number;
  markers: number;
  itemsRead: number;
  readUnits: number;
  /** Reads that failed (the function's timeout, locally). */
  failed: number;
}

/** BENCH_MAP_PARTS=read,api,page (default all) picks what this section measures. */
const parts = () => process.env.BENCH_MAP_PARTS?.split(',') ?? ['read', 'api', 'page'];
const headersOf = (session: ApiSession, tenant: BenchTenant) => ({
  authorization: `Bearer ${session.token}`,
  'x-tenant-id': String(tenant.tenantId),
});

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** One GET without fetch's automatic inflating, so the bytes counted are the bytes sent. */
function get(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

const inflate = (body: Buffer, coding: string | undefined) =>
  coding === 'br' ? brotliDecompressSync(body) : coding === 'gzip' ? gunzipSync(body) : body;

type MapRead = Omit<ApiFigures, 'tenant' | 'encoding' | 'p50' | 'p95' | 'failed'> & { all: MapMarker[]; json: string };

async function readAll(session: ApiSession, headers: Record<string, string>): Promise<MapRead> {
  const read: MapRead = {
    wireBytes: 0,
    jsonBytes: 0,
    answers: 0,
    markers: 0,
    itemsRead: 0,
    readUnits: 0,
    all: [],
    json: '',
  };
  let path: string | null = '/api/assets/map';
  while (path) {
    const response = await get(`${session.apiUrl}${path}`, headers);
    const json = inflate(response.body, response.headers['content-encoding'] as string | undefined).toString();
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${json}`);
    const answer = JSON.parse(json) as AssetMapAnswer;
    read.wireBytes += response.body.length;
    read.jsonBytes += Buffer.byteLength(json);
    read.answers += 1;
    read.json ||= json;
    read.all.push(...decodeMapColumns(answer));
    read.itemsRead += Number(response.headers['x-items-read'] ?? 0);
    read.readUnits += Number(response.headers['x-read-units'] ?? 0);
    path = answer.next;
  }
  read.markers = read.all.length;
  return read;
}

async function measureApi(session: ApiSession, tenant: BenchTenant, encoding: ApiFigures['encoding']) {
  const headers = { ...headersOf(session, tenant), 'accept-encoding': encoding };
  const times: number[] = [];
  let last: MapRead | undefined;
  let failed = 0;
  for (let i = 0; i < warmup(tenant) + reps(tenant); i++) {
    const started = performance.now();
    try {
      last = await readAll(session, headers);
    } catch (error) {
      // Locally dynalite may not read 100k entries within the function's timeout on a loaded machine: counted.
      failed += 1;
      console.error(String(error).slice(0, 300));
      continue;
    }
    if (i >= warmup(tenant)) times.push(performance.now() - started);
  }
  if (!last) throw new Error(`no read of ${tenant.subdomain} succeeded`);
  times.sort((a, b) => a - b);
  const { all, json, ...read } = last;
  return {
    figures: { tenant, encoding, p50: percentile(times, 50), p95: percentile(times, 95), failed, ...read },
    all,
    json,
  };
}

/** The tuple pages of decisions/0229 for the same markers: bytes as they were sent, and gzipped for reference. */
function tuplePages(markers: MapMarker[]) {
  let bytes = 0;
  let gzipped = 0;
  let pages = 0;
  for (let start = 0; start < Math.max(markers.length, 1); start += TUPLE_PAGE_MARKERS) {
    const slice = markers.slice(start, start + TUPLE_PAGE_MARKERS);
    const next = start + TUPLE_PAGE_MARKERS < markers.length ? '/api/assets/map?cursor=0000000000-0000000000' : null;
    const json = Buffer.from(JSON.stringify({ '@id': '/api/assets/map', markers: slice, next }));
    bytes += json.length;
    gzipped += gzipSync(json).length;
    pages += 1;
  }
  return { bytes, gzipped, pages };
}

const kb = (bytes: number) => `${Math.round(bytes / 1000).toLocaleString('en')} kB`;
const ms = (value: number) => `${Math.round(value).toLocaleString('en')} ms`;
const label = (tenant: BenchTenant) => `${tenant.subdomain} (${tenant.assetCount.toLocaleString('en')} assets)`;

function apiTable(rows: ApiFigures[], baselines: Map<BenchTenant, ReturnType<typeof tuplePages>>): string[] {
  return markdownTable(
    [
      { heading: 'Tenant' },
      { heading: 'Accept-Encoding' },
      { heading: 'Markers', align: 'right' },
      { heading: 'Answers', align: 'right' },
      { heading: 'Items read', align: 'right' },
      { heading: 'Read units', align: 'right' },
      { heading: 'On the wire', align: 'right' },
      { heading: 'JSON', align: 'right' },
      { heading: 'Wire bytes a marker', align: 'right' },
      { heading: 'p50 (all answers)', align: 'right' },
      { heading: 'p95', align: 'right' },
      { heading: 'Failed reads', align: 'right' },
    ],
    [
      ...rows.map((r) => [
        label(r.tenant),
        r.encoding,
        r.markers.toLocaleString('en'),
        r.answers,
        r.itemsRead.toLocaleString('en'),
        r.readUnits,
        kb(r.wireBytes),
        kb(r.jsonBytes),
        (r.wireBytes / Math.max(r.markers, 1)).toFixed(1),
        ms(r.p50),
        ms(r.p95),
        r.failed,
      ]),
      ...[...baselines].map(([tenant, base]) => [
        label(tenant),
        `tuple pages of 0229 (uncompressed; gzip would be ${kb(base.gzipped)})`,
        '',
        base.pages,
        '',
        '',
        kb(base.bytes),
        kb(base.bytes),
        '',
        '',
        '',
        '',
      ]),
    ],
  );
}

function pageTable(rows: PageFigures[]): string[] {
  return markdownTable(
    [
      { heading: 'Tenant' },
      { heading: 'Map answer on the wire', align: 'right' },
      { heading: 'Map answer received', align: 'right' },
      { heading: 'First render of all clusters', align: 'right' },
      { heading: 'Clusters / markers drawn', align: 'right' },
      { heading: 'Frames in 10 s of panning and zooming', align: 'right' },
      { heading: 'fps', align: 'right' },
    ],
    rows.map((r) => [
      `${r.subdomain} (${r.assetCount.toLocaleString('en')} assets)`,
      `${kb(r.wireBytes)} (${r.encoding})`,
      ms(r.apiMs),
      Number.isNaN(r.firstRenderMs) ? `not within 180 s (${r.renderedAssets} drawn)` : ms(r.firstRenderMs),
      `${r.clusters} / ${r.markers}`,
      r.frames,
      r.fps.toFixed(1),
    ]),
  );
}

export async function benchAssetMap(
  session: ApiSession,
  tenants: BenchTenant[],
  log: (line: string) => void,
): Promise<string> {
  const reads: ReadFigures[] = [];
  for (const tenant of tenants.filter((t) => t.assetCount >= 10_000 && parts().includes('read'))) {
    log(`measuring the map index read in ${tenant.subdomain}: one Query chain against parallel ranges`);
    reads.push(...(await benchMapRead(tenant, tenant.assetCount >= 50_000 ? 2 : 3)));
  }
  log(readTable(reads).join('\n'));
  const api: ApiFigures[] = [];
  const baselines = new Map<BenchTenant, ReturnType<typeof tuplePages>>();
  const expected = new Map<number, number>();
  const replays = new Map<number, string>();
  for (const tenant of tenants) {
    for (const encoding of parts().includes('api') ? ENCODINGS : []) {
      log(`measuring GET /api/assets/map in ${tenant.subdomain}, Accept-Encoding ${encoding}`);
      const { figures, all, json } = await measureApi(session, tenant, encoding);
      api.push(figures);
      if (!baselines.has(tenant)) baselines.set(tenant, tuplePages(all));
      expected.set(tenant.tenantId, all.length);
      if (tenant.assetCount >= 50_000) replays.set(tenant.tenantId, json);
    }
    if (!expected.has(tenant.tenantId)) {
      const read = await readAll(session, { ...headersOf(session, tenant), 'accept-encoding': 'gzip' });
      expected.set(tenant.tenantId, read.all.length);
      if (tenant.assetCount >= 50_000) replays.set(tenant.tenantId, read.json);
    }
  }
  log(apiTable(api, baselines).join('\n'));
  const pages = parts().includes('page') ? await benchAssetMapPage(session, tenants, expected, log, replays) : [];
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  return [
    '## Asset map (`npm run bench`)',
    '',
    `Run ${when} UTC. API: n = ${tenants.map((t) => `${reps(t)} at ${t.assetCount.toLocaleString('en')}`).join(', ')} ` +
      `sequential reads of the whole map after 2 warm-up reads (1 at 100k), the super admin acting in the bench ` +
      'tenant, through the local gateway (the Lambda compresses; on AWS the same bytes pass API Gateway and ' +
      'CloudFront). kB = 1000 bytes. Read units are what DynamoDB (here dynalite, same rule) charges for the ' +
      'Queries of the sparse map index gsi7, eventually consistent. The last rows: the tuple pages of ' +
      'decisions/0229 for the same markers, built in the bench.',
    '',
    ...apiTable(api, baselines),
    '',
    "Reading the index alone (in the bench process, straight against the stack's DynamoDB, median of 3, of 2 at 100k): one " +
      'Query chain against the parallel customer ranges the API uses.',
    '',
    ...readTable(reads),
    '',
    'Page: the production build (vite build) in headless Chromium (SwiftShader WebGL, no GPU), 1280×800, over ' +
      'plain http. First render of all ' +
      'clusters = from navigation until the drawn clusters and markers count every positioned asset (includes ' +
      'boot, the map answer, decoding and the world outlines chunk). At 100k the page is served the answer ' +
      'the bench read from the API (uncompressed, so "on the wire" is its JSON there): the local dynalite does ' +
      'not read 100k entries within the 30 s integration timeout while Chromium loads the same 2 cores. ' +
      'Frames = requestAnimationFrame callbacks during 10 s of mouse drags and wheel zooms.',
    '',
    ...pageTable(pages),
  ].join('\n');
}

import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { authContextFromClaims } from '../../functions/lib/auth/auth-context';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { createExportJob, getExportJob } from '../../functions/lib/exports/export-job-store';
import { EXPORT_LISTS } from '../../functions/lib/exports/export-lists';
import { exportResultOf } from '../../functions/lib/exports/export-storage';
import type { ExportResult, ExportType } from '../../shared/schemas/export';
import { flattenClaims } from '../local/gateway';
import { DEMO_PASSWORD } from '../seed/seed';
import { section } from './export-section';
import { ensureBenchTenant } from './seed-assets';
import { startBenchStack } from './stack';

/**
 * Export benchmark: the background export (POST /api/assets/export) of the bench tenants (10k and 100k assets,
 * scripts/bench/seed-assets.ts) in each format, unfiltered, in the default order, every column. Each export runs
 * the real export worker in a child process of its own, as one Lambda invocation, against the local stack's
 * DynamoDB and S3, so the child's peak memory is the export's: peak RSS (the kernel's high-water mark) and
 * the rise of RSS and V8 heap over the process as it stood before the call (sampled every 20 ms).
 *
 * `npx tsx scripts/bench/export.bench.ts` starts the stack (or reuses BENCH_STACK_FILE), seeds if needed and
 * prints the markdown section; `npm run bench` calls `benchExports()` with BENCH_API_URL, BENCH_TOKEN and
 * BENCH_TENANT_IDS set. BENCH_EXPORT_TYPES=csv,excel limits the formats; a PDF of 100k is skipped when the
 * 10k PDF predicts more than BENCH_EXPORT_MAX_SECONDS (default 900); BENCH_EXPORT_HEAP_MB runs each export
 * under that V8 heap cap (the section then says so).
 *
 * Beside the exports, each tenant's list is read raw once, in a child of its own too: the same Queries and
 * pages the export reads (the export's own batches), items parsed, nothing formatted or written. The table's
 * "× raw" is an export's time over that read's (the goal: CSV at 100k ≤ 1.5×).
 */
const CHILD_FLAG = '--export-child';
const FORMATS: ExportType[] = ['csv', 'excel', 'pdf'];
const TENANTS = [
  { subdomain: 'bench-10k', assetCount: 10_000, customerCount: 40 },
  { subdomain: 'bench-100k', assetCount: 100_000, customerCount: 200 },
];
const MB = 1024 * 1024;
const log = (line: string) => console.error(line);

interface ChildReport {
  status: number;
  seconds: number;
  baselineRss: number;
  peakRss: number;
  rssRise: number;
  heapRise: number;
  answer: ExportResult & { detail?: string };
}

type Measured = ExportType | 'raw';

export interface Row {
  assets: number;
  type: Measured;
  report?: ChildReport;
  rows?: number;
  skipped?: string;
}

/**
 * The child: loads the export worker, notes memory, runs one background export as POST /api/assets/export
 * would have it run (the job item first, then the worker's invocation with the caller's verified claims).
 */
async function runChild(type: Measured, tenantId: number, token: string): Promise<ChildReport> {
  const { handler } = await import('../../functions/workers/export-worker');
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
  if (type === 'raw') return readRaw(flattenClaims(payload), tenantId);
  // The worker loads a format's writer on first use; loaded here, so the baseline holds it as it did before.
  await import(`../../functions/lib/exports/writers/${type === 'excel' ? 'excel' : type}-writer`);
  const ctx = systemTenantContext(tenantId);
  const job = await createExportJob(ctx, String(payload.sub), 'assets', type);
  const event = {
    jobId: job.id,
    list: 'assets' as const,
    claims: flattenClaims(payload),
    tenantId: String(tenantId),
    rawQuery: `type=${type}&timeZone=Europe%2FAmsterdam&language=en`,
    acceptLanguage: 'en',
  };
  const { result: _none, ...figures } = await sampled(() => handler(event));
  const done = await getExportJob(ctx, job.id);
  const answer = done?.file
    ? await exportResultOf(done.file)
    : { fileName: '', mimeType: '', size: 0, url: '', detail: done?.error?.message ?? 'no job' };
  return { status: done?.status === 'done' ? 200 : (done?.error?.status ?? 500), ...figures, answer };
}

/** Memory samples every 20 ms: the peaks of RSS and heap while `work` runs. */
async function sampled<T>(work: () => Promise<T>) {
  global.gc?.();
  const before = process.memoryUsage();
  let peak = { rss: before.rss, heap: before.heapUsed };
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peak = { rss: Math.max(peak.rss, now.rss), heap: Math.max(peak.heap, now.heapUsed) };
  }, 20);
  const started = process.hrtime.bigint();
  const result = await work();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  clearInterval(sampler);
  return {
    result,
    seconds,
    baselineRss: before.rss,
    peakRss: Math.max(peak.rss, process.resourceUsage().maxRSS * 1024),
    rssRise: peak.rss - before.rss,
    heapRise: peak.heap - before.heapUsed,
  };
}

/** The raw read: the export's own batches (same Queries, same pages, items parsed), nothing written. */
async function readRaw(claims: Record<string, unknown>, tenantId: number): Promise<ChildReport> {
  const auth = await authContextFromClaims(claims as never, String(tenantId));
  const checked = await EXPORT_LISTS.assets(auth, 'type=csv&timeZone=Europe%2FAmsterdam&language=en', 'en');
  const measured = await sampled(async () => {
    let rows = 0;
    for await (const batch of checked.items) rows += batch.length;
    return rows;
  });
  const { result: rows, ...figures } = measured;
  return { status: 200, ...figures, answer: { fileName: '', mimeType: '', size: 0, url: '', detail: String(rows) } };
}

/** One export in a fresh child process (its memory is the export's alone). */
function exportInChild(type: Measured, tenantId: number, token: string): Promise<ChildReport> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--expose-gc', require.resolve('tsx/cli'), __filename, CHILD_FLAG, type, String(tenantId)],
      {
        // BENCH_EXPORT_HEAP_MB caps V8's old space: an export that completes under a small cap is bounded. In
        // NODE_OPTIONS, since tsx's CLI runs the script in a process of its own, which a flag here would miss.
        env: {
          ...process.env,
          BENCH_TOKEN: token,
          ...(process.env.BENCH_EXPORT_HEAP_MB
            ? { NODE_OPTIONS: `--max-old-space-size=${process.env.BENCH_EXPORT_HEAP_MB}` }
            : {}),
        },
        maxBuffer: 64 * MB,
        timeout: 3_600_000,
      },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`${type} export of tenant ${tenantId} failed: ${error.message}\n${stderr}`));
        resolve(JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as ChildReport);
      },
    );
  });
}

/** Rows in the CSV behind the URL (header excluded): the export really holds every asset. */
async function csvRows(url: string): Promise<number> {
  const response = await fetch(url);
  if (!response.ok || !response.body) throw new Error(`download failed: ${response.status}`);
  let lines = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    for (const byte of chunk) if (byte === 10) lines++;
  }
  return lines - 1;
}

async function measure(tenants: { id: number; assets: number }[], token: string): Promise<Row[]> {
  const types = (process.env.BENCH_EXPORT_TYPES?.split(',') as ExportType[] | undefined) ?? FORMATS;
  const maxSeconds = Number(process.env.BENCH_EXPORT_MAX_SECONDS ?? 900);
  const rows: Row[] = [];
  for (const tenant of [...tenants].sort((a, b) => a.assets - b.assets)) {
    log(`reading ${tenant.assets} assets raw`);
    const raw = await exportInChild('raw', tenant.id, token);
    if (Number(raw.answer.detail) !== tenant.assets) throw new Error(`raw read gave ${raw.answer.detail} rows`);
    rows.push({ assets: tenant.assets, type: 'raw', report: raw });
    for (const type of types) {
      const smaller = rows.find((row) => row.type === type && row.report && row.assets < tenant.assets);
      const predicted = smaller?.report ? (smaller.report.seconds * tenant.assets) / smaller.assets : 0;
      if (predicted > maxSeconds) {
        rows.push({ assets: tenant.assets, type, skipped: `skipped (~${predicted.toFixed(0)} s predicted)` });
        continue;
      }
      log(`exporting ${tenant.assets} assets as ${type}`);
      const report = await exportInChild(type, tenant.id, token);
      if (report.status !== 200) throw new Error(`${type}: ${report.status} ${report.answer.detail}`);
      const counted = type === 'csv' ? await csvRows(report.answer.url) : undefined;
      if (counted !== undefined && counted !== tenant.assets) throw new Error(`CSV has ${counted} rows`);
      rows.push({ assets: tenant.assets, type, report, rows: counted });
    }
  }
  return rows;
}

async function signIn(apiUrl: string): Promise<string> {
  const response = await fetch(`${apiUrl}/user/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'superadmin', password: DEMO_PASSWORD }),
  });
  const body = (await response.json()) as { token?: string };
  if (!body.token) throw new Error(`superadmin sign-in failed: ${JSON.stringify(body)}`);
  return body.token;
}

/** A reused stack (BENCH_STACK_FILE) gets its DynamoDB and Cognito ports set by stack.ts; exports need its S3 too. */
function pointAtReusedS3() {
  const file = process.env.BENCH_STACK_FILE;
  if (!file) return;
  const services = (JSON.parse(readFileSync(file, 'utf8')) as { services: Record<string, string> }).services;
  const s3 = Object.entries(services).find(([name]) => name.startsWith('S3'))?.[1];
  if (s3) process.env.S3_ENDPOINT = s3;
}

/** The markdown section; runs against the stack `npm run bench` prepared, else starts and seeds its own. */
export async function benchExports(): Promise<string> {
  const started = Date.now();
  const given = process.env.BENCH_TENANT_IDS;
  if (given && process.env.BENCH_TOKEN) {
    const tenants = JSON.parse(given) as { id: number; assets: number }[];
    return section(await measure(tenants, process.env.BENCH_TOKEN), (Date.now() - started) / 1000);
  }
  const stack = await startBenchStack(log);
  pointAtReusedS3();
  try {
    const only = process.env.BENCH_TENANTS?.split(',').map(Number);
    const tenants: { id: number; assets: number }[] = [];
    for (const spec of TENANTS.filter((t) => !only || only.includes(t.assetCount))) {
      const tenant = await ensureBenchTenant(spec, log);
      tenants.push({ id: tenant.tenantId, assets: tenant.assetCount });
    }
    const rows = await measure(tenants, await signIn(stack.apiUrl));
    return section(rows, (Date.now() - started) / 1000);
  } finally {
    stack.stop();
  }
}

if (process.argv.includes(CHILD_FLAG)) {
  const [type, tenantId] = process.argv.slice(process.argv.indexOf(CHILD_FLAG) + 1);
  runChild(type as Measured, Number(tenantId), process.env.BENCH_TOKEN ?? '')
    .then((report) => {
      // The inline copy is not needed here; and a pipe is written asynchronously: exit once it is flushed.
      const { data: _inline, ...answer } = report.answer;
      process.stdout.write(`${JSON.stringify({ ...report, answer })}\n`, () => process.exit(0));
    })
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
} else if (require.main === module) {
  benchExports()
    .then((markdown) => {
      console.log(markdown);
      process.exit(0);
    })
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}

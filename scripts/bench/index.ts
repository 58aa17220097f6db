import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD } from '../seed/seed';
import { benchAreaSearch } from './area-search.bench';
import { benchAssetHistory } from './asset-history.bench';
import { benchAssetImport } from './asset-import.bench';
import { type ApiSession, benchAssetListTenant } from './asset-list.bench';
import { benchAssetMap } from './asset-map.bench';
import { benchBulkEdit } from './bulk-edit.bench';
import { benchCodec } from './codec.bench';
import { benchDeviceList } from './device-list.bench';
import { benchFairness } from './fairness.bench';
import { benchGeocoding } from './geocoding.bench';
import { benchGeofence } from './geofence.bench';
import { benchLoad } from './load.bench';
import { benchPipeline } from './pipeline.bench';
import { benchPipelineAtScale } from './pipeline-1000.bench';
import { benchPush } from './push.bench';
import { benchRentalAudit } from './rental-audit.bench';
import { benchReportSubscriptions } from './report-subscriptions.bench';
import { type BenchTenant, ensureBenchTenant } from './seed-assets';
import { benchSilentTags } from './silent-tags.bench';
import { startBenchStack } from './stack';
import { benchTimeRules } from './time-rules.bench';

/**
 * `npm run bench`: starts the local stack (scripts/bench/stack.ts), seeds the bench tenants once (10k and
 * 100k assets, kept in .local-bench/), measures the asset list and writes the results into
 * docs/performance.md between markers, leaving the other sections as they are. When
 * scripts/bench/export.bench.ts exists, its `benchExports()` runs against the same stack (BENCH_API_URL,
 * BENCH_TOKEN, BENCH_TENANT_IDS in the environment) and its section is written too.
 *
 * BENCH_SECTIONS=device-list measures only the device list (with BENCH_TENANTS=0: no asset tenant seeded).
 * BENCH_TENANTS=10000 limits the tenants, BENCH_REPS the repetitions (default 15), BENCH_STACK_FILE reuses a
 * running stack, BENCH_DRY_RUN=true prints the sections instead of writing the file. BENCH_SECTIONS=asset-map
 * (comma list of asset-list, exports, asset-import, asset-map, asset-history, area-search, bulk-edit, device-list, silent-tags, time-rules, report-subscriptions, rental-audit, geofence, geocoding, pipeline, pipeline-1000, push, codec, load, fairness) runs only those; the asset map bench (asset-map.bench.ts)
 * adds a 1.5k tenant to compare with the 10k and 100k ones.
 */
const TENANTS = [
  { subdomain: 'bench-10k', assetCount: 10_000, customerCount: 40 },
  { subdomain: 'bench-100k', assetCount: 100_000, customerCount: 200 },
];
const MAP_TENANT = { subdomain: 'bench-1k5', assetCount: 1_500, customerCount: 10 };
const DOC = path.resolve(__dirname, '../../docs/performance.md');
const sectionsToRun = process.env.BENCH_SECTIONS?.split(',');
const runs = (section: string) => !sectionsToRun || sectionsToRun.includes(section);
const log = (line: string) => console.log(line);

async function signInSuperAdmin(apiUrl: string): Promise<string> {
  const response = await fetch(`${apiUrl}/user/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'superadmin', password: DEMO_PASSWORD }),
  });
  const body = (await response.json()) as { token?: string };
  if (response.status !== 200 || !body.token) throw new Error(`superadmin sign-in failed: ${JSON.stringify(body)}`);
  return body.token;
}

/** Replaces the text between `<!-- bench:<name> -->` and `<!-- /bench:<name> -->`, or appends the block. */
export function replaceSection(document: string, name: string, content: string): string {
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const block = `${start}\n${content.trim()}\n${end}`;
  const from = document.indexOf(start);
  const to = document.indexOf(end);
  if (from >= 0 && to > from) return document.slice(0, from) + block + document.slice(to + end.length);
  return `${document.trimEnd()}\n\n${block}\n`;
}

function assetListSection(tenants: BenchTenant[], tables: string[], seconds: number): string {
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  return [
    '## Asset list (`npm run bench`)',
    '',
    `Run ${when} UTC, ${os.cpus().length} cores (shared), Node.js ${process.version}, n = ` +
      `${process.env.BENCH_REPS ?? 15} timed calls after 2 warm-up calls (5 when a call takes over 2 s), ` +
      `20 items a page (the console's page size), sequential calls through the local gateway ` +
      `as the super admin acting in the bench tenant (X-Tenant-Id). ${seconds.toFixed(0)} s ` +
      `in all. Seeding (only when .local-bench/ lacks the data): ${tenants
        .map((t) => `${t.assetCount / 1000}k ${t.seededSeconds ? `${t.seededSeconds.toFixed(0)} s` : 'reused'}`)
        .join(', ')}.`,
    '',
    ...tables,
  ].join('\n');
}

async function main() {
  const started = Date.now();
  const only = process.env.BENCH_TENANTS?.split(',').map(Number);
  const stack = await startBenchStack(log);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stack.stop();
      process.exit(130);
    });
  }
  try {
    const tenants: BenchTenant[] = [];
    for (const spec of TENANTS.filter((t) => !only || only.includes(t.assetCount))) {
      tenants.push(await ensureBenchTenant(spec, log));
    }
    const session: ApiSession = { apiUrl: stack.apiUrl, token: await signInSuperAdmin(stack.apiUrl) };
    const sections: [string, string][] = [];
    if (runs('asset-list')) {
      const tables: string[] = [];
      for (const tenant of tenants) {
        log(`measuring ${tenant.subdomain}`);
        tables.push(await benchAssetListTenant(session, tenant, log));
      }
      sections.push(['asset-list', assetListSection(tenants, tables, (Date.now() - started) / 1000)]);
    }
    if (runs('asset-map')) {
      const small = await ensureBenchTenant(MAP_TENANT, log);
      const big = tenants.filter((tenant) => tenant.assetCount === 10_000 || tenant.assetCount === 100_000);
      sections.push(['asset-map', await benchAssetMap(session, [small, ...big], log)]);
    }
    // An asset's history (asset-history.bench.ts): a year of one asset's fixes in a tenant of its own.
    if (runs('asset-history')) sections.push(['asset-history', await benchAssetHistory(session, log)]);
    const exportBench = path.join(__dirname, 'export.bench.ts');
    if (runs('exports') && existsSync(exportBench)) {
      Object.assign(process.env, {
        BENCH_API_URL: session.apiUrl,
        BENCH_TOKEN: session.token,
        BENCH_TENANT_IDS: JSON.stringify(tenants.map((t) => ({ id: t.tenantId, assets: t.assetCount }))),
      });
      const { benchExports } = (await import(exportBench)) as { benchExports: () => Promise<string> };
      sections.push(['exports', await benchExports()]);
    }
    // The device list (device-list.bench.ts) seeds and measures its own 10k-device tenant.
    if (!process.env.BENCH_SECTIONS || process.env.BENCH_SECTIONS.split(',').includes('device-list')) {
      sections.push(['device-list', await benchDeviceList(session, log)]);
    }
    // The silent-tag sweep (silent-tags.bench.ts) seeds its own 10k-device tenant and runs the job in this process.
    if (runs('silent-tags')) sections.push(['silent-tags', await benchSilentTags(log)]);
    // 10,000 rows created and updated through the asset import (asset-import.bench.ts).
    if (runs('asset-import')) sections.push(['asset-import', await benchAssetImport(log)]);
    // Bulk edit jobs of 1,000 and 5,000 rows (bulk-edit.bench.ts): its own tenant, the worker in this process.
    if (runs('bulk-edit')) sections.push(['bulk-edit', await benchBulkEdit(session, log)]);
    // The time-rule job (time-rules.bench.ts): its own 10k-asset tenant with timers, the job in this process.
    if (runs('time-rules')) sections.push(['time-rules', await benchTimeRules(log)]);
    // The report job (report-subscriptions.bench.ts): its own tenant of 10k subscriptions, the job in this process.
    // The area search (area-search.bench.ts): its own tenant, seeded at 100k assets' density where it searches.
    if (runs('area-search')) sections.push(['area-search', await benchAreaSearch(log)]);
    if (runs('report-subscriptions')) sections.push(['report-subscriptions', await benchReportSubscriptions(log)]);
    // The rental audit (rental-audit.bench.ts): a tenant per size of lines, visits and track, the job in this process.
    if (runs('rental-audit')) sections.push(['rental-audit', await benchRentalAudit(log)]);
    // The geofence (geofence.bench.ts) is pure CPU in this process: no tenant, no request.
    if (!process.env.BENCH_SECTIONS || process.env.BENCH_SECTIONS.split(',').includes('geofence')) {
      sections.push(['geofence', await benchGeofence()]);
    }
    // Geocoding (geocoding.bench.ts): the address cache on a simulated day, in this process.
    if (runs('geocoding')) sections.push(['geocoding', await benchGeocoding()]);
    // The device pipeline (pipeline.bench.ts) works on the demo tenant's tags of the same stack.
    if (runs('pipeline')) sections.push(['pipeline', await benchPipeline(log)]);
    // The pipeline at 1,000 tags (pipeline-1000.bench.ts): its own tenant, rising rates, the processor's ceiling.
    if (runs('pipeline-1000')) sections.push(['pipeline-1000', await benchPipelineAtScale(stack.pid, log)]);
    // Live push (push.bench.ts): 1,000 sockets in this process while the demo tenant's tags send 50 uplinks/s.
    if (runs('push')) sections.push(['push', await benchPush(session.apiUrl, stack.pid, log)]);
    // Payload codecs (codec.bench.ts): pure CPU in this process, like the geofence.
    if (runs('codec')) sections.push(['codec', await benchCodec()]);
    // The load (load.bench.ts) runs in the demo tenant of the same stack, after the other sections.
    if (runs('load')) sections.push(['load', await benchLoad(session.apiUrl, log)]);
    // Fairness (fairness.bench.ts): two tenants of its own, B's steady load beside A's attacks, then the processor
    // at DynamoDB-like latencies. Last: its attacks leave the stack busy for a while.
    if (runs('fairness'))
      sections.push(['fairness', await benchFairness(session.apiUrl, session.token, stack.pid, log)]);
    if (process.env.BENCH_DRY_RUN === 'true') {
      for (const [, content] of sections) console.log(content);
    } else {
      let document = readFileSync(DOC, 'utf8');
      for (const [name, content] of sections) document = replaceSection(document, name, content);
      writeFileSync(DOC, document);
      // The file is linted with the rest of the repository (biome formats markdown tables): format it as lint wants.
      execFileSync(process.execPath, [require.resolve('@biomejs/biome/bin/biome'), 'format', '--write', DOC]);
      log(`written to ${path.relative(process.cwd(), DOC)}`);
    }
  } finally {
    stack.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

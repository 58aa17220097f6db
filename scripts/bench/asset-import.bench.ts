import { storeAssetImport } from '../../functions/lib/asset-import/asset-import';
import type { AssetImportRecord } from '../../functions/lib/asset-import/asset-import-file';
import { newestAssetImport, presentAssetImport } from '../../functions/lib/asset-import/asset-import-journal';
import { planAssetImport } from '../../functions/lib/asset-import/asset-import-plan';
import { applyAssetImport } from '../../functions/lib/asset-import/asset-import-run';
import type { AuthContext } from '../../functions/lib/auth/auth-context';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { withEffects } from '../../functions/lib/effects/with-effects';
import { markdownTable } from './markdown-table';
import { ensureBenchTenant } from './seed-assets';

/**
 * Asset import throughput (docs/decisions/0332-asset-import-round-trips-the-export-per-row-behind-a-dry-run.md):
 * ROWS rows created, then the same rows updated (each row's reference edited), in a tenant of its own, once with
 * each number of rows in flight (CONCURRENCIES). The library is called in-process as the import request and the
 * asset import worker call it: the planning, the rows stored beside the journal, and the worker's apply chunk by
 * chunk (paced as it is). The rows are named by the run, so a run never meets the rows of an earlier one.
 */
const TENANT = { subdomain: 'bench-import', assetCount: 0, customerCount: 5 };
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const CONCURRENCIES = (process.env.BENCH_IMPORT_CONCURRENCY ?? '4,8').split(',').map(Number);

const facts = {
  path: '/api/assets/import',
  requestId: `bench-${Date.now()}`,
  receivedAt: Date.now(),
  ip: '127.0.0.1',
  userAgent: 'bench',
};

const authOf = (tenantId: number) =>
  ({
    tenant: systemTenantContext(tenantId),
    userId: 1,
    username: 'bench',
    homeTenantId: tenantId,
    roles: ['ROLE_ADMIN'],
    permissions: new Set<string>(),
    hasAny: () => true,
  }) as unknown as AuthContext;

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, (performance.now() - started) / 1000];
}

/** Plans, stores and applies one file's rows as the worker does; answers the seconds of each step and the result. */
async function importOnce(auth: AuthContext, records: AssetImportRecord[], concurrency: number) {
  const [planning, planSeconds] = await timed(() => planAssetImport(auth.tenant, records, true));
  const [journal, storeSeconds] = await timed(() => storeAssetImport(auth, planning, facts));
  const [, applySeconds] = await timed(() =>
    withEffects('worker', () => applyAssetImport(journal, async () => auth, { concurrency }))(undefined),
  );
  const ended = await newestAssetImport(auth.tenant, planning.plan.plan);
  const result = ended && (await presentAssetImport(auth.tenant, ended)).result;
  if (!result) throw new Error(`The import did not end: ${ended?.status}`);
  const ids = result.rows.flatMap((row) => (row.action === 'create' && row.id !== null ? [row.id] : []));
  return { planSeconds, storeSeconds, applySeconds, counts: result.counts, ids };
}

type Measured = Awaited<ReturnType<typeof importOnce>>;

/** ROWS rows created, then the same rows updated, `concurrency` rows in flight. */
async function createThenUpdate(auth: AuthContext, concurrency: number, log: (line: string) => void) {
  const run = Date.now().toString(36);
  const creates: AssetImportRecord[] = Array.from({ length: ROWS }, (_, i) => ({
    line: i + 2,
    cells: { name: `Import ${run} ${i}`, reference: `${run}-${i}`, scheduled: '' },
  }));
  log(`  asset import: creating ${ROWS} rows, ${concurrency} in flight`);
  const created = await importOnce(auth, creates, concurrency);
  log(`  asset import: created in ${created.applySeconds.toFixed(0)} s; updating them`);
  const updates: AssetImportRecord[] = created.ids.map((id, i) => ({
    line: i + 2,
    cells: { id: String(id), version: '1', name: `Import ${run} ${i}`, reference: `${run}-${i}-edited` },
  }));
  const updated = await importOnce(auth, updates, concurrency);
  log(`  asset import: updated in ${updated.applySeconds.toFixed(0)} s`);
  return { created, updated };
}

export async function benchAssetImport(log: (line: string) => void): Promise<string> {
  const tenant = await ensureBenchTenant(TENANT, log);
  const auth = authOf(tenant.tenantId);
  const runs: [number, { created: Measured; updated: Measured }][] = [];
  for (const concurrency of CONCURRENCIES) runs.push([concurrency, await createThenUpdate(auth, concurrency, log)]);
  const rate = (rows: number, seconds: number) => (rows / seconds).toFixed(0);
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const line = (file: string, concurrency: number, m: Measured) => [
    file,
    ROWS,
    concurrency,
    m.planSeconds.toFixed(1),
    m.storeSeconds.toFixed(1),
    m.applySeconds.toFixed(1),
    rate(ROWS, m.applySeconds),
    m.counts.failed,
  ];
  return [
    '## Asset import (`npm run bench`, BENCH_SECTIONS=asset-import)',
    '',
    `Run ${when} UTC, ${ROWS.toLocaleString('en')} rows into tenant ${tenant.subdomain}: first created (rows ` +
      'without id), then the same rows updated (id and version, the reference edited), with 4 and 8 rows in ' +
      "flight; the planning (the dry run's work, done again by the import request), the rows stored beside the " +
      "journal (the rest of the request) and the worker's apply timed apart, called in-process as the request " +
      'and the worker call them.',
    '',
    ...markdownTable(
      [
        { heading: 'file' },
        { heading: 'rows', align: 'right' },
        { heading: 'in flight', align: 'right' },
        { heading: 'dry run s', align: 'right' },
        { heading: 'store s', align: 'right' },
        { heading: 'apply s', align: 'right' },
        { heading: 'rows/s applied', align: 'right' },
        { heading: 'failed', align: 'right' },
      ],
      runs.flatMap(([concurrency, { created, updated }]) => [
        line('create', concurrency, created),
        line('update', concurrency, updated),
      ]),
    ),
  ].join('\n');
}

import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { applyAssetImport } from '../../functions/lib/asset-import/asset-import-apply';
import type { AssetImportRecord } from '../../functions/lib/asset-import/asset-import-file';
import { planAssetImport } from '../../functions/lib/asset-import/asset-import-plan';
import type { AuthContext } from '../../functions/lib/auth/auth-context';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { withEffects } from '../../functions/lib/effects/with-effects';
import { markdownTable } from './markdown-table';
import { ensureBenchTenant } from './seed-assets';

/**
 * Asset import throughput (docs/decisions/0332-asset-import-round-trips-the-export-per-row-behind-a-dry-run.md):
 * 10,000 rows created, then the same 10,000 updated (each row's reference edited), in a tenant of its own. The
 * library is called in-process (the planning and the row-by-row apply the routes run, paced as they are),
 * since one HTTP request ends at the gateway's 29 s. The rows are named by the run, so a run never meets the
 * rows of an earlier one.
 */
const TENANT = { subdomain: 'bench-import', assetCount: 0, customerCount: 5 };
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);

const event = {
  rawPath: '/api/assets/import',
  headers: {},
  requestContext: { requestId: `bench-${Date.now()}`, timeEpoch: Date.now(), http: { sourceIp: '127.0.0.1' } },
} as unknown as APIGatewayProxyEventV2;

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

/** Plans and applies one file's rows; answers the seconds of each step and the counts. */
async function importOnce(auth: AuthContext, records: AssetImportRecord[]) {
  const [planning, planSeconds] = await timed(() => planAssetImport(auth.tenant, records, true));
  const [result, applySeconds] = await timed(() =>
    withEffects('worker', () => applyAssetImport(auth, event, planning.plan.plan, planning.rows))(undefined),
  );
  const ids = result.rows.flatMap((row) => (row.action === 'create' && row.id !== null ? [row.id] : []));
  return { planSeconds, applySeconds, counts: result.counts, ids };
}

export async function benchAssetImport(log: (line: string) => void): Promise<string> {
  const tenant = await ensureBenchTenant(TENANT, log);
  const auth = authOf(tenant.tenantId);
  const run = Date.now().toString(36);
  const creates: AssetImportRecord[] = Array.from({ length: ROWS }, (_, i) => ({
    line: i + 2,
    cells: { name: `Import ${run} ${i}`, reference: `${run}-${i}`, scheduled: '' },
  }));
  log(`  asset import: creating ${ROWS} rows`);
  const created = await importOnce(auth, creates);
  log(`  asset import: created in ${created.applySeconds.toFixed(0)} s; updating them`);
  const createdIds = created.ids;
  const updates: AssetImportRecord[] = createdIds.map((id, i) => ({
    line: i + 2,
    cells: { id: String(id), version: '1', name: `Import ${run} ${i}`, reference: `${run}-${i}-edited` },
  }));
  const updated = await importOnce(auth, updates);
  const rate = (rows: number, seconds: number) => (rows / seconds).toFixed(0);
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  return [
    '## Asset import (`npm run bench`, BENCH_SECTIONS=asset-import)',
    '',
    `Run ${when} UTC, ${ROWS.toLocaleString('en')} rows into tenant ${tenant.subdomain}: first created (rows ` +
      'without id), then the same rows updated (id and version, the reference edited), the planning (the dry ' +
      "run's work) and the row-by-row apply timed apart, called in-process as the routes call them.",
    '',
    ...markdownTable(
      [
        { heading: 'file' },
        { heading: 'rows', align: 'right' },
        { heading: 'dry run s', align: 'right' },
        { heading: 'apply s', align: 'right' },
        { heading: 'rows/s applied', align: 'right' },
        { heading: 'failed', align: 'right' },
      ],
      [
        [
          'create',
          ROWS,
          created.planSeconds.toFixed(1),
          created.applySeconds.toFixed(1),
          rate(ROWS, created.applySeconds),
          created.counts.failed,
        ],
        [
          'update',
          ROWS,
          updated.planSeconds.toFixed(1),
          updated.applySeconds.toFixed(1),
          rate(ROWS, updated.applySeconds),
          updated.counts.failed,
        ],
      ],
    ),
  ].join('\n');
}

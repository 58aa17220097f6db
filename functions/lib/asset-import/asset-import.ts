import { randomUUID } from 'node:crypto';
import {
  ASSET_IMPORT_MAX_BYTES,
  ASSET_IMPORT_MAX_VIOLATIONS,
  ASSET_IMPORT_WORKER_FUNCTION,
  type AssetImportPlan,
  type AssetImportProgress,
  type AssetImportRow,
} from '../../../shared/schemas/asset-import';
import { ASSET_IMPORT_MESSAGES as M } from '../../../shared/schemas/asset-import-messages';
import { requestFactsOf } from '../audit/audit-entry';
import type { AuthContext } from '../auth/auth-context';
import { conflict } from '../http/errors';
import type { HttpEvent } from '../http/handler';
import { readUploadedFile } from '../http/upload-body';
import { actorOf } from '../pickups/actor';
import { invokeWorker } from '../worker-invoke';
import { readAssetImportFile } from './asset-import-file';
import {
  type AssetImportJournal,
  beginAssetImport,
  endAssetImport,
  type ImportRequestFacts,
  importExpiry,
  isLive,
  newestAssetImport,
  presentAssetImport,
} from './asset-import-journal';
import { type AssetImportPlanning, planAssetImport } from './asset-import-plan';
import type { AssetImportJobEvent } from './asset-import-run';
import { storeRows, type WorkRow } from './asset-import-store';

/**
 * Asset import (docs/decisions/0332-asset-import-round-trips-the-export-per-row-behind-a-dry-run.md): the file
 * of the export's import layout, edited, read on the server as the device import reads its CSV; the dry run
 * answers each row's outcome and a plan hash; the import plans again and applies only that same plan.
 */
async function planOf(auth: AuthContext, event: HttpEvent) {
  const file = readUploadedFile(event, ASSET_IMPORT_MAX_BYTES, M.fileTooLarge);
  const records = readAssetImportFile(file);
  return planAssetImport(auth.tenant, records, auth.hasAny('ASSET_CREATE'));
}

/** At most ASSET_IMPORT_MAX_VIOLATIONS problems per row are listed (a row has a handful at most). */
const capped = (row: AssetImportRow): AssetImportRow => ({
  ...row,
  problems: row.problems.slice(0, ASSET_IMPORT_MAX_VIOLATIONS),
});

export async function dryRunAssetImport(auth: AuthContext, event: HttpEvent): Promise<AssetImportPlan> {
  const { plan } = await planOf(auth, event);
  return { ...plan, rows: plan.rows.map(capped) };
}

/**
 * 409 when the plan is no longer the dry run's: a row's asset, a reference or the file changed since. Else the rows
 * are stored beside a new journal and the asset import worker applies them (asset-import-run.ts); the answer is the
 * journal (202), which GET /api/assets/import/progress follows. The same plan posted while its import still runs
 * answers that import: a second click never creates the file's new assets twice.
 */
export async function importAssets(auth: AuthContext, event: HttpEvent, plan: string): Promise<AssetImportProgress> {
  const planning = await planOf(auth, event);
  if (planning.plan.plan !== plan) throw conflict(M.planChanged);
  const running = await newestAssetImport(auth.tenant, plan);
  if (running && isLive(running)) return presentAssetImport(auth.tenant, running);
  const journal = await storeAssetImport(auth, planning, requestFactsOf(event));
  try {
    await invokeWorker<AssetImportJobEvent>(ASSET_IMPORT_WORKER_FUNCTION, {
      tenantId: auth.tenant.tenantId,
      journal: journal.key.sk,
      claims: event.requestContext.authorizer?.jwt?.claims ?? {},
    });
  } catch (error) {
    await endAssetImport(journal, 'failed');
    throw error;
  }
  return presentAssetImport(auth.tenant, journal);
}

/**
 * The rows to apply and the refused ones stored, then the journal that names them: a request that fails midway
 * leaves no journal of half its rows (the rows alone expire).
 */
export async function storeAssetImport(
  auth: AuthContext,
  planning: AssetImportPlanning,
  facts: ImportRequestFacts,
): Promise<AssetImportJournal> {
  const work: WorkRow[] = planning.rows.flatMap(({ row, current, body }) =>
    (row.action === 'create' || row.action === 'update') && body
      ? [{ row, body, version: current?.version ?? null }]
      : [],
  );
  const refused = planning.rows.filter((r) => r.row.action === 'refused').map((r) => capped(r.row));
  const id = randomUUID();
  const startedAt = new Date().toISOString();
  const expiresAt = importExpiry(startedAt);
  await Promise.all([
    storeRows(auth.tenant, id, 'WORK', work, expiresAt),
    storeRows(auth.tenant, id, 'REFUSED', refused, expiresAt),
  ]);
  const { counts, plan } = planning.plan;
  return beginAssetImport(auth.tenant, {
    id,
    plan,
    total: work.length,
    by: actorOf(auth),
    facts,
    counts: { unchanged: counts.unchanged, refused: counts.refused },
    startedAt,
  });
}

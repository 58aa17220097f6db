import {
  ASSET_IMPORT_MAX_BYTES,
  ASSET_IMPORT_MAX_VIOLATIONS,
  type AssetImportPlan,
  type AssetImportResult,
} from '../../../shared/schemas/asset-import';
import { ASSET_IMPORT_MESSAGES as M } from '../../../shared/schemas/asset-import-messages';
import type { AuthContext } from '../auth/auth-context';
import { conflict } from '../http/errors';
import type { HttpEvent } from '../http/handler';
import { readUploadedFile } from '../http/upload-body';
import { applyAssetImport } from './asset-import-apply';
import { readAssetImportFile } from './asset-import-file';
import { planAssetImport } from './asset-import-plan';

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
const capped = (plan: AssetImportPlan): AssetImportPlan => ({
  ...plan,
  rows: plan.rows.map((row) => ({ ...row, problems: row.problems.slice(0, ASSET_IMPORT_MAX_VIOLATIONS) })),
});

export async function dryRunAssetImport(auth: AuthContext, event: HttpEvent): Promise<AssetImportPlan> {
  return capped((await planOf(auth, event)).plan);
}

/** 409 when the plan is no longer the dry run's: a row's asset, a reference or the file changed since. */
export async function importAssets(auth: AuthContext, event: HttpEvent, plan: string): Promise<AssetImportResult> {
  const planning = await planOf(auth, event);
  if (planning.plan.plan !== plan) throw conflict(M.planChanged);
  return applyAssetImport(auth, event, plan, planning.rows);
}

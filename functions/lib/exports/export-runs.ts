import type { AuthContext } from '../auth/auth-context';
import { evidenceRun } from '../evidence/evidence-content';
import type { EvidenceRun } from '../evidence/evidence-request';
import { rentalAuditExportRun } from '../rental-audit/audit-export';
import { visitExportRun } from '../visits/visit-export';
import { assetExportRun } from './asset-export';
import { deviceExportRun } from './device-export';
import { type CheckedExportOf, EXPORT_LISTS, type ExportList, type ExportRequest } from './export-lists';
import { loanDayExportRun } from './loan-day-export';
import type { ExportRun } from './run-export';

/**
 * The export worker's half of every list (the registry, export-lists.ts, is the HTTP handlers' half): how a
 * checked request reads as a file, its headers, words and cells. Only the worker bundles it.
 */
/** A list's rows, or one asset's evidence document (functions/lib/evidence/). */
export type AnyExportRun = ExportRun<unknown> | EvidenceRun;
type RunOf<C> = (auth: AuthContext, checked: C) => AnyExportRun;

/** The writer only passes items from a run's batches to the same run's toRow: the item type can be erased. */
const erased = <C, T>(build: (auth: AuthContext, checked: C) => ExportRun<T> | EvidenceRun) =>
  build as unknown as RunOf<C>;

const EXPORT_RUNS: { [L in ExportList]: RunOf<CheckedExportOf<L>> } = {
  assets: erased(assetExportRun),
  devices: erased(deviceExportRun),
  loanDays: erased(loanDayExportRun),
  rentalAudit: erased(rentalAuditExportRun),
  assetVisits: erased(visitExportRun),
  zoneVisits: erased(visitExportRun),
  evidence: erased(evidenceRun),
};

/** Checks the request again (from the claims it carried) and describes the file without reading the list. */
export async function prepareExport(
  auth: AuthContext,
  list: ExportList,
  request: ExportRequest,
): Promise<AnyExportRun> {
  const checked = await EXPORT_LISTS[list](auth, request.rawQuery, request.acceptLanguage, request.params);
  // A list's run takes that list's checked request: the pairing holds by the table's type, not the call's.
  const run = EXPORT_RUNS[list] as RunOf<CheckedExportOf<ExportList>>;
  return run(auth, checked);
}

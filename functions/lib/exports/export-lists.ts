import type { Violation } from '../../../shared/errors';
import { ROUTES, type RouteId } from '../../../shared/routes';
import { type AuthContext, assertAccess } from '../auth/auth-context';
import type { RawClaims } from '../auth/claims';
import { type EvidenceRun, prepareEvidenceExport } from '../evidence/evidence-request';
import { prepareRentalAuditExport } from '../rental-audit/audit-export';
import { prepareAssetVisitExport, prepareZoneVisitExport } from '../visits/visit-export';
import { prepareAssetExport } from './asset-export';
import { prepareDeviceExport } from './device-export';
import { prepareLoanDayExport } from './loan-day-export';
import type { ExportRun } from './run-export';

/**
 * The lists an export can be written of, by name: what the export worker is told to write. Each `prepare`
 * validates the request as the caller may make it (422, 403, 404) and describes the run without reading the
 * list, so the API request and the worker run the same checks from the same claims. This module carries no
 * file writer: the HTTP handlers import it, the writers live in the worker only (write-export.ts).
 */
export type PathParams = Record<string, string | undefined>;
/** A list's rows, or one asset's evidence document (functions/lib/evidence/). */
export type AnyExportRun = ExportRun<unknown> | EvidenceRun;
type PrepareExport<R> = (
  auth: AuthContext,
  rawQuery: string,
  acceptLanguage?: string,
  params?: PathParams,
) => Promise<R>;
/**
 * A list's preparation behind its export route's access rule (permissions and audience): the worker acts from
 * the request's claims, so it checks again what the route checked. The runner only passes items from a list's
 * batches to the same list's toRow: the item type can be erased.
 */
function exportOf<T>(
  routeId: RouteId,
  prepare: PrepareExport<ExportRun<T> | EvidenceRun>,
): PrepareExport<AnyExportRun> {
  const route = ROUTES.find((candidate) => candidate.id === routeId);
  if (!route) throw new Error(`No route ${routeId}`);
  return async (auth, ...rest) => {
    assertAccess(route.access, auth);
    return (await prepare(auth, ...rest)) as AnyExportRun;
  };
}

export const EXPORT_LISTS = {
  assets: exportOf('assets.exportJob', prepareAssetExport),
  devices: exportOf('devices.exportJob', prepareDeviceExport),
  loanDays: exportOf('loanDays.exportJob', prepareLoanDayExport),
  rentalAudit: exportOf('rentalAudit.exportJob', prepareRentalAuditExport),
  assetVisits: exportOf('zoneVisits.exportOfAsset', prepareAssetVisitExport),
  zoneVisits: exportOf('zoneVisits.exportOfZone', prepareZoneVisitExport),
  evidence: exportOf('assets.evidenceJob', prepareEvidenceExport),
};
export type ExportList = keyof typeof EXPORT_LISTS;

/** What an export request hands the worker: enough to act exactly as that request. */
export interface ExportRequest {
  claims: RawClaims;
  rawQuery: string;
  acceptLanguage?: string;
  /** The route's path parameters (a visit export's or an evidence's asset id, a zone's id). */
  params?: PathParams;
}

/** A background export (POST …/export): the worker records progress and the outcome on the job. */
export interface ExportJobEvent extends ExportRequest {
  jobId: string;
  list: ExportList;
  /** The tenant the request acted in (a super admin's selected tenant, or the caller's own). */
  tenantId: string;
}

/** A synchronous export (GET …/export): the worker writes the file and answers it to the waiting request. */
export interface ExportNowEvent extends ExportRequest {
  mode: 'now';
  list: ExportList;
  tenantId: string;
  /** Epoch ms after which the worker gives up (the request would be cut off by API Gateway anyway). */
  deadline: number;
}

/** The worker's answer to ExportNowEvent: the stored file (bytes inline, base64, when small) or the client error. */
export type ExportNowAnswer =
  | { file: { key: string; fileName: string; mimeType: string; size: number; data?: string } }
  | { error: { status: number; message: string; violations?: Violation[] } };

/** Anything else, a malformed invocation included, is a job: its missing tenant fails it as before. */
export const isExportNowEvent = (event: ExportJobEvent | ExportNowEvent): event is ExportNowEvent =>
  typeof event === 'object' && event !== null && 'mode' in event && event.mode === 'now';

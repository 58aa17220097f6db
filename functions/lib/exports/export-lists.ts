import type { Violation } from '../../../shared/errors';
import { ROUTES, type RouteId } from '../../../shared/routes';
import { type AuthContext, assertAccess } from '../auth/auth-context';
import type { RawClaims } from '../auth/claims';
import { checkEvidenceExport } from '../evidence/evidence-request';
import { checkRentalAuditExport } from '../rental-audit/audit-export-request';
import { checkAssetVisitExport, checkZoneVisitExport } from '../visits/visit-export-request';
import { checkAssetExport } from './asset-export-request';
import { checkDeviceExport } from './device-export-request';
import type { CheckedExport } from './export-request';
import { checkLoanDayExport } from './loan-day-export-request';

/**
 * The lists an export can be written of, by name: what an export route starts and what the export worker is told
 * to write. Each `check` validates the request as the caller may make it (422, 403, 404) and names the list's
 * items without reading them, so the API request and the worker run the same checks from the same claims. This
 * registry carries no row code (headers, translations, cells) and no file writer: the HTTP handlers import it;
 * the worker builds the rows from a checked request (export-runs.ts) and writes them (write-export.ts).
 */
export type PathParams = Record<string, string | undefined>;
type CheckExport<C extends CheckedExport> = (
  auth: AuthContext,
  rawQuery: string,
  acceptLanguage?: string,
  params?: PathParams,
) => Promise<C>;
/**
 * A list's check behind its export route's access rule (permissions and audience): the worker acts from the
 * request's claims, so it checks again what the route checked.
 */
function exportOf<C extends CheckedExport>(routeId: RouteId, check: CheckExport<C>): CheckExport<C> {
  const route = ROUTES.find((candidate) => candidate.id === routeId);
  if (!route) throw new Error(`No route ${routeId}`);
  return async (auth, ...rest) => {
    assertAccess(route.access, auth);
    return check(auth, ...rest);
  };
}

export const EXPORT_LISTS = {
  assets: exportOf('assets.exportJob', checkAssetExport),
  devices: exportOf('devices.exportJob', checkDeviceExport),
  loanDays: exportOf('loanDays.exportJob', checkLoanDayExport),
  rentalAudit: exportOf('rentalAudit.exportJob', checkRentalAuditExport),
  assetVisits: exportOf('zoneVisits.exportOfAsset', checkAssetVisitExport),
  zoneVisits: exportOf('zoneVisits.exportOfZone', checkZoneVisitExport),
  evidence: exportOf('assets.evidenceJob', checkEvidenceExport),
};
export type ExportList = keyof typeof EXPORT_LISTS;
/** A list's checked request: what its rows are built from. */
export type CheckedExportOf<L extends ExportList> = Awaited<ReturnType<(typeof EXPORT_LISTS)[L]>>;

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

import { idParamSchema } from '../../../shared/schemas/common';
import { type Evidence, type EvidenceFormat, evidenceQuerySchema } from '../../../shared/schemas/evidence';
import type { ExportLanguage } from '../../../shared/schemas/export';
import { type AssetRecord, assetRepository } from '../assets/asset-repository';
import { type AssetViewer, assertCanSee, assetViewerOf } from '../assets/asset-view';
import type { AuthContext } from '../auth/auth-context';
import type { TenantContext } from '../data/tenant-context';
import type { CheckedExport } from '../exports/export-request';
import { dayIn } from '../exports/export-values';
import { validate } from '../http/validation';
import { mailLanguage } from '../mail/mail-language';

/**
 * An asset's evidence of a period as an export of the export worker (list `evidence`, export-lists.ts): the
 * request checks the query and the asset as the caller may see it (422, 404), the worker does the same from
 * the same claims and then reads the content (evidence-content.ts). The content holds nothing of the time of the request, so the
 * same request over the same data is the same content, hash and file
 * (docs/decisions/0321-evidence-documents-are-canonical-and-carry-their-hash.md).
 */
export interface EvidenceRun {
  kind: 'evidence';
  ctx: TenantContext;
  type: EvidenceFormat;
  fileName: string;
  read: () => Promise<Evidence>;
}

export const isEvidenceRun = (run: object): run is EvidenceRun => (run as { kind?: unknown }).kind === 'evidence';

export interface EvidenceRequest {
  from: string;
  to: string;
  timeZone: string;
  language: ExportLanguage;
}

/** A document of its own, never empty: no items to look for. */
export interface CheckedEvidenceExport extends CheckedExport {
  type: EvidenceFormat;
  fileName: string;
  viewer: AssetViewer;
  asset: AssetRecord;
  request: EvidenceRequest;
}

/** POST /api/assets/{id}/evidence, in the request and again in the worker. */
export async function checkEvidenceExport(
  auth: AuthContext,
  rawQuery: string,
  acceptLanguage?: string,
  params: Record<string, string | undefined> = {},
): Promise<CheckedEvidenceExport> {
  // The worker reads the request's path parameters as sent, as the HTTP stack did (functions/lib/http/route-input.ts).
  const assetId = validate(idParamSchema, params.id);
  const query = validate(evidenceQuerySchema, Object.fromEntries(new URLSearchParams(rawQuery)));
  const viewer = await assetViewerOf(auth);
  const asset = assertCanSee(viewer, await assetRepository.get(auth.tenant, assetId));
  const timeZone = query.timeZone ?? 'UTC';
  const request: EvidenceRequest = {
    from: new Date(query.from).toISOString(),
    to: new Date(query.to).toISOString(),
    timeZone,
    language: query.language ?? mailLanguage(acceptLanguage),
  };
  const days = `${dayIn(timeZone, new Date(request.from))}.${dayIn(timeZone, new Date(request.to))}`;
  return { type: query.type, fileName: `Evidence.${asset.id}.${days}.${query.type}`, viewer, asset, request };
}

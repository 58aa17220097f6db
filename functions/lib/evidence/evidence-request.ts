import { ROUTES, type RouteId } from '../../../shared/routes';
import { idParamSchema } from '../../../shared/schemas/common';
import { type Evidence, type EvidenceFormat, evidenceQuerySchema } from '../../../shared/schemas/evidence';
import type { ExportLanguage } from '../../../shared/schemas/export';
import { type AssetRecord, assetRepository } from '../assets/asset-repository';
import { type AssetViewer, assertCanSee, assetViewerOf } from '../assets/asset-view';
import { type AuthContext, assertAccess } from '../auth/auth-context';
import type { TenantContext } from '../data/tenant-context';
import { dayIn } from '../exports/export-values';
import { clientViewSince } from '../history/history-answer';
import { validate } from '../http/validation';
import { mailLanguage } from '../mail/mail-language';
import { productVersion } from '../product-version';
import { loanDaysOf } from './evidence-loan-days';
import { evidenceFixesOf, readFixes, stopsOf, visitsOf, zonesOf } from './evidence-read';

/**
 * An asset's evidence of a period as an export of the export worker (list `evidence`, export-lists.ts): the
 * request checks the query and the asset as the caller may see it (422, 404), the worker does the same from
 * the same claims and then reads the content. The content holds nothing of the time of the request, so the
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

interface Request {
  from: string;
  to: string;
  timeZone: string;
  language: ExportLanguage;
}

/** Whether the caller may call a route: a part of the evidence is there only for those who may read it on its own. */
function mayCall(routeId: RouteId, auth: AuthContext): boolean {
  const route = ROUTES.find((candidate) => candidate.id === routeId);
  try {
    if (!route) return false;
    assertAccess(route.access, auth);
    return true;
  } catch {
    return false;
  }
}

/**
 * The client user's rules of the history (functions/lib/history/history-answer.ts): their customer's asset only,
 * from when it came to their customer, no zones and so no zone visits; their customer's loan days only.
 */
async function readEvidence(auth: AuthContext, viewer: AssetViewer, asset: AssetRecord, request: Request) {
  const ctx = auth.tenant;
  const client = viewer.kind === 'client';
  const since = client ? await clientViewSince(ctx, asset) : undefined;
  const from = since === null ? request.to : since && since > request.from ? since : request.from;
  const period = { from, to: request.to };
  const track = from < request.to ? await readFixes(ctx, asset.id, period) : [];
  const visits = !client && mayCall('zoneVisits.ofAsset', auth) ? await visitsOf(ctx, asset.id, request) : [];
  const loanDays = mayCall('loanDays.report', auth)
    ? await loanDaysOf(ctx, asset.id, period, client ? (viewer.clientId ?? 0) : undefined)
    : null;
  const zoneIds = [...visits.map((visit) => visit.zone.id), ...track.flatMap((fix) => (fix.zone ? [fix.zone.id] : []))];
  const evidence: Evidence = {
    document: 'asset-evidence/1',
    product: { version: productVersion() },
    language: request.language,
    asset: {
      id: asset.id,
      name: asset.name,
      reference: asset.reference ?? null,
      customer: asset.client ? { id: asset.client.id, company: asset.client.company ?? null } : null,
    },
    period: { from: request.from, to: request.to, timeZone: request.timeZone },
    view: {
      audience: viewer.kind,
      visibleFrom: from === request.from ? null : from,
      zones: !client,
      visits: !client && mayCall('zoneVisits.ofAsset', auth),
      loanDays: loanDays !== null,
    },
    fixes: await evidenceFixesOf(ctx, track, !client),
    stops: stopsOf(track),
    zones: client ? [] : await zonesOf(ctx, zoneIds),
    visits,
    loanDays: loanDays ?? { days: [], resets: [] },
  };
  return evidence;
}

/** POST /api/assets/{id}/evidence, in the request and again in the worker. */
export async function prepareEvidenceExport(
  auth: AuthContext,
  rawQuery: string,
  acceptLanguage?: string,
  params: Record<string, string | undefined> = {},
): Promise<EvidenceRun> {
  // The worker reads the request's path parameters as sent, as the HTTP stack did (functions/lib/http/route-input.ts).
  const assetId = validate(idParamSchema, params.id);
  const query = validate(evidenceQuerySchema, Object.fromEntries(new URLSearchParams(rawQuery)));
  const viewer = await assetViewerOf(auth);
  const asset = assertCanSee(viewer, await assetRepository.get(auth.tenant, assetId));
  const timeZone = query.timeZone ?? 'UTC';
  const request: Request = {
    from: new Date(query.from).toISOString(),
    to: new Date(query.to).toISOString(),
    timeZone,
    language: query.language ?? mailLanguage(acceptLanguage),
  };
  const days = `${dayIn(timeZone, new Date(request.from))}.${dayIn(timeZone, new Date(request.to))}`;
  return {
    kind: 'evidence',
    ctx: auth.tenant,
    type: query.type,
    fileName: `Evidence.${asset.id}.${days}.${query.type}`,
    read: () => readEvidence(auth, viewer, asset, request),
  };
}

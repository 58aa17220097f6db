import { ROUTES, type RouteId } from '../../../shared/routes';
import type { Evidence } from '../../../shared/schemas/evidence';
import type { AssetRecord } from '../assets/asset-repository';
import type { AssetViewer } from '../assets/asset-view';
import { type AuthContext, assertAccess } from '../auth/auth-context';
import { clientViewSince } from '../history/history-answer';
import { productVersion } from '../product-version';
import { loanDaysOf } from './evidence-loan-days';
import { evidenceFixesOf, readFixes, stopsOf, visitsOf, zonesOf } from './evidence-read';
import type { CheckedEvidenceExport, EvidenceRequest, EvidenceRun } from './evidence-request';

/**
 * An evidence document's content, read by the export worker once the request is checked (evidence-request.ts):
 * the track, stops, zones, visits and loan days of the period, as the caller may see them.
 */
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
async function readEvidence(
  auth: AuthContext,
  viewer: AssetViewer,
  asset: AssetRecord,
  request: EvidenceRequest,
): Promise<Evidence> {
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

/** The worker's run of a checked evidence request: the document's content is read when it is written. */
export const evidenceRun = (auth: AuthContext, checked: CheckedEvidenceExport): EvidenceRun => ({
  kind: 'evidence',
  ctx: auth.tenant,
  type: checked.type,
  fileName: checked.fileName,
  read: () => readEvidence(auth, checked.viewer, checked.asset, checked.request),
});

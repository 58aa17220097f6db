import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { parseGeoZoneGeometry } from '../../../shared/schemas/geo-zone';
import {
  type DeliveryReportKind,
  NO_REPORT,
  type ReportCheck,
  type ReportCheckAnswer,
} from '../../../shared/schemas/report-check';
import { type AssetRecord, assetRepository } from '../assets/asset-repository';
import { type AssetViewer, assertCanSee, assetViewerOf } from '../assets/asset-view';
import type { AuthContext } from '../auth/auth-context';
import { dynamo, tableName } from '../data/client';
import type { TenantContext } from '../data/tenant-context';
import { geoZoneRepository } from '../geo-zones/geo-zone-repository';
import { readAssetTrack } from '../history/asset-track';
import { notFound } from '../http/errors';
import { pickupKey } from '../pickups/pickup-items';
import type { ZoneShape } from '../pipeline/contracts';
import { checkReport, isSettled, windowOf } from './report-check';
import { type DeliveryReportItem, latestReport, storeCheck } from './report-items';

/**
 * GET /api/assets/{id}/report-check: the asset's newest delivered / empty report checked against its tag. The
 * check is worked out when read (one Get of the depot, one Query of the track window, at most 1,000 fixes)
 * until its window is over; then the first read stores it on the report, and later reads (and the invoice
 * audit) take the stored one. A client user sees only their own customer's reports, without zones and without
 * fixes from before the asset came to their customer.
 */
export async function reportCheckAnswer(auth: AuthContext, assetId: number): Promise<ReportCheckAnswer> {
  const viewer = await assetViewerOf(auth);
  const asset = assertCanSee(viewer, await assetRepository.get(auth.tenant, assetId));
  const report = await currentReport(auth.tenant, asset);
  // A report made while the asset was another customer's is not this customer's to see.
  if (!report || (viewer.kind === 'client' && report.clientId !== viewer.clientId)) throw notFound(NO_REPORT);
  const { check, settled } = await reportCheckOf(auth.tenant, report);
  return {
    assetId,
    report: { kind: report.kind, at: report.reportedAt, phone_position: report.phonePosition ?? null },
    check: forViewer(viewer, asset, check),
    settled,
  };
}

/** A report as checked: `reportedAt` null when its time is unknown. */
export type CheckedReport = Omit<DeliveryReportItem, 'reportedAt'> & { reportedAt: string | null; stored: boolean };

const KIND_OF_STATUS: Record<string, DeliveryReportKind> = { send_delivered: 'delivered', send_deregistered: 'empty' };

/**
 * The newest report item; for a report waiting without one (made before reports were kept, or a status set in
 * the asset form) the waiting status stands for it, timed by its pickup request for an empty report.
 */
async function currentReport(ctx: TenantContext, asset: AssetRecord): Promise<CheckedReport | undefined> {
  const item = await latestReport(ctx, asset.id);
  const waiting = KIND_OF_STATUS[asset.status?.status ?? ''];
  if (item && (!waiting || waiting === item.kind)) return { ...item, stored: true };
  if (!waiting) return undefined;
  const requestedAt =
    waiting === 'empty'
      ? ((await dynamo().send(new GetCommand({ TableName: tableName(), Key: pickupKey(ctx, asset.id) }))).Item
          ?.requestedAt as string | undefined)
      : undefined;
  return {
    assetId: asset.id,
    kind: waiting,
    reportedAt: requestedAt ?? null,
    reportedBy: null,
    clientId: asset.client?.id ?? null,
    depotId: asset.geo_zone?.id ?? null,
    stored: false,
  };
}

/** The stored check, or the check worked out now, stored when its window is over (for the invoice audit). */
export async function reportCheckOf(
  ctx: TenantContext,
  report: CheckedReport,
  now = Date.now(),
): Promise<{ check: ReportCheck; settled: boolean }> {
  if (report.check) {
    const { settledAt: _settledAt, ...check } = report.check;
    return { check, settled: true };
  }
  const at = report.reportedAt;
  const [depot, fixes] = await Promise.all([
    depotOf(ctx, report.depotId),
    at ? readAssetTrack(ctx, report.assetId, { ...windowOf(at), limit: 1000 }).then((page) => page.fixes) : [],
  ]);
  const check = checkReport({ kind: report.kind, at, depot, fixes });
  if (!report.stored || at === null || !isSettled(at, now)) return { check, settled: false };
  await storeCheck(ctx, { ...report, reportedAt: at }, { ...check, settledAt: new Date(now).toISOString() });
  return { check, settled: true };
}

async function depotOf(ctx: TenantContext, zoneId: number | null): Promise<ZoneShape | null> {
  if (zoneId === null) return null;
  const zone = await geoZoneRepository.get(ctx, zoneId);
  const geometry = zone && parseGeoZoneGeometry(zone.geometry);
  return zone && geometry ? { id: zone.id, name: zone.name ?? null, geometry } : null;
}

/** Client users get no zones (docs/decisions/0218-client-users-get-no-geo-zones-at-all.md) and no fixes from before the asset came to their customer. */
function forViewer(viewer: AssetViewer, asset: AssetRecord, check: ReportCheck): ReportCheck {
  if (viewer.kind === 'staff') return check;
  const since = asset.client_since ? new Date(asset.client_since).toISOString() : null;
  const visible = <T extends { at: string }>(fix: T) => since !== null && fix.at >= since;
  const hide = <T extends { zone: unknown }>(fix: T) => ({ ...fix, zone: null });
  const { deciding } = check.evidence;
  return {
    ...check,
    evidence: {
      ...check.evidence,
      depot: null,
      fixes: check.evidence.fixes.filter(visible).map(hide),
      deciding: deciding && visible(deciding) ? hide(deciding) : null,
    },
  };
}

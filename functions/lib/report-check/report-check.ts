import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import { isAcceptedFix, type TrackFix } from '../../../shared/schemas/asset-history';
import {
  type DeliveryReportKind,
  type FixPlace,
  REPORT_CHECK_MAX_FIXES,
  REPORT_CHECK_SETTLE_MS,
  REPORT_CHECK_TOLERANCE_MS,
  type ReportCheck,
  type ReportCheckFix,
  type ReportCheckReason,
} from '../../../shared/schemas/report-check';
import type { ZoneShape } from '../pipeline/contracts';
import { haversineMetres, ZoneIndex } from '../pipeline/geofence';
import { distanceToBorder, type PreparedZone, prepareZone } from '../pipeline/geofence/prepared';

/**
 * The check of a delivered / empty report against the tag (docs/decisions/0324-delivered-and-empty-reports-
 * checked-against-the-tag.md), pure: the report, the asset's depot (its own geo zone) and the track around
 * the report's time in, agree / disagree / no data with the evidence out.
 *  - Both reports say the asset stands at the customer, away from its depot: "delivered" that it was brought
 *    there, "empty" that it waits there to be fetched (a reel is reported empty where it stands).
 *  - A fix counts with its accuracy circle, as the pipeline's own-zone rule does (ZoneIndex.observe): wholly
 *    outside the depot is away, wholly inside is at the depot, a circle across the border proves neither.
 *  - One away fix within the tolerance agrees. Otherwise fixes at the depot disagree, except that before a
 *    delivered report the asset was still on its way (it left the depot at some point before it arrived), so
 *    only depot fixes from the report's time on count against a delivery.
 */
export interface ReportCheckInput {
  kind: DeliveryReportKind;
  /** The report's time (ISO); null when unknown. */
  at: string | null;
  depot: ZoneShape | null;
  fixes: readonly TrackFix[];
}

export const windowOf = (at: string) => {
  const time = Date.parse(at);
  return {
    from: new Date(time - REPORT_CHECK_TOLERANCE_MS).toISOString(),
    to: new Date(time + REPORT_CHECK_TOLERANCE_MS).toISOString(),
  };
};

/** The answer no longer changes once the window is over and late uplinks have had their time to land. */
export const isSettled = (at: string | null, now: number) =>
  at === null || now >= Date.parse(at) + REPORT_CHECK_TOLERANCE_MS + REPORT_CHECK_SETTLE_MS;

const noData = (
  reason: ReportCheckReason,
  depot: ZoneShape | null,
  window: { from: string | null; to: string | null } = { from: null, to: null },
): ReportCheck => ({
  result: 'no-data',
  reason,
  evidence: { depot: depot && { id: depot.id, name: depot.name }, ...window, fixes: [], deciding: null, nearest: null },
});

export function checkReport(input: ReportCheckInput): ReportCheck {
  const { kind, at, depot } = input;
  if (at === null) return noData('unknown-time', depot);
  const window = windowOf(at);
  if (!depot) return noData('no-depot', null, window);
  const placeOf = placing(depot);
  const fixes = nearestInTime(
    input.fixes.filter(isAcceptedFix).filter((fix) => fix.at >= window.from && fix.at <= window.to),
    at,
  ).map((fix) => {
    const { place, distance } = placeOf(fix);
    // A depot fix before a delivery is the trip's start, not a contradiction.
    const counts = !(kind === 'delivered' && place === 'depot' && fix.at < at);
    return { ...evidenceFix(fix), place, distance, counts };
  });
  const away = fixes.find((fix) => fix.place === 'away');
  const atDepot = fixes.filter((fix) => fix.place === 'depot' && fix.counts);
  const deciding = away ?? atDepot[atDepot.length - 1] ?? null;
  const counted = fixes.filter((fix) => fix.counts).map((fix) => fix.distance);
  const evidence = {
    depot: { id: depot.id, name: depot.name },
    ...window,
    fixes,
    deciding,
    nearest: counted.length > 0 ? Math.min(...counted) : null,
  };
  if (away) return { result: 'agree', reason: 'away', evidence };
  if (deciding) return { result: 'disagree', reason: 'at-depot', evidence };
  const reason =
    fixes.length === 0 ? 'no-fixes' : fixes.some((fix) => fix.place === 'border') ? 'border-only' : 'before-only';
  return { result: 'no-data', reason, evidence };
}

/** The REPORT_CHECK_MAX_FIXES fixes nearest the report's time, back in time order. */
function nearestInTime<T extends { at: string }>(fixes: T[], at: string): T[] {
  if (fixes.length <= REPORT_CHECK_MAX_FIXES) return fixes;
  const time = Date.parse(at);
  const gap = (fix: T) => Math.abs(Date.parse(fix.at) - time);
  const kept = new Set([...fixes].sort((a, b) => gap(a) - gap(b)).slice(0, REPORT_CHECK_MAX_FIXES));
  return fixes.filter((fix) => kept.has(fix));
}

type Located = TrackFix & { latitude: number; longitude: number };

const evidenceFix = (fix: Located): Omit<ReportCheckFix, 'place' | 'distance' | 'counts'> => ({
  at: fix.at,
  latitude: fix.latitude,
  longitude: fix.longitude,
  radius: fix.radius,
  source: fix.source,
  zone: fix.zone,
});

/** The place (accuracy counted, the pipeline's rule) and the distance in metres of a fix from the depot. */
function placing(depot: ZoneShape) {
  const index = ZoneIndex.build([depot]);
  const prepared = prepareZone(depot);
  return (fix: Located): { place: FixPlace; distance: number } => {
    const observed = index.observe(depot.id, { ...fix, accuracy: fix.radius ?? 0 });
    const place: FixPlace = observed === 'inside' ? 'depot' : observed === 'outside' ? 'away' : 'border';
    return { place, distance: Math.round(distanceFrom(prepared, fix.longitude, fix.latitude)) };
  };
}

function distanceFrom(zone: PreparedZone, lon: number, lat: number): number {
  if (zone.kind === 'circle')
    return Math.max(0, haversineMetres(zone.longitude, zone.latitude, lon, lat) - zone.radius);
  return booleanPointInPolygon([lon, lat], zone.turfPolygon) ? 0 : distanceToBorder(zone, lon, lat);
}

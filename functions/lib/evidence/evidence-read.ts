import { deriveStops } from '../../../shared/history/stops';
import type { TrackFix } from '../../../shared/schemas/asset-history';
import {
  EVIDENCE_MAX_FIXES,
  EVIDENCE_TOO_MANY_FIXES,
  type Evidence,
  type EvidenceFix,
  type EvidenceVisit,
} from '../../../shared/schemas/evidence';
import { parseGeoZoneGeometry } from '../../../shared/schemas/geo-zone';
import type { TenantContext } from '../data/tenant-context';
import { deviceRepository } from '../devices/device-repository';
import { geoZoneRepository } from '../geo-zones/geo-zone-repository';
import { readAssetTrack } from '../history/asset-track';
import { unprocessable } from '../http/errors';
import { assetVisitsQuery, visitBatches } from '../visits/visit-queries';

/**
 * The parts of an asset's evidence read from the table: every fix of the visible period (all pages of the
 * track), the tags named, the stops derived by the history's rule, the zone visits overlapping the period and
 * the outlines of the zones visited. Everything is sorted by something stored, never by read order.
 */
type Period = { from: string; to: string };

export async function readFixes(ctx: TenantContext, assetId: number, period: Period): Promise<TrackFix[]> {
  const fixes: TrackFix[] = [];
  let cursor: string | undefined;
  do {
    const page = await readAssetTrack(ctx, assetId, { ...period, cursor, limit: 1000 });
    fixes.push(...page.fixes);
    if (fixes.length > EVIDENCE_MAX_FIXES)
      throw unprocessable([{ propertyPath: 'from', message: EVIDENCE_TOO_MANY_FIXES }]);
    cursor = page.next;
  } while (cursor);
  return fixes;
}

/** A client user sees tags by number only: the asset's device list is hidden from them (asset-view.ts). */
export async function evidenceFixesOf(ctx: TenantContext, fixes: TrackFix[], zones: boolean): Promise<EvidenceFix[]> {
  const ids = [...new Set(fixes.map((fix) => fix.deviceId))];
  const devices = zones ? await Promise.all(ids.map((id) => deviceRepository.get(ctx, id))) : [];
  const names = new Map(
    ids.map((id, i) => [id, devices[i] ? (devices[i]?.name ?? devices[i]?.dev_eui ?? null) : null]),
  );
  return fixes.map(({ deviceId, zone, ...fix }) => ({
    ...fix,
    tag: { id: deviceId, name: names.get(deviceId) ?? null },
    zone: zones ? zone : null,
  }));
}

export const stopsOf = (fixes: TrackFix[]): Evidence['stops'] =>
  deriveStops(fixes).map((stop, i) => ({ number: i + 1, ...stop }));

/** Visits that overlap the period: arrived before it ends, and left after it started or not yet. */
export async function visitsOf(ctx: TenantContext, assetId: number, period: Period): Promise<EvidenceVisit[]> {
  const visits: EvidenceVisit[] = [];
  for await (const batch of visitBatches(assetVisitsQuery(ctx, assetId, { before: period.to }), 10_000)) {
    for (const visit of batch) {
      if (visit.leftAt !== null && visit.leftAt < period.from) continue;
      visits.push({
        zone: { id: visit.zoneId, name: visit.zoneName },
        arrivedAt: visit.arrivedAt,
        leftAt: visit.leftAt,
        dwellSeconds: visit.dwellSeconds,
      });
    }
  }
  return visits.sort((a, b) =>
    a.arrivedAt === b.arrivedAt ? a.zone.id - b.zone.id : a.arrivedAt < b.arrivedAt ? -1 : 1,
  );
}

/** The outlines of the zones the asset was in during the period (its visits' and its fixes' zones). */
export async function zonesOf(ctx: TenantContext, ids: Iterable<number>): Promise<Evidence['zones']> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const records = await Promise.all(sorted.map((id) => geoZoneRepository.get(ctx, id)));
  return records.flatMap((zone) => {
    const geometry = zone ? parseGeoZoneGeometry(zone.geometry) : null;
    return zone && geometry ? [{ id: zone.id, name: zone.name ?? null, geometry }] : [];
  });
}

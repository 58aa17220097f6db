import { dwellSecondsOf, type VisitRecord } from '../../visits/visit-keys';
import type { Fix, ZoneShape } from '../contracts';
import { nextPresence, type PresenceZones, siteOf, type ZonePresence } from '../geofence/zone-presence';
import type { PipelineAsset } from './uplink-effects';

/**
 * Zone visits of one fix (docs/geofencing.md "Zone visits"), computed without I/O: the asset's
 * next `zone_presence` and `site` (set in the asset update the processor makes anyway, only when they change)
 * and the visits that opened or closed (one write each: processor/apply.ts).
 */
export interface VisitZones extends PresenceZones {
  zone(zoneId: number): ZoneShape | undefined;
}

export interface AssetSite {
  zoneId: number;
  zoneName: string | null;
  since: string;
}

export interface VisitEffects {
  presence?: ZonePresence;
  /** The new site; null: remove it (no open visit any more). Absent: unchanged. */
  site?: AssetSite | null;
  /** Opened (leftAt null) and closed visits, in zone order. */
  visits: VisitRecord[];
}

const sameSite = (a: AssetSite | undefined | null, b: AssetSite | null) =>
  (a ?? null) === b || (a?.zoneId === b?.zoneId && a?.since === b?.since && a?.zoneName === b?.zoneName);

export function visitEffects(asset: PipelineAsset, zones: VisitZones, fix: Fix, at: string): VisitEffects {
  const step = nextPresence(asset.zone_presence, zones, fix, at);
  const effects: VisitEffects = { visits: [] };
  if (step.changed) effects.presence = step.presence;
  const open = siteOf(step.presence);
  const site = open ? { ...open, zoneName: zones.zone(open.zoneId)?.name ?? null } : null;
  if (!sameSite(asset.site, site)) effects.site = site;
  const base = {
    assetId: asset.id,
    assetName: asset.name ?? null,
    clientId: asset.client?.id ?? null,
    profiles: (asset.asset_profile_definitions ?? []).map(({ id, name }) => ({ id, name })),
    cableType: asset.cable_summary?.cable ?? null,
  };
  for (const change of step.changes) {
    const leftAt = change.change === 'left' ? (change.leftAt ?? at) : null;
    effects.visits.push({
      ...base,
      zoneId: change.zoneId,
      zoneName: zones.zone(change.zoneId)?.name ?? null,
      arrivedAt: change.arrivedAt,
      leftAt,
      dwellSeconds: leftAt ? dwellSecondsOf(change.arrivedAt, leftAt) : null,
    });
  }
  return effects;
}

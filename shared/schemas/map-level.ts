import { z } from 'zod';

/**
 * Map status levels (spec 000 s.1: "none, critical, major, minor, warning"): how badly an asset needs
 * attention, from the alarms still open on it (docs/decisions/0241-map-status-levels-event-list-days-small-circles-panel-map-layers.md). The worst open alarm wins:
 *
 *   critical  a device of the asset is sabotaged (rule type 0), open until Reset alarm
 *   major     the asset is outside its own geo zone (rule type 1), open while the pipeline sees it outside
 *   minor     a device reports a low battery (rule type 2), open while the device reports it
 *   warning   a tag of the asset is silent (the silent-tag job's mark on its summary, cleared by its next
 *             uplink; docs/decisions/0252-the-map-s-warning-level-comes-from-the-stored-silent-mark.md), or the asset's
 *             tags never sent anything
 *   none      nothing open
 *
 * The map's tuple carries the level as its index in MAP_LEVELS (a one-digit integer), the asset API as its name.
 */
export const MAP_LEVELS = ['none', 'critical', 'major', 'minor', 'warning'] as const;
export type MapLevel = (typeof MAP_LEVELS)[number];
export const mapLevelSchema = z.enum(MAP_LEVELS);

/** Worst first: the order the levels are shown in a legend and sorted by. */
export const MAP_LEVELS_BY_SEVERITY: readonly MapLevel[] = ['critical', 'major', 'minor', 'warning', 'none'];

export interface MapLevelInput {
  devices?:
    | readonly { is_sabotaged?: boolean | null; battery_level_low?: boolean | null; is_silent?: boolean | null }[]
    | null;
  /** The pipeline's hysteresis state (uplink-effects.ts); only counts while the asset has a geo zone. */
  zone_membership?: { state?: string; zoneId?: number } | null;
  geo_zone?: { id?: number } | null;
  lastCommunication?: string | null;
}

export function mapLevelOf(asset: MapLevelInput): MapLevel {
  const devices = asset.devices ?? [];
  if (devices.some((device) => device.is_sabotaged === true)) return 'critical';
  if (isOutsideOwnZone(asset)) return 'major';
  if (devices.some((device) => device.battery_level_low === true)) return 'minor';
  if (devices.some((device) => device.is_silent === true)) return 'warning';
  // Tags that never sent anything: nothing to time from, so not the job's; as silent as it gets.
  if (devices.length > 0 && !asset.lastCommunication) return 'warning';
  return 'none';
}

/** Outside the asset's current zone: a state recorded about another zone (before a zone change) is unknown. */
function isOutsideOwnZone({ geo_zone, zone_membership }: MapLevelInput): boolean {
  if (!geo_zone || zone_membership?.state !== 'outside') return false;
  return zone_membership.zoneId === undefined || zone_membership.zoneId === geo_zone.id;
}

export const mapLevelCodeOf = (level: MapLevel): number => MAP_LEVELS.indexOf(level);
export const mapLevelOfCode = (code: number | null | undefined): MapLevel => MAP_LEVELS[code ?? 0] ?? 'none';

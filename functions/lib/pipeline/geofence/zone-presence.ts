import type { ZoneObservation } from '../contracts';
import { DEFAULT_CONFIRMATIONS, nextMembership } from './hysteresis';

/**
 * Where an asset is among ALL the tenant's zones (docs/geofencing.md "Zone visits"):
 * one entry per zone the asset is inside of, or about to change for. A zone without an entry is "outside,
 * nothing pending", so the map stays as small as the number of zones the asset stands in, and a fix that
 * changes nothing leaves it as it is (no write beyond the asset update the processor makes anyway).
 *
 * The same hysteresis as the asset's own zone (hysteresis.ts), with one difference: the starting side is
 * `outside`, not unknown. A visit needs two certain fixes inside in a row, whether the asset is new or not;
 * a stray fix never opens one, and an asset first seen in a depot gets its visit on the second fix there.
 */
export interface ZonePresenceEntry {
  /** The confirmed side: true while a visit is open. */
  in: boolean;
  /** Certain observations of the other side in a row, not yet enough to switch. */
  n: number;
  /** The first of those observations: the arrival's or departure's time once confirmed. */
  at?: string;
  /** While inside: when the visit began (its `arrivedAt`, part of the visit item's key). */
  since?: string;
}
/** Keyed by the zone id as a string (a DynamoDB map's keys are strings). */
export type ZonePresence = Record<string, ZonePresenceEntry>;

export interface VisitChange {
  zoneId: number;
  change: 'entered' | 'left';
  /** The visit's arrival (its key); for a departure the one it began with. */
  arrivedAt: string;
  /** Departures only. */
  leftAt?: string;
}

export interface PresenceStep {
  presence: ZonePresence;
  changes: VisitChange[];
  /** Whether `presence` differs from the stored one (so the asset update carries it). */
  changed: boolean;
}

export interface PresenceZones {
  /** The zones worth testing for a fix: those whose box meets the fix's accuracy circle. */
  zonesNear(longitude: number, latitude: number, accuracy: number): number[];
  /** Whether the zone still exists (a deleted zone's open visit closes). */
  has(zoneId: number): boolean;
  observe(zoneId: number, fix: { latitude: number; longitude: number; accuracy?: number }): ZoneObservation;
}

const sameEntry = (a: ZonePresenceEntry | undefined, b: ZonePresenceEntry | undefined) =>
  a?.in === b?.in && a?.n === b?.n && a?.at === b?.at && a?.since === b?.since;

/** One zone's step; undefined is "outside, nothing pending" (the entry is dropped). */
function stepZone(
  entry: ZonePresenceEntry | undefined,
  observation: ZoneObservation,
  at: string,
  confirmations: number,
): { entry: ZonePresenceEntry | undefined; changed: 'entered' | 'left' | null } {
  const previous = { state: entry?.in ? ('inside' as const) : ('outside' as const), pending: entry?.n ?? 0 };
  const step = nextMembership(previous, observation, confirmations);
  const inside = step.membership.state === 'inside';
  const pending = step.membership.pending;
  // The run of contrary fixes began at its first one; an agreeing fix ends the run.
  const runStart = pending === 0 ? undefined : previous.pending === 0 ? at : (entry?.at ?? at);
  let since = inside ? entry?.since : undefined;
  if (step.changed === 'entered') since = entry?.at ?? at;
  if (!inside && pending === 0) return { entry: undefined, changed: step.changed };
  const next: ZonePresenceEntry = { in: inside, n: pending };
  if (runStart) next.at = runStart;
  if (since) next.since = since;
  return { entry: next, changed: step.changed };
}

/**
 * The next presence after one fix (`at` its measuredAt): every zone near the fix and every zone already in the
 * map is observed; zones that no longer exist close their open visit at this fix and leave the map.
 */
export function nextPresence(
  stored: ZonePresence | undefined,
  zones: PresenceZones,
  fix: { latitude: number; longitude: number; accuracy?: number },
  at: string,
  confirmations = DEFAULT_CONFIRMATIONS,
): PresenceStep {
  const before = stored ?? {};
  const ids = new Set<number>(Object.keys(before).map(Number));
  for (const id of zones.zonesNear(fix.longitude, fix.latitude, Math.max(0, fix.accuracy ?? 0))) ids.add(id);
  const presence: ZonePresence = {};
  const changes: VisitChange[] = [];
  for (const zoneId of [...ids].sort((a, b) => a - b)) {
    const entry = before[String(zoneId)];
    if (!zones.has(zoneId)) {
      if (entry?.in && entry.since) changes.push({ zoneId, change: 'left', arrivedAt: entry.since, leftAt: at });
      continue;
    }
    const step = stepZone(entry, zones.observe(zoneId, fix), at, confirmations);
    if (step.entry) presence[String(zoneId)] = step.entry;
    if (step.changed === 'entered' && step.entry?.since)
      changes.push({ zoneId, change: 'entered', arrivedAt: step.entry.since });
    if (step.changed === 'left' && entry?.since)
      changes.push({ zoneId, change: 'left', arrivedAt: entry.since, leftAt: entry.at ?? at });
  }
  const keys = new Set([...Object.keys(before), ...Object.keys(presence)]);
  const changed = [...keys].some((key) => !sameEntry(before[key], presence[key]));
  return { presence, changes, changed };
}

/** The zone of the longest-running open visit (equal arrivals: the lower id), or null when none is open. */
export function siteOf(presence: ZonePresence): { zoneId: number; since: string } | null {
  let best: { zoneId: number; since: string } | null = null;
  for (const [key, entry] of Object.entries(presence)) {
    if (!entry.in || !entry.since) continue;
    const zoneId = Number(key);
    if (!best || entry.since < best.since || (entry.since === best.since && zoneId < best.zoneId))
      best = { zoneId, since: entry.since };
  }
  return best;
}

import type { ZoneMembership } from '../pipeline/contracts';
import { haversineMetres } from '../pipeline/geofence/geodesy';
import { endOfAmsterdamDay, startOfAmsterdamDay } from './amsterdam-day';

/**
 * The state behind the two day counters of an asset (docs/geofencing.md, "Loan days and days still"), as pure
 * rules: what a fix does to the rest position, what a person's edit resets, and which counters a day adds.
 * The pipeline keeps the state on the asset item (`zone_membership`, `rest_position`); the API never shows it.
 */
export interface RestPosition {
  latitude: number;
  longitude: number;
  /** Accuracy radius in metres of the fix that placed it (0 when the fix had none). */
  radius: number;
  /** When the asset was last seen to move: the fix that proved the move (or its first fix). */
  since: string;
}

/** What the rules read of an asset. */
export interface LoanDayAsset {
  geo_zone?: { id: number } | null;
  devices: readonly { id: number }[];
  days_still?: number | null;
  zone_membership?: ZoneMembership;
  rest_position?: RestPosition;
}

/**
 * A displacement up to both accuracy radii plus this margin is not a move: fixes of a tag at rest wander by
 * tens of metres (multipath beside steel reels and containers, accuracy figures that are one sigma), and a
 * reel shifted across a yard has not been out on a job.
 */
export const STILL_MARGIN_M = 50;

export interface RestFix {
  latitude: number;
  longitude: number;
  accuracy?: number;
}

/**
 * The rest position after a fix measured at `at`. Each fix is compared with the rest position, never with the
 * fix before it, so slow drift cannot add up to a move unseen. The asset moved when the two accuracy circles,
 * widened by the margin, do not meet: then the fix is the new rest position, since `at`. Otherwise it stays
 * where it was since the same time, taking the fix's position only when that is more precise (a coarse network
 * fix never proves a move of a few hundred metres, nor blurs a GNSS position).
 */
export function nextRest(
  rest: RestPosition | undefined,
  fix: RestFix,
  at: string,
): { rest: RestPosition; moved: boolean } {
  const radius = fix.accuracy ?? 0;
  const here: RestPosition = { latitude: fix.latitude, longitude: fix.longitude, radius, since: at };
  if (!rest) return { rest: here, moved: false };
  const distance = haversineMetres(rest.longitude, rest.latitude, fix.longitude, fix.latitude);
  if (distance > rest.radius + radius + STILL_MARGIN_M) return { rest: here, moved: true };
  return { rest: radius < rest.radius ? { ...here, since: rest.since } : rest, moved: false };
}

/** Attributes an edit sets and removes on the asset item: applied by a Put of the whole item or an UpdateItem. */
export interface StateChange {
  set: { days_still?: null };
  remove: ('zone_membership' | 'rest_position')[];
}

/**
 * What a person's edit of an asset's zone or tags resets: the state is evidence its tags gathered
 * about one zone.
 * - Another zone (or none): the inside/outside state is about the old zone, so it is removed: the new zone
 *   starts from unknown (no "left" alarm, no loan day until a fix has been seen against it).
 * - None of the tags before is still on the asset (the last one detached, or all swapped for others): the
 *   asset may be moved while no tag watches it, so zone state and rest position are removed and days still
 *   becomes unknown (null) until the next tag's first fix. A tag added beside one that stays changes nothing.
 * The counters already counted (days outside geo zone: invoices) stay; only a person's reset clears them.
 */
export function geofenceStateAfterEdit(before: LoanDayAsset, after: LoanDayAsset): StateChange {
  const change: StateChange = { set: {}, remove: [] };
  const kept = new Set(before.devices.map((device) => device.id));
  const tagsGone = !after.devices.some((device) => kept.has(device.id));
  const zoneChanged = (before.geo_zone?.id ?? null) !== (after.geo_zone?.id ?? null);
  if ((zoneChanged || tagsGone) && before.zone_membership) change.remove.push('zone_membership');
  if (tagsGone && before.rest_position) change.remove.push('rest_position');
  if (tagsGone && before.days_still != null) change.set.days_still = null;
  return change;
}

/** `after` with the state change of the edit from `before` applied: for writes that put the whole item. */
export function withStateAfterEdit<T extends LoanDayAsset>(before: LoanDayAsset, after: T): T {
  const change = geofenceStateAfterEdit(before, after);
  const next: T = { ...after, ...change.set };
  // Set to undefined rather than deleted: an UpdateItem of the difference (entity-update.ts) removes an attribute
  // only when the new item names it undefined, and a Put drops undefined values.
  for (const attribute of change.remove) (next as Record<string, unknown>)[attribute] = undefined;
  return next;
}

/**
 * Which counters day `day` (YYYY-MM-DD, Europe/Amsterdam) adds to an asset. No tag, no count.
 * - outside: it has a zone and was outside that zone when the day ended (state outside about this zone, since
 *   before the day's end);
 * - still: it did not move during the day: its rest position dates from before the day began. A tag that
 *   stays silent is at rest (tags report when they start moving).
 */
export function loanDayOf(asset: LoanDayAsset, day: string): { outside: boolean; still: boolean } {
  if (asset.devices.length === 0) return { outside: false, still: false };
  const membership = asset.zone_membership;
  const zoneId = asset.geo_zone?.id;
  const outside =
    zoneId !== undefined &&
    membership?.state === 'outside' &&
    (membership.zoneId === undefined || membership.zoneId === zoneId) &&
    (membership.since === undefined || Date.parse(membership.since) < endOfAmsterdamDay(day).getTime());
  const rest = asset.rest_position;
  const still = rest !== undefined && Date.parse(rest.since) < startOfAmsterdamDay(day).getTime();
  return { outside, still };
}

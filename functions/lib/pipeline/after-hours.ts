import { DEFAULT_MOVE_DISTANCE } from '../../../shared/schemas/alarm';
import { isWithinWorkingHours, openedBetween, type WorkingHours } from '../../../shared/schemas/working-hours';
import type { Fix } from './contracts';
import { haversineMetres } from './geofence/geodesy';

/**
 * Moved outside working hours (alarm type 10, docs/decisions/0311-moved-outside-working-hours-alarm-rule.md), as
 * pure rules: what counts as a move, and when a move outside the rule's hours raises its alarm. The processor
 * keeps one episode per rule on the asset item (`after_hours`: rule id → the episode's last move); the API
 * never shows it.
 */
export interface AfterHoursRule {
  id: number;
  working_hours: WorkingHours;
  move_distance?: number | null;
}

/** Where the asset was last seen: its last event's position and accuracy radius. */
export interface KnownPosition {
  latitude: number | null;
  longitude: number | null;
  radius?: number | null;
}

/** An episode ends when the asset showed no move for this long: a later move is a new theft attempt. */
export const EPISODE_STILL_MS = 60 * 60_000;

/**
 * Whether this uplink's fix proves the asset moved: it is the tag's own (GNSS or Wi-Fi, never the network's
 * estimate) and lies farther from the last known position than the rule's distance plus both accuracy radii.
 * Two fixes of a tag at rest, however far their jitter carries them, stay within their circles, so only a
 * displacement beyond both counts. The event type decides nothing, as for days still (docs/geofencing.md): a
 * "moving" event from a bump at night is no theft.
 */
export function provesMove(
  previous: KnownPosition | null | undefined,
  fix: Fix | undefined,
  distance: number | null | undefined,
): boolean {
  if (!fix || fix.source === 'network') return false;
  if (previous?.latitude == null || previous.longitude == null) return false;
  const apart = haversineMetres(previous.longitude, previous.latitude, fix.longitude, fix.latitude);
  return apart > (distance ?? DEFAULT_MOVE_DISTANCE) + (previous.radius ?? 0) + (fix.accuracy ?? 0);
}

/**
 * One rule's step for an uplink measured at `at`. Raised once per episode: the first move outside the hours
 * opens it (and raises), each later move outside the hours extends it (its last move). It ends, so that the next
 * move raises again, when the business opened since its last move (an uplink within the hours ends it at once)
 * or when the asset showed no move for EPISODE_STILL_MS.
 */
export function afterHoursStep(
  rule: AfterHoursRule,
  lastMove: string | undefined,
  at: string,
  moved: boolean,
): { raise: boolean; lastMove: string | undefined } {
  const now = new Date(at);
  if (isWithinWorkingHours(rule.working_hours, now)) return { raise: false, lastMove: undefined };
  const open =
    lastMove !== undefined &&
    now.getTime() - Date.parse(lastMove) < EPISODE_STILL_MS &&
    !openedBetween(rule.working_hours, new Date(lastMove), now);
  if (!moved) return { raise: false, lastMove: open ? lastMove : undefined };
  return { raise: !open, lastMove: at };
}

/**
 * The episodes after one uplink, and the rules whose alarm it raises. `moved` is asked per rule (each has its
 * own distance). A deleted rule's episode is dropped; `changed` says whether the asset's attribute must be written.
 */
export function afterHoursEffects(
  rules: readonly AfterHoursRule[],
  episodes: Readonly<Record<string, string>> | undefined,
  at: string,
  moved: (rule: AfterHoursRule) => boolean,
): { episodes: Record<string, string>; raised: number[]; changed: boolean } {
  const next: Record<string, string> = {};
  const raised: number[] = [];
  for (const rule of rules) {
    const step = afterHoursStep(rule, episodes?.[rule.id], at, moved(rule));
    if (step.lastMove) next[rule.id] = step.lastMove;
    if (step.raise) raised.push(rule.id);
  }
  const before = episodes ?? {};
  const keys = new Set([...Object.keys(before), ...Object.keys(next)]);
  const changed = [...keys].some((key) => before[key] !== next[key]);
  return { episodes: next, raised, changed };
}

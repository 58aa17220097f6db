import type { Fix } from './contracts';
import { haversineMetres } from './geofence/geodesy';

/**
 * Positions no tag can have (docs/device-payloads.md, "Plausibility"). The speed limit is a truck's on a
 * motorway with a margin; the accuracy radii of both fixes are subtracted from the jump first, so a coarse
 * network fix after a GNSS fix is not mistaken for a jump.
 */
export const MAX_SPEED_KMH = 150;
const MAX_SPEED_MS = MAX_SPEED_KMH / 3.6;
/** Clock granularity: KPN's `bt` is whole seconds, so two fixes can carry the same second. */
const MIN_INTERVAL_S = 1;

export type FixCheck = { ok: true } | { ok: false; reason: string };

/**
 * How far ahead of its receive time an uplink may be stamped. The processor ignores an uplink older than the
 * asset's last one (replays and late arrivals must not regress it), so one stamped a year ahead would become
 * the latest position and hide every real uplink after it for a year. The stamps come from other clocks than
 * ours (a tag's own for MQTT `time`, KPN's for `bt`, the LoRaWAN network server's Timestamp), all behind NTP
 * or GNSS time, and KPN's `bt` is rounded to the second: five minutes holds any synchronised clock with room
 * to spare, and costs nothing but a refused uplink from a tag whose clock is plainly wrong.
 */
export const MAX_AHEAD_OF_RECEIPT_MS = 5 * 60_000;

/** `measuredAt` no later than MAX_AHEAD_OF_RECEIPT_MS after `receivedAt` (our way in's clock). */
export function checkMeasuredAt(measuredAt: string, receivedAt: string): FixCheck {
  const ahead = Date.parse(measuredAt) - Date.parse(receivedAt);
  if (!Number.isFinite(ahead)) return { ok: false, reason: 'Measurement or receive time is not a date' };
  if (ahead <= MAX_AHEAD_OF_RECEIPT_MS) return { ok: true };
  const minutes = Math.round(ahead / 60_000);
  return {
    ok: false,
    reason: `Measured ${minutes} min ahead of its receive time ${receivedAt}; at most ${MAX_AHEAD_OF_RECEIPT_MS / 60_000} min is a clock's error`,
  };
}

/** The rules on a fix alone: a refused one is no position at all (not a place a tag could be). */
export function checkFixAlone(fix: Fix): FixCheck {
  const { latitude, longitude, accuracy } = fix;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude))
    return { ok: false, reason: 'Position is not a number' };
  if (Math.abs(latitude) > 90) return { ok: false, reason: `Latitude ${latitude} out of range` };
  if (Math.abs(longitude) > 180) return { ok: false, reason: `Longitude ${longitude} out of range` };
  if (latitude === 0 && longitude === 0) return { ok: false, reason: 'Position 0/0 (a tag without a fix)' };
  if (accuracy !== undefined && !(accuracy >= 0)) return { ok: false, reason: `Accuracy ${accuracy} is not a radius` };
  return { ok: true };
}

/**
 * `previous` is the last fix accepted for the same device and when it was measured; `at` is this fix's
 * measuredAt (ISO). Out-of-order fixes are judged by the absolute time between them.
 */
export function checkFix(fix: Fix, previous: { fix: Fix; at: string } | undefined, at: string): FixCheck {
  const alone = checkFixAlone(fix);
  if (!alone.ok || !previous) return alone;
  return checkJump(fix, previous, at);
}

/** The speed rule alone: `fix` at `at` against `previous` (a fix that passed the rules alone). */
export function checkJump(fix: Fix, previous: { fix: Fix; at: string }, at: string): FixCheck {
  const seconds = Math.max(MIN_INTERVAL_S, Math.abs(Date.parse(at) - Date.parse(previous.at)) / 1000);
  if (!Number.isFinite(seconds)) return { ok: false, reason: 'Measurement time is not a date' };
  const distance = haversineMetres(previous.fix.longitude, previous.fix.latitude, fix.longitude, fix.latitude);
  const jump = Math.max(0, distance - (previous.fix.accuracy ?? 0) - (fix.accuracy ?? 0));
  if (jump / seconds <= MAX_SPEED_MS) return { ok: true };
  const kmh = Math.round((jump / seconds) * 3.6);
  return {
    ok: false,
    reason: `Jump of ${Math.round(distance)} m in ${Math.round(seconds)} s (${kmh} km/h beyond the accuracy radii) is faster than ${MAX_SPEED_KMH} km/h`,
  };
}

/**
 * A device's heartbeat: how often its uplinks are expected and after how many missed intervals it is silent.
 * Both come from the device's profile (`uplink_interval_minutes`, `silent_after_intervals`; the device profile
 * contract); a device without one, or a profile without them, gets the built-in profiles'
 * values. The one place that reads them, so the processor and the silent-tag job agree.
 */
export interface HeartbeatSettings {
  uplink_interval_minutes: number;
  silent_after_intervals: number;
}

export interface Heartbeat {
  intervalMs: number;
  silentAfter: number;
}

/** The built-in profiles' heartbeat: a parked tag's twice-daily report, silent after three missed. */
export const DEFAULT_UPLINK_INTERVAL_MINUTES = 720;
export const DEFAULT_SILENT_AFTER_INTERVALS = 3;

/** The profile contract's bounds; a stored value outside them (never written by the API) is clamped. */
const INTERVAL_MINUTES = { min: 5, max: 10_080 } as const;
const SILENT_AFTER = { min: 2, max: 30 } as const;

const clamp = (value: number, bounds: { min: number; max: number }, fallback: number) =>
  Number.isFinite(value) ? Math.min(bounds.max, Math.max(bounds.min, value)) : fallback;

export function heartbeatOf(profile?: Partial<HeartbeatSettings> | null): Heartbeat {
  const minutes = clamp(
    Number(profile?.uplink_interval_minutes ?? DEFAULT_UPLINK_INTERVAL_MINUTES),
    INTERVAL_MINUTES,
    DEFAULT_UPLINK_INTERVAL_MINUTES,
  );
  const silentAfter = clamp(
    Math.round(Number(profile?.silent_after_intervals ?? DEFAULT_SILENT_AFTER_INTERVALS)),
    SILENT_AFTER,
    DEFAULT_SILENT_AFTER_INTERVALS,
  );
  return { intervalMs: minutes * 60_000, silentAfter };
}

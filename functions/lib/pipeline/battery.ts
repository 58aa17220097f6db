/**
 * Battery low from a reported voltage (KPN's `batteryVoltage` record, the tracker's voltage byte), for tags
 * that send no battery-low flag of their own (docs/decisions/0246-every-way-in-robust-bad-positions-and-undecodable-payloads-a.md). A lithium primary cell sags
 * under a radio burst and recovers after it, so one threshold would flap the flag (and mail the alarm) on
 * every uplink near it: low below 3.3 V, fine again only above 3.4 V, and between them it stays as it was.
 */
export const BATTERY_LOW_BELOW_V = 3.3;
export const BATTERY_FINE_ABOVE_V = 3.4;

export function batteryLowFromVoltage(voltage: number | undefined, wasLow: boolean): boolean | undefined {
  if (voltage === undefined || !Number.isFinite(voltage)) return undefined;
  if (voltage < BATTERY_LOW_BELOW_V) return true;
  if (voltage > BATTERY_FINE_ABOVE_V) return false;
  return wasLow;
}

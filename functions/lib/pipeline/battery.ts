import type { BatteryUnit } from '../../../shared/schemas/device-profile';

/**
 * Battery low from a reported value (KPN's `batteryVoltage` record, the tracker's voltage byte, a codec's
 * voltage or percentage), for tags that send no battery-low flag of their own (docs/decisions/0246). A lithium
 * primary cell sags under a radio burst and recovers after it, so one threshold would flap the flag (and mail
 * the alarm) on every uplink near it: low below the profile's `battery_low_below`, fine again only above its
 * `battery_fine_above`, and between them it stays as it was. The built-in profiles: 3.3 / 3.4 V.
 */
export const BATTERY_LOW_BELOW_V = 3.3;
export const BATTERY_FINE_ABOVE_V = 3.4;

export interface BatteryRule {
  unit: BatteryUnit;
  lowBelow: number;
  fineAbove: number;
}

export const DEFAULT_BATTERY_RULE: BatteryRule = {
  unit: 'V',
  lowBelow: BATTERY_LOW_BELOW_V,
  fineAbove: BATTERY_FINE_ABOVE_V,
};

/** The hysteresis on one value; undefined without a value (the state stays as it was). */
export function batteryLowFrom(value: number | undefined, wasLow: boolean, rule: BatteryRule): boolean | undefined {
  if (value === undefined || !Number.isFinite(value)) return undefined;
  if (value < rule.lowBelow) return true;
  if (value > rule.fineAbove) return false;
  return wasLow;
}

export function batteryLowFromVoltage(
  voltage: number | undefined,
  wasLow: boolean,
  rule: BatteryRule = DEFAULT_BATTERY_RULE,
): boolean | undefined {
  return rule.unit === 'V' ? batteryLowFrom(voltage, wasLow, rule) : undefined;
}

/** The reading in the profile's unit: volts for a V profile, percent for a % profile. */
export function batteryLowOf(
  reading: { batteryVoltage?: number; batteryPercent?: number },
  wasLow: boolean,
  rule: BatteryRule = DEFAULT_BATTERY_RULE,
): boolean | undefined {
  return batteryLowFrom(rule.unit === 'V' ? reading.batteryVoltage : reading.batteryPercent, wasLow, rule);
}

import { zodResolver } from '@hookform/resolvers/zod';
import {
  type BatteryUnit,
  type DeviceProfile,
  deviceProfileInputSchema,
  deviceProfileUpdateInputSchema,
  FIELD_PATH_KEYS,
  type FieldPathKey,
  type FieldPaths,
} from '@shared/schemas/device-profile';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { DeviceProfilePayload } from './deviceProfilesApi';

export type IntervalUnit = 'minutes' | 'hours';

/**
 * The form holds text as typed (numbers too, so a half-typed "3." is not lost) and the heartbeat in the unit
 * the person thinks in; the shared schema checks the payload these become (toPayload).
 */
export interface DeviceProfileFormValues {
  name: string;
  codec: string;
  field_paths: Record<FieldPathKey, string>;
  battery_unit: BatteryUnit;
  battery_low_below: string;
  battery_fine_above: string;
  interval_value: string;
  interval_unit: IntervalUnit;
  silent_after_intervals: string;
  version?: number;
}

/** Fields a 422's propertyPath may name ('field_paths.latitude' lands on its own field). */
export const FORM_FIELDS = new Set<string>([
  'name',
  'codec',
  'field_paths',
  'battery_unit',
  'battery_low_below',
  'battery_fine_above',
  'interval_value',
  'silent_after_intervals',
]);

/** The API's name of a field as the form names it (the interval is entered in minutes or hours). */
export const formFieldOf = (propertyPath: string) =>
  propertyPath.startsWith('uplink_interval_minutes') ? 'interval_value' : propertyPath;

const emptyPaths = () => Object.fromEntries(FIELD_PATH_KEYS.map((key) => [key, ''])) as Record<FieldPathKey, string>;

/** A new profile: the built-ins' settings (3.3/3.4 V, 12 hours, silent after 3), no codec yet. */
export const EMPTY_PROFILE: DeviceProfileFormValues = {
  name: '',
  codec: '',
  field_paths: emptyPaths(),
  battery_unit: 'V',
  battery_low_below: '3.3',
  battery_fine_above: '3.4',
  interval_value: '12',
  interval_unit: 'hours',
  silent_after_intervals: '3',
};

export function toFormValues(profile: DeviceProfile): DeviceProfileFormValues {
  const minutes = profile.uplink_interval_minutes;
  const inHours = minutes % 60 === 0;
  return {
    name: profile.name,
    codec: profile.codec ?? '',
    field_paths: { ...emptyPaths(), ...profile.field_paths },
    battery_unit: profile.battery_unit,
    battery_low_below: String(profile.battery_low_below),
    battery_fine_above: String(profile.battery_fine_above),
    interval_value: String(inHours ? minutes / 60 : minutes),
    interval_unit: inHours ? 'hours' : 'minutes',
    silent_after_intervals: String(profile.silent_after_intervals),
    version: profile.version,
  };
}

/** Text to number; what is not a number stays text, so the schema says "must be a number" rather than 0. */
const numberOf = (text: string): number | string => {
  const trimmed = text.trim().replace(',', '.');
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : text;
};

/** The paths filled in; an empty one is left out, so the common names find that value. */
export function fieldPathsOf(paths: Record<FieldPathKey, string>): FieldPaths {
  return Object.fromEntries(
    Object.entries(paths).flatMap(([key, path]) => (path.trim() ? [[key, path.trim()]] : [])),
  ) as FieldPaths;
}

/** What decodes and maps (the test panel sends this with its bytes). */
export function codecSettingsOf(values: DeviceProfileFormValues) {
  return {
    codec: values.codec.trim() === '' ? null : values.codec,
    field_paths: fieldPathsOf(values.field_paths),
    battery_unit: values.battery_unit,
    battery_low_below: numberOf(values.battery_low_below) as number,
    battery_fine_above: numberOf(values.battery_fine_above) as number,
  };
}

export function toPayload(values: DeviceProfileFormValues): DeviceProfilePayload {
  const interval = numberOf(values.interval_value);
  return {
    name: values.name,
    ...codecSettingsOf(values),
    uplink_interval_minutes: (typeof interval === 'number'
      ? Math.round(values.interval_unit === 'hours' ? interval * 60 : interval)
      : interval) as number,
    silent_after_intervals: numberOf(values.silent_after_intervals) as number,
    ...(values.version === undefined ? {} : { version: values.version }),
  };
}

type ProfileResolver = Resolver<DeviceProfileFormValues, unknown, DeviceProfilePayload>;

/**
 * The shared schema checks the payload the form becomes; its messages land on the form's fields (the minutes
 * on the interval). The submit handler receives the payload.
 */
export function deviceProfileResolver(isNew: boolean): ProfileResolver {
  const schema = isNew ? deviceProfileInputSchema : deviceProfileUpdateInputSchema;
  const check = zodResolver(schema as never, undefined, { raw: true }) as unknown as Resolver<DeviceProfilePayload>;
  return async (values, context, options) => {
    const payload = toPayload(values);
    const result = await check(payload, context, options as never);
    const errors = result.errors as Record<string, unknown>;
    if (Object.keys(errors).length === 0) return { values: payload, errors: {} };
    const { uplink_interval_minutes: interval, ...rest } = errors;
    return {
      values: {},
      errors: (interval ? { ...rest, interval_value: interval } : rest) as FieldErrors<DeviceProfileFormValues>,
    };
  };
}

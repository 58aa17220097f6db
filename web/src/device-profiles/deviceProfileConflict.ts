import type { TFunction } from 'i18next';
import { changedFields } from '../common/conflict/conflicts';
import { type DeviceProfileFormValues, toPayload } from './deviceProfileForm';

/** The fields a person edits and the label key of each (features/deviceProfiles fields.*). */
const FIELD_LABELS = {
  name: 'name',
  codec: 'codec',
  field_paths: 'fieldPaths',
  battery_unit: 'batteryUnit',
  battery_low_below: 'batteryLowBelowPlain',
  battery_fine_above: 'batteryFineAbovePlain',
  uplink_interval_minutes: 'interval',
  silent_after_intervals: 'silentAfter',
} as const;
type ConflictField = keyof typeof FIELD_LABELS;
type Shown = Record<ConflictField, string>;

/** Each field as the dialog shows it; the interval in minutes, so 12 hours and 720 minutes are the same. */
function shown(values: DeviceProfileFormValues, t: TFunction<'deviceProfiles'>): Shown {
  const payload = toPayload(values);
  const codec = payload.codec ?? '';
  return {
    name: payload.name,
    // A codec is long: its size and first line are enough to tell two versions apart.
    codec: codec
      ? `${t('conflict.codecSize', { count: codec.length })}: ${codec.trim().split('\n')[0]?.slice(0, 60) ?? ''}`
      : t('conflict.noCodec'),
    field_paths: Object.entries(payload.field_paths)
      .map(([key, path]) => `${t(`fieldPaths.${key as 'latitude'}`)}: ${path}`)
      .join(', '),
    battery_unit: payload.battery_unit,
    battery_low_below: String(payload.battery_low_below),
    battery_fine_above: String(payload.battery_fine_above),
    uplink_interval_minutes: t('units.minutesCount', { count: payload.uplink_interval_minutes }),
    silent_after_intervals: String(payload.silent_after_intervals),
  };
}

/**
 * What someone else changed in a profile since the drawer read it, theirs beside the form's values
 * (docs/decisions/0242-versions-are-for-people-s-saves-tags-move-no-version.md).
 */
export const deviceProfileConflictRows =
  (t: TFunction<'deviceProfiles'>) =>
  (base: DeviceProfileFormValues, theirs: DeviceProfileFormValues, yours: DeviceProfileFormValues) =>
    changedFields(
      Object.keys(FIELD_LABELS) as ConflictField[],
      shown(base, t),
      shown(theirs, t),
      shown(yours, t),
      (_, value) => String(value ?? ''),
      (field) => t(`fields.${FIELD_LABELS[field]}`),
    );

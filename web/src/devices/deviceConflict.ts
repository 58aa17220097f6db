import type { TFunction } from 'i18next';
import { formatDay } from '../assets/assetFormat';
import { conflictRowsOf } from '../common/conflict/conflicts';
import type { DeviceFormValues } from './deviceForm';

/** The device fields a person edits and the label key of each (features/devices fields.*). */
const FIELD_LABELS = {
  name: 'name',
  model: 'model',
  notes: 'notes',
  asset: 'asset',
  activation_date: 'activationDate',
  device_profiles: 'payloadProfile',
} as const satisfies Partial<Record<keyof DeviceFormValues, string>>;
type ConflictField = keyof typeof FIELD_LABELS;

function show(field: ConflictField, value: unknown): string {
  if (field === 'asset') return (value as DeviceFormValues['asset'])?.name ?? '';
  if (field === 'device_profiles') return (value as DeviceFormValues['device_profiles']).map((p) => p.name).join(', ');
  if (field === 'activation_date') return formatDay(value as string);
  return typeof value === 'string' ? value : '';
}

/**
 * What someone else changed in a device since the drawer read it, theirs beside the form's values
 * (docs/decisions/0242-versions-are-for-people-s-saves-tags-move-no-version.md). The tag's own reports (last
 * event, battery) never show here: they move no version.
 */
export const deviceConflictRows = (t: TFunction<'devices'>) =>
  conflictRowsOf<DeviceFormValues>(
    Object.fromEntries(Object.entries(FIELD_LABELS).map(([field, key]) => [field, t(`fields.${key}`)])),
    (field, value) => show(field as ConflictField, value),
  );

import type { Asset } from '@shared/schemas/asset';
import type { TFunction } from 'i18next';
import { changedFields } from '../common/conflict/conflicts';
import { formatDay } from './assetFormat';
import type { AssetFormValues } from './panel/assetForm';

/** The asset fields a person edits, in the form's order, and the label key of each (features/assets fields.*). */
const FIELD_LABELS = {
  name: 'name',
  reference: 'reference',
  description: 'description',
  devices: 'devices',
  client: 'client',
  geo_zone: 'geoZone',
  scheduled: 'scheduled',
  asset_profile_definitions: 'assetProfiles',
  status: 'status',
} as const satisfies Partial<Record<keyof AssetFormValues, string>>;
type ConflictField = keyof typeof FIELD_LABELS;

const STAFF_FIELDS: readonly ConflictField[] = ['devices', 'client', 'geo_zone'];

const namesOf = (value: unknown) =>
  Array.isArray(value)
    ? value.map((item: { id: number; name?: string | null }) => item.name ?? `#${item.id}`).join(', ')
    : '';

/**
 * What someone else changed in an asset since `base` was read, theirs (`latest`) beside `yours` (the form's
 * values), as text (docs/decisions/0242-versions-are-for-people-s-saves-tags-move-no-version.md). Fields the viewer's form does not show are left out.
 */
export function assetConflictRows(
  t: TFunction<'assets'>,
  formValuesOf: (asset: Asset) => AssetFormValues,
  base: Asset,
  latest: Asset,
  yours: AssetFormValues,
  shown: { staffFields: boolean; profiles: boolean },
) {
  const fields = (Object.keys(FIELD_LABELS) as ConflictField[]).filter(
    (field) =>
      (shown.staffFields || !STAFF_FIELDS.includes(field)) && (shown.profiles || field !== 'asset_profile_definitions'),
  );
  const show = (field: ConflictField, value: unknown): string => {
    if (field === 'devices' || field === 'asset_profile_definitions') return namesOf(value);
    if (field === 'client') return (value as AssetFormValues['client'])?.company ?? '';
    if (field === 'geo_zone') return (value as AssetFormValues['geo_zone'])?.name ?? '';
    if (field === 'status') return value ? t(`statusValue.${value as 'registered'}`) : t('fields.noStatus');
    if (field === 'scheduled') return formatDay(value as string);
    return typeof value === 'string' ? value : '';
  };
  return changedFields(fields, formValuesOf(base), formValuesOf(latest), yours, show, (field) =>
    t(`fields.${FIELD_LABELS[field]}`),
  );
}

import {
  ASSET_BULK_FIELDS,
  assetBulkChangesSchema,
  type BulkEditTarget,
  DEVICE_BULK_FIELDS,
  deviceBulkChangesSchema,
} from '@shared/schemas/bulk-edit';
import type { FieldErrors, Resolver, UseFormReturn } from 'react-hook-form';

export type BulkField = (typeof ASSET_BULK_FIELDS)[number] | (typeof DEVICE_BULK_FIELDS)[number];
export const FIELDS_OF: Record<BulkEditTarget, readonly BulkField[]> = {
  assets: ASSET_BULK_FIELDS,
  devices: DEVICE_BULK_FIELDS,
};

interface Named {
  id: number;
  name: string | null;
}

/** The dialog's form: which fields change (`use`), and their values as the asset and device forms hold them. */
export interface BulkEditValues {
  use: Partial<Record<BulkField, boolean>>;
  client: { id: number; company: string | null } | null;
  status: string;
  asset_profile_definitions: Named[];
  geo_zone: Named | null;
  scheduled: string;
  /** The device form's one payload profile ('' is none): sent as the spec's list, `[id]` or `[]`. */
  device_profiles: string;
}

export const emptyBulkEditValues = (): BulkEditValues => ({
  use: {},
  client: null,
  status: '',
  asset_profile_definitions: [],
  geo_zone: null,
  scheduled: '',
  device_profiles: '',
});

const VALUE_OF: Record<BulkField, (values: BulkEditValues) => unknown> = {
  client: (v) => v.client?.id ?? null,
  status: (v) => v.status || null,
  asset_profile_definitions: (v) => v.asset_profile_definitions.map((d) => d.id),
  geo_zone: (v) => v.geo_zone?.id ?? null,
  scheduled: (v) => v.scheduled || null,
  device_profiles: (v) => (v.device_profiles ? [Number(v.device_profiles)] : []),
};

/** The body's `changes`: only the fields ticked, as the API takes them. */
export function changesOf(target: BulkEditTarget, values: BulkEditValues): Record<string, unknown> {
  return Object.fromEntries(
    FIELDS_OF[target].filter((field) => values.use[field]).map((field) => [field, VALUE_OF[field](values)]),
  );
}

/**
 * Validation is the shared schema's (each field as its single edit validates it); a violation shows on its field,
 * "choose at least one field" on the form as a whole (`root`).
 */
export type BulkEditForm = UseFormReturn<BulkEditValues, unknown, Record<string, unknown>>;

export function bulkEditResolver(target: BulkEditTarget): Resolver<BulkEditValues, unknown, Record<string, unknown>> {
  const schema = target === 'assets' ? assetBulkChangesSchema : deviceBulkChangesSchema;
  return async (values) => {
    const parsed = schema.safeParse(changesOf(target, values));
    if (parsed.success) return { values: values as unknown as Record<string, unknown>, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) {
      const field = typeof issue.path[0] === 'string' ? issue.path[0] : 'root';
      errors[field] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<BulkEditValues> };
  };
}

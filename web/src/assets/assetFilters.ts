import { assetListQuerySchema } from '@shared/schemas/asset';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { QueryParams } from './assetsApi';

/** Filter names as they appear in the console URL. */
export const ASSET_FILTER_KEYS = [
  'search',
  'id',
  'logicalId',
  'daysOutsideGeoZone',
  'scheduledAfter',
  'scheduledBefore',
  'client',
  'status',
] as const;
export type AssetFilterKey = (typeof ASSET_FILTER_KEYS)[number];
export type AssetFilterValues = Record<AssetFilterKey, string>;

export const emptyFilters = (): AssetFilterValues =>
  Object.fromEntries(ASSET_FILTER_KEYS.map((k) => [k, ''])) as AssetFilterValues;

/** URL names to the API's query names (scheduled[after] cannot be a form field name). */
const API_NAMES: Record<AssetFilterKey, string> = {
  search: 'search',
  id: 'id',
  logicalId: 'logicalId',
  daysOutsideGeoZone: 'daysOutsideGeoZone',
  scheduledAfter: 'scheduled[after]',
  scheduledBefore: 'scheduled[before]',
  client: 'client',
  status: 'status',
};
const FORM_NAMES = Object.fromEntries(Object.entries(API_NAMES).map(([form, apiName]) => [apiName, form]));

export function toApiFilters(filters: Partial<Record<AssetFilterKey, string>>): QueryParams {
  const out: QueryParams = {};
  for (const key of ASSET_FILTER_KEYS) {
    const value = filters[key]?.trim();
    if (value) out[API_NAMES[key]] = value;
  }
  return out;
}

/** The shared assetListQuerySchema checks the filter (spec 000 s.5: id and logicalId must be integers). */
export const assetFilterResolver: Resolver<AssetFilterValues> = async (values) => {
  const result = assetListQuerySchema.safeParse(toApiFilters(values));
  if (result.success) return { values, errors: {} };
  const errors: FieldErrors<AssetFilterValues> = {};
  for (const issue of result.error.issues) {
    const field = FORM_NAMES[String(issue.path[0])] as AssetFilterKey | undefined;
    if (field && !errors[field]) errors[field] = { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};

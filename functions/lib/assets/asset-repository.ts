import { type Asset, assetSchema, deviceHealthOf } from '../../../shared/schemas/asset';
import { mapLevelOf } from '../../../shared/schemas/map-level';
import { ACCESS_PATTERNS } from '../../../shared/table';
import { indexSortKey, pad, sortableNumber, typePartition } from '../data/keys';
import { createRepository } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';
import { allowListOf } from '../http/allow-list';

/**
 * An asset as stored: the API shape without its JSON-LD keys, with the customer and geo zone names copied in
 * so that lists sort and show them without a read per row. `cable_length` is lifted out of the profile
 * values for the same reason. Each sortable column of spec 000 s.9 has its own index (docs/data-model.md).
 */
export type AssetRecord = Omit<Asset, '@id' | '@type' | 'device_health' | 'cable_summary' | 'map_level'> & {
  cable_length?: number | null;
  /** Absent on assets written before the copy existed: read as null. */
  cable_summary?: Asset['cable_summary'];
  /** When the asset was created (its first day owned, docs/geofencing.md "Utilisation"); absent on older ones. */
  createdAt?: string;
  /**
   * When the asset came to its current customer (stored only, not answered): a client user's history starts
   * there. Absent on assets whose customer was last set before it was kept.
   */
  client_since?: string | null;
};

/**
 * Sort field (API name) -> the list index that keeps a tenant's assets in that order (gsi8…gsi12, INCLUDE of
 * the filters' attributes, shared/table.ts; docs/decisions/0272-list-indexes-project-only-what-lists-filter-and-customer-indexes.md).
 */
export const ASSET_SORT_INDEXES = {
  days_outside_geo_zone: ACCESS_PATTERNS.assetsByDaysOutside,
  reference: ACCESS_PATTERNS.assetsByReference,
  scheduled: ACCESS_PATTERNS.assetsByScheduled,
  'client.company': ACCESS_PATTERNS.assetsByClientCompany,
  cable_length: ACCESS_PATTERNS.assetsByCableLength,
} as const;

/**
 * Order (API name, or id) -> the index that keeps one customer's assets in it (gsi14…gsi18, KEYS_ONLY). All
 * assets of a customer share its company, so the company order within a customer is the id order.
 */
export const ASSET_CLIENT_SORT_INDEXES = {
  id: ACCESS_PATTERNS.clientAssetsById,
  'client.company': ACCESS_PATTERNS.clientAssetsById,
  days_outside_geo_zone: ACCESS_PATTERNS.clientAssetsByDaysOutside,
  reference: ACCESS_PATTERNS.clientAssetsByReference,
  scheduled: ACCESS_PATTERNS.clientAssetsByScheduled,
  cable_length: ACCESS_PATTERNS.clientAssetsByCableLength,
} as const;

const text = (value: string | null | undefined) => (value ?? '').toLowerCase().slice(0, 200);
const numeric = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : sortableNumber(value);

/** client.company order key (gsi11): also rewritten when a customer is renamed (client-company-copies.ts). */
export const companySortKey = (company: string | null | undefined, id: number) => indexSortKey(text(company), id);

export const assetPartition = (ctx: TenantContext) => typePartition(ctx, 'ASSET');
/**
 * gsi14 byClient: the assets of one customer in id order (client users' view, the client filter, "does this
 * customer still have assets"). Sparse like gsi15…gsi18: no customer, no key.
 */
export const ASSET_CLIENT_INDEX = ASSET_CLIENT_SORT_INDEXES.id;
export const clientAssetsPartition = (ctx: TenantContext, clientId: number) =>
  `${typePartition(ctx, 'CLIENT')}#${clientId}#ASSETS`;

/**
 * gsi7 byMapPosition (shared/table.ts): only assets with a position have its keys, and the index copies only
 * the map fields. The sort key starts with the customer id (0 for none), so a client user's map is one
 * begins_with range of the same partition.
 */
export const ASSET_MAP_INDEX = ACCESS_PATTERNS.assetsByMapPosition;
export const assetMapPartition = (ctx: TenantContext) => `${assetPartition(ctx)}#MAP`;
export const assetMapClientPrefix = (clientId: number) => `${pad(clientId)}#`;
export const hasPosition = (lastEvent: AssetRecord['last_event'] | undefined) =>
  lastEvent?.latitude != null && lastEvent?.longitude != null;
export const assetMapKeys = (ctx: TenantContext, asset: Pick<AssetRecord, 'id' | 'client' | 'last_event'>) =>
  hasPosition(asset.last_event)
    ? { gsi7pk: assetMapPartition(ctx), gsi7sk: `${assetMapClientPrefix(asset.client?.id ?? 0)}${pad(asset.id)}` }
    : {};

/** The sort key of each order, from the item: the same value in the tenant-wide and the customer's index. */
export function assetSortKeys(asset: AssetRecord): Record<keyof typeof ASSET_CLIENT_SORT_INDEXES, string> {
  return {
    id: indexSortKey('', asset.id),
    'client.company': companySortKey(asset.client?.company, asset.id),
    days_outside_geo_zone: indexSortKey(numeric(asset.days_outside_geo_zone), asset.id),
    reference: indexSortKey(text(asset.reference), asset.id),
    scheduled: indexSortKey(asset.scheduled ?? '', asset.id),
    cable_length: indexSortKey(numeric(asset.cable_length), asset.id),
  };
}

/** The list and customer index keys (gsi8…gsi12, gsi14…gsi18) of an asset. */
export function assetListKeys(ctx: TenantContext, asset: AssetRecord): Record<string, string> {
  const sortKeys = assetSortKeys(asset);
  const keys: Record<string, string> = {};
  for (const [field, index] of Object.entries(ASSET_SORT_INDEXES)) {
    keys[`${index}pk`] = assetPartition(ctx);
    keys[`${index}sk`] = sortKeys[field as keyof typeof sortKeys];
  }
  if (!asset.client) return keys;
  for (const [field, index] of Object.entries(ASSET_CLIENT_SORT_INDEXES)) {
    if (field === 'client.company') continue; // gsi14 is the id order's
    keys[`${index}pk`] = clientAssetsPartition(ctx, asset.client.id);
    keys[`${index}sk`] = sortKeys[field as keyof typeof sortKeys];
  }
  return keys;
}

/** The list index keys that differ between two states of an asset (what a writer of other attributes sets). */
export function movedListKeys(ctx: TenantContext, before: AssetRecord, after: AssetRecord): Record<string, string> {
  const was = assetListKeys(ctx, before);
  return Object.fromEntries(Object.entries(assetListKeys(ctx, after)).filter(([name, value]) => was[name] !== value));
}

/**
 * Assets. Their list orders live in gsi8…gsi12 (tenant) and gsi14…gsi18 (one customer), the map in gsi7; the
 * pipeline's common writes (position, battery, zone state) touch none of those keys nor projected attributes.
 */
export const assetRepository = createRepository<AssetRecord>({
  type: 'ASSET',
  indexKeys: (ctx, asset) => ({ ...assetListKeys(ctx, asset), ...assetMapKeys(ctx, asset) }),
});

/** Only the schema's keys: cable_length (a sort copy), zone_membership (the pipeline's hysteresis state,
 * uplink-effects.ts), rest_position and loanDayCountedFor (the loan-day state, loan-days/) stay on the record. */
const allowedAsset = allowListOf(assetSchema);

export const toApiAsset = (asset: AssetRecord): Asset =>
  allowedAsset({
    '@id': `/api/assets/${asset.id}`,
    '@type': 'Asset',
    ...asset,
    cable_summary: asset.cable_summary ?? null,
    device_health: deviceHealthOf(asset.devices),
    map_level: mapLevelOf(asset),
  });

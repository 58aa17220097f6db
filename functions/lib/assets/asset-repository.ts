import { type Asset, assetSchema, deviceHealthOf } from '../../../shared/schemas/asset';
import { mapLevelOf } from '../../../shared/schemas/map-level';
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
};

/** Sort field (API name) -> the index that keeps assets in that order. */
export const ASSET_SORT_INDEXES = {
  days_outside_geo_zone: 'gsi1',
  reference: 'gsi2',
  scheduled: 'gsi3',
  'client.company': 'gsi4',
  cable_length: 'gsi5',
} as const;

const text = (value: string | null | undefined) => (value ?? '').toLowerCase().slice(0, 200);
const numeric = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : sortableNumber(value);

/** gsi4 (client.company order) key: also rewritten when a customer is renamed (client-company-copies.ts). */
export const companySortKey = (company: string | null | undefined, id: number) => indexSortKey(text(company), id);

export const assetPartition = (ctx: TenantContext) => typePartition(ctx, 'ASSET');
/** gsi6 byClient: the assets of one customer (client users' view, the client filter). Sparse: no customer, no key. */
export const ASSET_CLIENT_INDEX = 'gsi6';
export const clientAssetsPartition = (ctx: TenantContext, clientId: number) =>
  `${typePartition(ctx, 'CLIENT')}#${clientId}#ASSETS`;

/**
 * gsi7 byMapPosition (shared/table.ts): only assets with a position have its keys, and the index copies only
 * the map fields. The sort key starts with the customer id (0 for none), so a client user's map is one
 * begins_with range of the same partition.
 */
export const ASSET_MAP_INDEX = 'gsi7';
export const assetMapPartition = (ctx: TenantContext) => `${assetPartition(ctx)}#MAP`;
export const assetMapClientPrefix = (clientId: number) => `${pad(clientId)}#`;
export const hasPosition = (lastEvent: AssetRecord['last_event'] | undefined) =>
  lastEvent?.latitude != null && lastEvent?.longitude != null;
export const assetMapKeys = (ctx: TenantContext, asset: Pick<AssetRecord, 'id' | 'client' | 'last_event'>) =>
  hasPosition(asset.last_event)
    ? { gsi7pk: assetMapPartition(ctx), gsi7sk: `${assetMapClientPrefix(asset.client?.id ?? 0)}${pad(asset.id)}` }
    : {};

export const assetRepository = createRepository<AssetRecord>({
  type: 'ASSET',
  indexKeys: (ctx, asset) => {
    const partition = assetPartition(ctx);
    return {
      gsi1pk: partition,
      gsi1sk: indexSortKey(numeric(asset.days_outside_geo_zone), asset.id),
      gsi2pk: partition,
      gsi2sk: indexSortKey(text(asset.reference), asset.id),
      gsi3pk: partition,
      gsi3sk: indexSortKey(asset.scheduled ?? '', asset.id),
      gsi4pk: partition,
      gsi4sk: companySortKey(asset.client?.company, asset.id),
      gsi5pk: partition,
      gsi5sk: indexSortKey(numeric(asset.cable_length), asset.id),
      ...(asset.client
        ? { gsi6pk: clientAssetsPartition(ctx, asset.client.id), gsi6sk: indexSortKey('', asset.id) }
        : {}),
      ...assetMapKeys(ctx, asset),
    };
  },
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

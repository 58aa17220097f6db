import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../data/client';
import { itemKey, pad, typePartition } from '../data/keys';
import { queryAllPages } from '../data/query-page';
import type { TenantContext } from '../data/tenant-context';
import type { TransactItem } from '../data/transaction';
import { GEO_ZONE_TYPE, type GeoZoneRecord, geoZoneRepository } from './geo-zone-repository';

/**
 * Which assets name a zone as their geo zone, without reading the tenant's assets:
 *  - the zone's `assetCount`, which a zone delete is conditioned on (0 or absent), and
 *  - one small link item per asset, pk T#<t>#GEOZONE#<zoneId>#ASSETS / sk ASSET#<assetId>, read when the
 *    zone is renamed to rewrite the name the assets keep a copy of.
 * Both are written by the asset writes in the asset's own transaction (asset-writes.ts), so they never drift
 * from the assets; the demo seed writes them with its assets (geoZoneLinkItems).
 */
type ZoneRef = { id: number } | null | undefined;

export const zoneAssetsPartition = (ctx: TenantContext, zoneId: number) =>
  `${typePartition(ctx, GEO_ZONE_TYPE)}#${zoneId}#ASSETS`;

const linkItem = (ctx: TenantContext, zoneId: number, assetId: number) => ({
  pk: zoneAssetsPartition(ctx, zoneId),
  sk: `ASSET#${pad(assetId)}`,
  entityType: 'GEOZONE_ASSET',
  tenantId: ctx.tenantId,
  zoneId,
  assetId,
});

const countChange = (ctx: TenantContext, zoneId: number, change: 1 | -1): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: itemKey(ctx, GEO_ZONE_TYPE, zoneId),
    UpdateExpression: 'ADD assetCount :change',
    // Never creates a zone item: a zone deleted meanwhile makes the asset write fail (409), not a phantom zone.
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':change': change },
  },
});

/**
 * The writes that move asset `assetId` from zone `before` to zone `after`, for the asset's transaction. The
 * zone left is only uncounted while it exists and still counts assets (data written before the counts).
 */
export async function geoZoneLinkWrites(
  ctx: TenantContext,
  assetId: number,
  before: ZoneRef,
  after: ZoneRef,
): Promise<TransactItem[]> {
  if ((before?.id ?? null) === (after?.id ?? null)) return [];
  const writes: TransactItem[] = [];
  if (before) {
    const left = await geoZoneRepository.get(ctx, before.id);
    if ((left?.assetCount ?? 0) > 0) writes.push(countChange(ctx, before.id, -1));
    const { pk, sk } = linkItem(ctx, before.id, assetId);
    writes.push({ Delete: { TableName: tableName(), Key: { pk, sk } } });
  }
  if (after) {
    writes.push(countChange(ctx, after.id, 1));
    writes.push({ Put: { TableName: tableName(), Item: linkItem(ctx, after.id, assetId) } });
  }
  return writes;
}

/** The seed's link items and counts for assets it writes in bulk (no transactions there). */
export function geoZoneLinkItems(ctx: TenantContext, assets: readonly { id: number; geo_zone: ZoneRef }[]) {
  return assets.flatMap((asset) => (asset.geo_zone ? [linkItem(ctx, asset.geo_zone.id, asset.id)] : []));
}

export function withAssetCounts<Z extends GeoZoneRecord>(
  zones: readonly Z[],
  assets: readonly { geo_zone: ZoneRef }[],
) {
  const counts = new Map<number, number>();
  for (const asset of assets)
    if (asset.geo_zone) counts.set(asset.geo_zone.id, (counts.get(asset.geo_zone.id) ?? 0) + 1);
  return zones.map((zone) => ({ ...zone, assetCount: counts.get(zone.id) ?? 0 }));
}

const CONCURRENCY = 16;

/**
 * After a rename, every asset of the zone gets the new name in its copy. This runs after the zone's own
 * write (a zone can have more assets than a transaction holds); each update is conditioned on the asset still
 * naming this zone, so an asset moved meanwhile is left alone, and saving the zone again repairs any copy a
 * failure left behind. The asset's version is not bumped: the copy is derived data (as the customer's
 * company copy, client-company-copies.ts).
 */
export async function refreshZoneNameOnAssets(ctx: TenantContext, zone: Pick<GeoZoneRecord, 'id' | 'name'>) {
  let updated = 0;
  const pages = queryAllPages({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': zoneAssetsPartition(ctx, zone.id) },
    ProjectionExpression: 'assetId',
  });
  for await (const page of pages) {
    const ids = (page.Items ?? []).map((item) => Number(item.assetId));
    for (let i = 0; i < ids.length; i += CONCURRENCY) {
      const results = await Promise.all(ids.slice(i, i + CONCURRENCY).map((id) => copyName(ctx, id, zone)));
      updated += results.filter(Boolean).length;
    }
  }
  return updated;
}

async function copyName(ctx: TenantContext, assetId: number, zone: Pick<GeoZoneRecord, 'id' | 'name'>) {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: itemKey(ctx, 'ASSET', assetId),
        UpdateExpression: 'SET #zone.#name = :name',
        ConditionExpression: '#zone.#id = :zoneId',
        ExpressionAttributeNames: { '#zone': 'geo_zone', '#name': 'name', '#id': 'id' },
        ExpressionAttributeValues: { ':name': zone.name ?? null, ':zoneId': zone.id },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException || (error as Error).name === 'ConditionalCheckFailedException')
      return false;
    throw error;
  }
}

import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { PICKUP_COUNT_LIMIT, type Pickup } from '../../../shared/schemas/pickup';
import { ACCESS_PATTERNS } from '../../../shared/table';
import type { AssetRecord } from '../assets/asset-repository';
import type { AssetViewer } from '../assets/asset-view';
import { batchGetByIds } from '../data/batch-get';
import { dynamo, tableName } from '../data/client';
import { type PageQuery, queryPage } from '../data/query-page';
import { fromItem } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';
import { clientPickupPartition, isWaiting, type PickupItem, pickupKey, pickupPartition } from './pickup-items';

/**
 * GET /api/pickups: the assets waiting for a pickup, longest waiting first (the index sort
 * key starts with the request time), from the pickup items: staff and transporters the tenant's queue (gsi1),
 * a client user their customer's (gsi2; none without a customer). The page's assets: one BatchGetItem; an
 * entry whose asset is gone or no longer waits (a write that missed it) is left out and removed on the spot.
 */
export interface PickupPage {
  members: Pickup[];
  total: number;
  totalExact: boolean;
  itemsRead: number;
}

type AssetView = Pick<AssetRecord, 'id' | 'name' | 'client' | 'status' | 'last_event' | 'geo_zone'>;

const pickupQuery = (ctx: TenantContext, viewer: AssetViewer): PageQuery | null => {
  if (viewer.kind === 'client' && viewer.clientId === null) return null;
  const [index, partition] =
    viewer.kind === 'staff'
      ? [ACCESS_PATTERNS.staffPickupQueue, pickupPartition(ctx)]
      : [ACCESS_PATTERNS.clientPickupQueue, clientPickupPartition(ctx, viewer.clientId as number)];
  return {
    TableName: tableName(),
    IndexName: index,
    KeyConditionExpression: `${index}pk = :pk`,
    ExpressionAttributeValues: { ':pk': partition },
    ScanIndexForward: true,
  };
};

export async function listPickups(
  ctx: TenantContext,
  viewer: AssetViewer,
  page: number,
  itemsPerPage: number,
  userNames: (ids: number[]) => Promise<Map<number, string>>,
): Promise<PickupPage> {
  const query = pickupQuery(ctx, viewer);
  if (!query) return { members: [], total: 0, totalExact: true, itemsRead: 0 };
  const [{ items, itemsRead }, count] = await Promise.all([queryPage(query, page, itemsPerPage), countUpTo(query)]);
  const pickups = items.map((item) => fromItem<PickupItem>(item));
  const assets = new Map(
    (
      await batchGetByIds(
        ctx,
        'ASSET',
        pickups.map((p) => p.assetId),
        { attributes: ['id', 'name', 'client', 'status', 'last_event', 'geo_zone'] },
      )
    ).map((item) => {
      const asset = fromItem<AssetView>(item);
      return [asset.id, asset] as const;
    }),
  );
  const names = await userNames([...new Set(pickups.flatMap((p) => (p.requestedBy ? [p.requestedBy] : [])))]);
  const members: Pickup[] = [];
  let stale = 0;
  for (const pickup of pickups) {
    const asset = assets.get(pickup.assetId);
    if (!asset || !isWaiting(asset)) {
      stale += 1;
      await removeStale(ctx, pickup);
      continue;
    }
    members.push(present(viewer, pickup, asset, names));
  }
  return {
    members,
    total: Math.max(0, count.total - stale),
    totalExact: count.exact,
    itemsRead: itemsRead + pickups.length,
  };
}

function present(viewer: AssetViewer, pickup: PickupItem, asset: AssetView, names: Map<number, string>): Pickup {
  const fix = asset.last_event;
  return {
    '@id': `/api/assets/${asset.id}`,
    '@type': 'Pickup',
    asset: { id: asset.id, name: asset.name },
    requested_at: pickup.requestedAt,
    requested_by: pickup.requestedBy ? { id: pickup.requestedBy, name: names.get(pickup.requestedBy) ?? null } : null,
    customer: asset.client ? { id: asset.client.id, company: asset.client.company ?? null } : null,
    position: fix
      ? {
          latitude: fix.latitude,
          longitude: fix.longitude,
          date: fix.date,
          street: fix.street ?? null,
          city: fix.city ?? null,
        }
      : null,
    // Geo zones are hidden from client users as a whole (asset-view.ts).
    zone: viewer.kind === 'staff' ? (fix?.geo_zone ?? null) : null,
  };
}

/** Only the entry as read: a new report meanwhile wrote a fresh item with another time. */
async function removeStale(ctx: TenantContext, pickup: PickupItem) {
  await dynamo()
    .send(
      new DeleteCommand({
        TableName: tableName(),
        Key: pickupKey(ctx, pickup.assetId),
        ConditionExpression: 'requestedAt = :read',
        ExpressionAttributeValues: { ':read': pickup.requestedAt },
      }),
    )
    .catch((error: Error) => {
      if (error.name !== 'ConditionalCheckFailedException') throw error;
    });
}

async function countUpTo(query: PageQuery): Promise<{ total: number; exact: boolean }> {
  let total = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const result = await dynamo().send(
      new QueryCommand({ ...query, Select: 'COUNT', Limit: PICKUP_COUNT_LIMIT - total, ExclusiveStartKey: startKey }),
    );
    total += result.Count ?? 0;
    startKey = result.LastEvaluatedKey;
  } while (startKey && total < PICKUP_COUNT_LIMIT);
  return { total, exact: !startKey };
}

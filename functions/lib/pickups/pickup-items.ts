import type { AssetRecord } from '../assets/asset-repository';
import { tableName } from '../data/client';
import { pad, tenantPrefix } from '../data/keys';
import type { TenantContext } from '../data/tenant-context';
import type { TransactItem } from '../data/transaction';

/**
 * Pickups: an asset reported empty ("Report empty", status send_deregistered) waits to be
 * fetched. One small item per waiting asset, written and removed in the same transaction as the asset write
 * that starts or ends the wait (docs/data-model.md "Pickups"):
 *  - table  pk T#<t>#PICKUP, sk ASSET#<asset padded>                     get/delete by asset
 *  - gsi1   T#<t>#PICKUP / <requestedAt>#<asset padded>                  the tenant's queue, longest waiting first
 *  - gsi2   T#<t>#CLIENT#<clientId>#PICKUP / <requestedAt>#<asset padded> one customer's queue (client users)
 * The item holds only what the asset does not: when and by whom it was requested. Name, position, zone and
 * customer are read from the asset when the list is answered, so they are never stale.
 */
export const WAITING_STATUS = 'send_deregistered';

export interface PickupItem {
  assetId: number;
  clientId: number | null;
  requestedAt: string;
  requestedBy: number | null;
}

export const pickupPartition = (ctx: TenantContext) => `${tenantPrefix(ctx)}PICKUP`;
export const clientPickupPartition = (ctx: TenantContext, clientId: number) =>
  `${tenantPrefix(ctx)}CLIENT#${clientId}#PICKUP`;
export const pickupKey = (ctx: TenantContext, assetId: number) => ({
  pk: pickupPartition(ctx),
  sk: `ASSET#${pad(assetId)}`,
});

export const isWaiting = (asset: Pick<AssetRecord, 'status'> | undefined) => asset?.status?.status === WAITING_STATUS;

function pickupPut(ctx: TenantContext, pickup: PickupItem): TransactItem {
  const sortKey = `${pickup.requestedAt}#${pad(pickup.assetId)}`;
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...pickupKey(ctx, pickup.assetId),
        entityType: 'PICKUP',
        tenantId: ctx.tenantId,
        ...pickup,
        gsi1pk: pickupPartition(ctx),
        gsi1sk: sortKey,
        ...(pickup.clientId === null ? {} : { gsi2pk: clientPickupPartition(ctx, pickup.clientId), gsi2sk: sortKey }),
      },
    },
  };
}

/**
 * The pickup item's part of an asset write from `before` to `after` (undefined: created / deleted): a Put when
 * the wait starts, a Delete when it ends (confirmation, another status, the asset deleted). A waiting asset
 * whose customer is cleared keeps waiting but leaves the customer's queue (a new customer resets the status,
 * asset-writes.ts, so that ends the wait).
 */
export function pickupWrites(
  ctx: TenantContext,
  before: AssetRecord | undefined,
  after: AssetRecord | undefined,
  request: { at: string; by: number | null },
): TransactItem[] {
  const was = isWaiting(before);
  const is = isWaiting(after);
  if (was && !is && before) return [{ Delete: { TableName: tableName(), Key: pickupKey(ctx, before.id) } }];
  if (!is || !after) return [];
  const clientId = after.client?.id ?? null;
  if (!was) {
    return [pickupPut(ctx, { assetId: after.id, clientId, requestedAt: request.at, requestedBy: request.by })];
  }
  if ((before?.client?.id ?? null) === clientId || clientId !== null) return [];
  return [
    {
      Update: {
        TableName: tableName(),
        Key: pickupKey(ctx, after.id),
        UpdateExpression: 'SET clientId = :none REMOVE gsi2pk, gsi2sk',
        ExpressionAttributeValues: { ':none': null },
      },
    },
  ];
}

import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { StockLimit } from '../../../shared/schemas/zone-stock';
import { dynamo, tableName } from '../data/client';
import { pad, tenantPrefix } from '../data/keys';
import { queryAllPages } from '../data/query-page';
import type { TenantContext } from '../data/tenant-context';
import { conflict } from '../http/errors';

/**
 * A zone's stock limits: one settings item per zone, `T#<t>#ZONE_STOCK` / `<zoneId padded>`,
 * holding every profile's {min, max} as a list and a `version` moved by each save (0: never saved, no item).
 * The stock table reads the whole partition: one Query, a tenant has hundreds of zones at most.
 */
export interface ZoneStockLimits {
  zoneId: number;
  limits: StockLimit[];
  version: number;
}

export const stockLimitsPartition = (ctx: TenantContext) => `${tenantPrefix(ctx)}ZONE_STOCK`;
const keyOf = (ctx: TenantContext, zoneId: number) => ({ pk: stockLimitsPartition(ctx), sk: pad(zoneId) });

const toLimits = (item: Record<string, unknown> | undefined, zoneId: number): ZoneStockLimits => ({
  zoneId,
  limits: Array.isArray(item?.limits) ? (item.limits as StockLimit[]) : [],
  version: typeof item?.version === 'number' ? item.version : 0,
});

export async function readStockLimits(
  ctx: TenantContext,
  zoneId: number,
  consistent = false,
): Promise<ZoneStockLimits> {
  const result = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keyOf(ctx, zoneId), ConsistentRead: consistent }),
  );
  return toLimits(result.Item, zoneId);
}

/** Every zone's limits, by zone id. */
export async function readAllStockLimits(ctx: TenantContext): Promise<Map<number, ZoneStockLimits>> {
  const all = new Map<number, ZoneStockLimits>();
  const pages = queryAllPages({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': stockLimitsPartition(ctx) },
  });
  for await (const page of pages) {
    for (const item of page.Items ?? []) {
      const zoneId = Number(item.zoneId);
      all.set(zoneId, toLimits(item, zoneId));
    }
  }
  return all;
}

/**
 * Saves the zone's limits if nobody saved since `expectedVersion` (0: the item must not exist yet): a stale
 * version answers 409 and writes nothing. DynamoDB checks the condition, so two saves cannot both win.
 */
export async function saveStockLimits(
  ctx: TenantContext,
  zoneId: number,
  expectedVersion: number,
  limits: StockLimit[],
): Promise<ZoneStockLimits> {
  const next: ZoneStockLimits = { zoneId, limits, version: expectedVersion + 1 };
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keyOf(ctx, zoneId),
          ...next,
          updatedAt: new Date().toISOString(),
          entityType: 'ZONE_STOCK',
          tenantId: ctx.tenantId,
        },
        ConditionExpression: expectedVersion === 0 ? 'attribute_not_exists(pk)' : 'version = :expected',
        ExpressionAttributeValues: expectedVersion === 0 ? undefined : { ':expected': expectedVersion },
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw conflict();
    throw error;
  }
  return next;
}

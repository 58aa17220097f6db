import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { StockState } from '../../../shared/schemas/zone-stock';
import { dynamo, tableName } from '../data/client';
import { pad, tenantPrefix } from '../data/keys';
import { queryAllPages } from '../data/query-page';
import type { TenantContext } from '../data/tenant-context';

/**
 * The alarm state of one zone and profile: `T#<t>#ZONE_STOCK_STATE` /
 * `<zoneId padded>#<profileId padded>` with `state` ok | below | above, `since`, `count`. No item reads as ok.
 * A state moves only by a conditional write naming the state it moves from, so of two counts racing (or an
 * EventBridge redelivery) exactly one moves it and raises: once per state change.
 */
const partition = (ctx: TenantContext) => `${tenantPrefix(ctx)}ZONE_STOCK_STATE`;
const keyOf = (ctx: TenantContext, zoneId: number, profile: number) => ({
  pk: partition(ctx),
  sk: `${pad(zoneId)}#${pad(profile)}`,
});

export interface StoredStockState {
  profile: number;
  state: StockState;
  since: string;
}

export async function readZoneStates(ctx: TenantContext, zoneId: number): Promise<Map<number, StoredStockState>> {
  const states = new Map<number, StoredStockState>();
  const pages = queryAllPages({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :zone)',
    ExpressionAttributeValues: { ':pk': partition(ctx), ':zone': `${pad(zoneId)}#` },
    ConsistentRead: true,
  });
  for await (const page of pages) {
    for (const item of page.Items ?? []) {
      states.set(Number(item.profile), {
        profile: Number(item.profile),
        state: item.state as StockState,
        since: String(item.since),
      });
    }
  }
  return states;
}

/**
 * Moves the state from `from` to `to` if it still is `from` (an absent item is ok). Answers whether this
 * write moved it; false: another count moved it first, and that one raises.
 */
export async function moveZoneState(
  ctx: TenantContext,
  move: { zoneId: number; profile: number; from: StockState; to: StockState; count: number; at: string },
): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keyOf(ctx, move.zoneId, move.profile),
        UpdateExpression:
          'SET #state = :to, since = :at, #count = :count, zoneId = :zone, profile = :profile, entityType = :type, tenantId = :tenant',
        ConditionExpression: move.from === 'ok' ? 'attribute_not_exists(pk) OR #state = :from' : '#state = :from',
        ExpressionAttributeNames: { '#state': 'state', '#count': 'count' },
        ExpressionAttributeValues: {
          ':to': move.to,
          ':from': move.from,
          ':at': move.at,
          ':count': move.count,
          ':zone': move.zoneId,
          ':profile': move.profile,
          ':type': 'ZONE_STOCK_STATE',
          ':tenant': ctx.tenantId,
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

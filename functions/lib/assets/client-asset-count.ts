import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../data/client';
import { counterKey } from '../data/keys';
import { queryAllPages } from '../data/query-page';
import type { TenantContext } from '../data/tenant-context';
import { ASSET_CLIENT_INDEX, type AssetRecord, clientAssetsPartition } from './asset-repository';

/**
 * How many assets one customer has: the exact total of the client filter and of a client user's list without
 * reading the customer's assets (docs/decisions/0272-list-indexes-project-only-what-lists-filter-and-customer-indexes.md).
 * A counter item `T#<t>#COUNTER / ASSET#CLIENT#<id>` moved by ADD in the transaction that creates, deletes or
 * moves an asset between customers. `counted` is set only by the migration's count step (or a seed that knows
 * the number): a counter that only ever saw ADDs (made after the code shipped, before the count) is partial,
 * so without `counted` the customer's index is counted instead (KEYS_ONLY entries, Select COUNT).
 */
export const clientAssetCounterKey = (ctx: TenantContext, clientId: number) =>
  counterKey(ctx, `ASSET#CLIENT#${clientId}`);

const add = (ctx: TenantContext, clientId: number, delta: 1 | -1) => ({
  Update: {
    TableName: tableName(),
    Key: clientAssetCounterKey(ctx, clientId),
    UpdateExpression: 'ADD itemCount :delta',
    ExpressionAttributeValues: { ':delta': delta },
  },
});

/** The counter writes of an asset created (before undefined), deleted (after undefined) or saved. */
export function clientCountWrites(
  ctx: TenantContext,
  before: Pick<AssetRecord, 'client'> | undefined,
  after: Pick<AssetRecord, 'client'> | undefined,
) {
  const was = before?.client?.id;
  const is = after?.client?.id;
  if (was === is) return [];
  return [...(was !== undefined ? [add(ctx, was, -1)] : []), ...(is !== undefined ? [add(ctx, is, 1)] : [])];
}

/** The customer's index counted (KEYS_ONLY: ~100 bytes an entry): the count step's and the fallback's number. */
export async function countClientIndex(
  ctx: TenantContext,
  clientId: number,
): Promise<{ count: number; itemsRead: number }> {
  let count = 0;
  const pages = queryAllPages({
    TableName: tableName(),
    IndexName: ASSET_CLIENT_INDEX,
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': `${ASSET_CLIENT_INDEX}pk` },
    ExpressionAttributeValues: { ':pk': clientAssetsPartition(ctx, clientId) },
    Select: 'COUNT',
  });
  for await (const result of pages) count += result.Count ?? 0;
  return { count, itemsRead: count };
}

/** The customer's asset count: its counted counter (one item read), else its index counted. */
export async function clientAssetCount(
  ctx: TenantContext,
  clientId: number,
): Promise<{ count: number; itemsRead: number }> {
  const counter = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: clientAssetCounterKey(ctx, clientId) }),
  );
  if (counter.Item?.counted === true) return { count: Math.max(0, Number(counter.Item.itemCount ?? 0)), itemsRead: 1 };
  const counted = await countClientIndex(ctx, clientId);
  return { ...counted, itemsRead: counted.itemsRead + 1 };
}

/** Counted counters of every customer of a set of assets: what a seed writing items directly leaves behind. */
export function clientAssetCounterItems(ctx: TenantContext, perCustomer: ReadonlyMap<number, number>) {
  return [...perCustomer.entries()].map(([clientId, count]) => ({
    ...clientAssetCounterKey(ctx, clientId),
    itemCount: count,
    counted: true,
  }));
}

/** Assets per customer id. */
export function assetsPerCustomer(assets: readonly Pick<AssetRecord, 'client'>[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const asset of assets) if (asset.client) counts.set(asset.client.id, (counts.get(asset.client.id) ?? 0) + 1);
  return counts;
}

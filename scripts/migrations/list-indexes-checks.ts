import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  ASSET_CLIENT_SORT_INDEXES,
  ASSET_SORT_INDEXES,
  assetPartition,
  clientAssetsPartition,
} from '../../functions/lib/assets/asset-repository';
import { clientAssetCounterKey, countClientIndex } from '../../functions/lib/assets/client-asset-count';
import { dynamo, tableName } from '../../functions/lib/data/client';
import { queryAllPages } from '../../functions/lib/data/query-page';
import type { TenantContext } from '../../functions/lib/data/tenant-context';
import { DEVICE_SORT_INDEXES, devicePartition } from '../../functions/lib/devices/device-repository';
import { countPartition, type StepOptions } from './list-indexes-steps';

/**
 * The count and verify parts of the migration step list-index-keys (list-indexes-steps.ts has the others).
 */

/** Assets per customer as the table holds them (the truth the indexes and counters are checked against). */
async function customersOfAssets(ctx: TenantContext): Promise<{ total: number; perCustomer: Map<number, number> }> {
  const perCustomer = new Map<number, number>();
  let total = 0;
  const pages = queryAllPages({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': assetPartition(ctx) },
    ProjectionExpression: '#client',
    ExpressionAttributeNames: { '#client': 'client' },
  });
  for await (const page of pages) {
    for (const item of page.Items ?? []) {
      total++;
      const id = (item.client as { id?: number } | null | undefined)?.id;
      if (id !== undefined) perCustomer.set(id, (perCustomer.get(id) ?? 0) + 1);
    }
  }
  return { total, perCustomer };
}

export interface CountResult {
  customers: number;
  set: number;
}

/**
 * Each customer's counter set from its index (gsi14) and marked `counted`, on the condition that no asset
 * write moved it since it was read (those ADD): a lost race counts again. Run after the backfill.
 */
export async function countCustomers(ctx: TenantContext, options: StepOptions): Promise<CountResult> {
  const { perCustomer } = await customersOfAssets(ctx);
  const result: CountResult = { customers: perCustomer.size, set: 0 };
  for (const clientId of perCustomer.keys()) {
    const key = clientAssetCounterKey(ctx, clientId);
    for (let attempt = 0; attempt < 5; attempt++) {
      const before = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key }));
      if (before.Item?.counted === true) break;
      const { count } = await countClientIndex(ctx, clientId);
      result.set++;
      if (options.dryRun) break;
      const was = before.Item?.itemCount;
      try {
        await dynamo().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: key,
            UpdateExpression: 'SET itemCount = :count, counted = :true',
            ConditionExpression: was === undefined ? 'attribute_not_exists(itemCount)' : 'itemCount = :was',
            ExpressionAttributeValues: {
              ':count': count,
              ':true': true,
              ...(was === undefined ? {} : { ':was': was }),
            },
          }),
        );
        break;
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
        result.set--;
      }
    }
  }
  return result;
}

/** Every difference between the table and the new indexes and counters of one tenant (empty: all agree). */
export async function verifyTenant(ctx: TenantContext): Promise<string[]> {
  const problems: string[] = [];
  const expect = (what: string, have: number, want: number) => {
    if (have !== want) problems.push(`${what}: ${have}, the table holds ${want}`);
  };
  const assets = await customersOfAssets(ctx);
  for (const index of new Set(Object.values(ASSET_SORT_INDEXES)))
    expect(`${index} assets`, await countPartition(index, assetPartition(ctx)), assets.total);
  const devices = await countPartition(undefined, devicePartition(ctx));
  for (const index of new Set(Object.values(DEVICE_SORT_INDEXES)))
    expect(`${index} devices`, await countPartition(index, devicePartition(ctx)), devices);
  for (const [clientId, count] of assets.perCustomer) {
    for (const index of new Set(Object.values(ASSET_CLIENT_SORT_INDEXES)))
      expect(`${index} customer ${clientId}`, await countPartition(index, clientAssetsPartition(ctx, clientId)), count);
    const counter = await dynamo().send(
      new GetCommand({ TableName: tableName(), Key: clientAssetCounterKey(ctx, clientId) }),
    );
    if (counter.Item?.counted !== true) problems.push(`customer ${clientId}: asset counter not counted`);
    else expect(`customer ${clientId} counter`, Number(counter.Item.itemCount), count);
  }
  return problems;
}

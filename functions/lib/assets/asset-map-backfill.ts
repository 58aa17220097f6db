import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../data/client';
import { queryAllPages } from '../data/query-page';
import { fromItem } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';
import { type AssetRecord, assetMapKeys, assetPartition } from './asset-repository';

/**
 * Gives the assets of one tenant written before the map index existed their gsi7 keys (every writer sets
 * them since). Reads the tenant's asset partition (a Query, as the list does) and updates only positioned
 * assets still without keys, each conditioned on its version so a concurrent API write is never undone.
 * Idempotent: a second run finds nothing to do. The migration step asset-map-keys (scripts/migrations/steps.ts).
 */
export async function backfillAssetMapKeys(ctx: TenantContext): Promise<{ read: number; updated: number }> {
  let read = 0;
  let updated = 0;
  const pages = queryAllPages({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': assetPartition(ctx) },
  });
  for await (const page of pages) {
    for (const item of page.Items ?? []) {
      read++;
      const keys = assetMapKeys(ctx, fromItem<AssetRecord>(item));
      if (!keys.gsi7pk || item.gsi7pk) continue;
      await setKeys(item, keys);
      updated++;
    }
  }
  return { read, updated };
}

async function setKeys(item: Record<string, unknown>, keys: { gsi7pk?: string; gsi7sk?: string }) {
  await dynamo()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: item.pk, sk: item.sk },
        UpdateExpression: 'SET gsi7pk = :pk, gsi7sk = :sk',
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: { ':pk': keys.gsi7pk, ':sk': keys.gsi7sk, ':version': item.version },
      }),
    )
    .catch((error: Error) => {
      // Rewritten meanwhile: that writer set the keys itself.
      if (error.name !== 'ConditionalCheckFailedException') throw error;
    });
}

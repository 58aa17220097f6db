import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { type AssetRecord, assetPartition } from '../assets/asset-repository';
import { dynamo, tableName } from '../data/client';
import { queryAllPages } from '../data/query-page';
import { fromItem } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';
import { pickupWrites, WAITING_STATUS } from './pickup-items';

/**
 * Gives the assets reported empty before pickups were kept their pickup item: the migration step pickup-items
 * (scripts/migrations/steps.ts; the seed runs it for the demo data). Reads each tenant's asset partition (Queries, no
 * scan) filtered on the status. When the report was made is not stored: the asset's last position's time
 * stands for it (a reel is reported empty where it stands), else the run's time. The item is written only if
 * there is none (a report since wrote the true time) and only while the asset still waits at the version read
 * (a confirmation meanwhile is never undone). Idempotent: a second run writes nothing.
 */
export async function backfillPickups(
  ctx: TenantContext,
  now = new Date(),
): Promise<{ waiting: number; written: number }> {
  let waiting = 0;
  let written = 0;
  for await (const page of queryAllPages({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    FilterExpression: '#status.#value = :waiting',
    ExpressionAttributeNames: { '#status': 'status', '#value': 'status' },
    ExpressionAttributeValues: { ':pk': assetPartition(ctx), ':waiting': WAITING_STATUS },
  })) {
    for (const item of page.Items ?? []) {
      waiting += 1;
      const asset = fromItem<AssetRecord>(item);
      const at = asset.last_event?.date ?? now.toISOString();
      const [put] = pickupWrites(ctx, undefined, asset, { at, by: null });
      if (!put?.Put) continue;
      try {
        await dynamo().send(
          new TransactWriteCommand({
            TransactItems: [
              { Put: { ...put.Put, ConditionExpression: 'attribute_not_exists(pk)' } },
              {
                ConditionCheck: {
                  TableName: tableName(),
                  Key: { pk: item.pk, sk: item.sk },
                  ConditionExpression: '#version = :version',
                  ExpressionAttributeNames: { '#version': 'version' },
                  ExpressionAttributeValues: { ':version': asset.version },
                },
              },
            ],
          }),
        );
        written += 1;
      } catch (error) {
        if (!(error instanceof TransactionCanceledException || error instanceof ConditionalCheckFailedException))
          throw error;
      }
    }
  }
  return { waiting, written };
}

import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ACCESS_PATTERNS } from '../../../shared/table';
import { clientPartition } from '../clients/client-repository';
import { dynamo, tableName } from '../data/client';
import { queryAllPages } from '../data/query-page';
import type { TenantContext } from '../data/tenant-context';
import { clientLinesPartition } from '../rental-contracts/rental-contract-items';
import { changeSortKey, changesPartition } from './audit-keys';

/**
 * Gives contract lines saved before the rental audit their change index keys (gsi3 `rentalContractsByChange`):
 * the migration step rental-contract-change-keys (scripts/migrations/steps.ts). Reads the tenant's customers and
 * each one's lines (gsi2, Queries, no scan); a line is keyed only while it has no keys and still holds the
 * `changedAt` read (a save meanwhile wrote its own). Idempotent: a second run writes nothing.
 */
export async function backfillChangeKeys(ctx: TenantContext): Promise<{ lines: number; written: number }> {
  let lines = 0;
  let written = 0;
  for await (const customers of queryAllPages({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': clientPartition(ctx) },
    ProjectionExpression: 'id',
  })) {
    for (const customer of customers.Items ?? []) {
      if (typeof customer.id !== 'number') continue;
      for await (const page of queryAllPages({
        TableName: tableName(),
        IndexName: ACCESS_PATTERNS.rentalContractsOfClient,
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': clientLinesPartition(ctx, customer.id) },
      })) {
        for (const item of page.Items ?? []) {
          lines += 1;
          if (item.gsi3pk || item.sk !== 'LINE') continue;
          written += (await keyLine(ctx, item)) ? 1 : 0;
        }
      }
    }
  }
  return { lines, written };
}

async function keyLine(ctx: TenantContext, item: Record<string, unknown>): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: item.pk, sk: item.sk },
        UpdateExpression: 'SET gsi3pk = :pk, gsi3sk = :sk',
        ConditionExpression: 'attribute_not_exists(gsi3pk) AND changedAt = :changedAt',
        ExpressionAttributeValues: {
          ':pk': changesPartition(ctx),
          ':sk': changeSortKey(String(item.changedAt), String(item.externalId)),
          ':changedAt': item.changedAt,
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

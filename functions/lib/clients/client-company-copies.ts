import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ASSET_CLIENT_INDEX, clientAssetsPartition, companySortKey } from '../assets/asset-repository';
import { dynamo, tableName } from '../data/client';
import type { TenantContext } from '../data/tenant-context';
import type { ClientRecord } from './client-repository';

/** Parallel writes per batch: fast for a large customer without flooding the table's write capacity. */
const CONCURRENCY = 16;

/**
 * Assets keep a copy of their customer's company (shown and sorted on gsi4 without a read per row). After a
 * rename, every asset of the customer (gsi6) gets the new name and gsi4 key. A customer can hold more assets
 * than one transaction takes, so this runs after the customer's own write; each update is idempotent and
 * conditioned on the asset still naming this customer, so a retry (saving the customer again) repairs any
 * copy a failure left behind, and an asset moved to another customer meanwhile is left alone. The asset's
 * version is not bumped: the copy is derived data, and a concurrent edit re-resolves the customer anyway.
 */
export async function refreshCompanyOnAssets(ctx: TenantContext, client: ClientRecord): Promise<number> {
  let updated = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: ASSET_CLIENT_INDEX,
        KeyConditionExpression: 'gsi6pk = :pk',
        ExpressionAttributeValues: { ':pk': clientAssetsPartition(ctx, client.id) },
        ProjectionExpression: 'pk, sk, id',
        ExclusiveStartKey: startKey,
      }),
    );
    const keys = (page.Items ?? []) as { pk: string; sk: string; id: number }[];
    for (let i = 0; i < keys.length; i += CONCURRENCY) {
      const results = await Promise.all(keys.slice(i, i + CONCURRENCY).map((key) => copyCompany(key, client)));
      updated += results.filter(Boolean).length;
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return updated;
}

async function copyCompany(key: { pk: string; sk: string; id: number }, client: ClientRecord): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: key.pk, sk: key.sk },
        UpdateExpression: 'SET #client.#company = :company, gsi4sk = :sortKey',
        ConditionExpression: '#client.#id = :clientId',
        ExpressionAttributeNames: { '#client': 'client', '#company': 'company', '#id': 'id' },
        ExpressionAttributeValues: {
          ':company': client.company ?? null,
          ':sortKey': companySortKey(client.company, key.id),
          ':clientId': client.id,
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException || (error as Error).name === 'ConditionalCheckFailedException')
      return false;
    throw error;
  }
}

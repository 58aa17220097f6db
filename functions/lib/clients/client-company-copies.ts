import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  ASSET_CLIENT_INDEX,
  ASSET_SORT_INDEXES,
  clientAssetsPartition,
  companySortKey,
} from '../assets/asset-repository';
import { dynamo, tableName } from '../data/client';
import { idOfItemSortKey } from '../data/keys';
import { queryAllPages } from '../data/query-page';
import type { TenantContext } from '../data/tenant-context';
import type { ClientRecord } from './client-repository';

/** Parallel writes per batch: fast for a large customer without flooding the table's write capacity. */
const CONCURRENCY = 16;

/**
 * Assets keep a copy of their customer's company (shown and sorted on gsi11 without a read per row). After a
 * rename, every asset of the customer (gsi14) gets the new name and gsi11 key. A customer can hold more assets
 * than one transaction takes, so this runs after the customer's own write; each update is idempotent and
 * conditioned on the asset still naming this customer, so a retry (saving the customer again) repairs any
 * copy a failure left behind, and an asset moved to another customer meanwhile is left alone. The asset's
 * version is not bumped: the copy is derived data, and a concurrent edit re-resolves the customer anyway.
 */
export async function refreshCompanyOnAssets(ctx: TenantContext, client: ClientRecord): Promise<number> {
  let updated = 0;
  const pages = queryAllPages({
    TableName: tableName(),
    IndexName: ASSET_CLIENT_INDEX,
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': `${ASSET_CLIENT_INDEX}pk` },
    ExpressionAttributeValues: { ':pk': clientAssetsPartition(ctx, client.id) },
  });
  for await (const page of pages) {
    // The index is KEYS_ONLY: the id is read from the table's sort key.
    const keys = ((page.Items ?? []) as { pk: string; sk: string }[]).map((key) => ({
      pk: key.pk,
      sk: key.sk,
      id: idOfItemSortKey(key.sk),
    }));
    for (let i = 0; i < keys.length; i += CONCURRENCY) {
      const results = await Promise.all(keys.slice(i, i + CONCURRENCY).map((key) => copyCompany(key, client)));
      updated += results.filter(Boolean).length;
    }
  }
  return updated;
}

async function copyCompany(key: { pk: string; sk: string; id: number }, client: ClientRecord): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: key.pk, sk: key.sk },
        UpdateExpression: 'SET #client.#company = :company, #sortKey = :sortKey',
        ConditionExpression: '#client.#id = :clientId',
        ExpressionAttributeNames: {
          '#client': 'client',
          '#company': 'company',
          '#id': 'id',
          '#sortKey': `${ASSET_SORT_INDEXES['client.company']}sk`,
        },
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

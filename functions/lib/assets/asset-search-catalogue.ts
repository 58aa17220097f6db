import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { QueryCommand, type TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../data/client';
import { pad, typePartition } from '../data/keys';
import type { TenantContext } from '../data/tenant-context';
import type { AssetRecord } from './asset-repository';

/**
 * The search catalogue (docs/data-model.md, "Asset list"): per tenant, one item per 1,000 asset ids
 * (`T#<t>#ASSET_SEARCH` / `<shard>`) whose map `entries` holds `"<id>" -> "<name>\n<reference>"`, lowercased.
 * A search reads these ~100 items (6-8 MB at 100k assets) instead of 100k index entries of 1.4 KB each.
 * Every asset write that creates, renames or deletes an asset changes its entry in the same transaction.
 */
export const SEARCH_SHARD_SIZE = 1_000;
/**
 * Characters kept of a name and of a reference. Both are up to 255 characters; 150 keeps a full shard of
 * worst-case entries near 310 KB, below DynamoDB's 400 KB item limit. A search for text past the 150th
 * character of a name is not found (such names do not occur in practice: asset numbers, reel codes).
 */
export const SEARCH_TEXT_MAX = 150;

type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

export const searchPartition = (ctx: TenantContext) => typePartition(ctx, 'ASSET_SEARCH');
export const searchShardOf = (id: number) => Math.floor(id / SEARCH_SHARD_SIZE);
export const searchShardKey = (ctx: TenantContext, id: number) => ({
  pk: searchPartition(ctx),
  sk: pad(searchShardOf(id)),
});

const lower = (value: string | null | undefined) => (value ?? '').toLowerCase().slice(0, SEARCH_TEXT_MAX);
/** The entry's text: the same "name\nreference" a search matches in asset-query.ts matchesFilters. */
export const searchText = (asset: Pick<AssetRecord, 'name' | 'reference'>) =>
  `${lower(asset.name)}\n${lower(asset.reference)}`;

/**
 * Sets the asset's entry. `SET entries.#id` fails on a shard that does not exist yet (a nested path needs its
 * map), so the write is conditioned on the map; `writeWithCatalogue` creates a missing shard and retries.
 */
export const catalogueEntryWrite = (ctx: TenantContext, asset: Pick<AssetRecord, 'id' | 'name' | 'reference'>) =>
  ({
    Update: {
      TableName: tableName(),
      Key: searchShardKey(ctx, asset.id),
      UpdateExpression: 'SET entries.#id = :text',
      ConditionExpression: 'attribute_exists(entries)',
      ExpressionAttributeNames: { '#id': String(asset.id) },
      ExpressionAttributeValues: { ':text': searchText(asset) },
    },
  }) satisfies TransactItem;

/** Removes the asset's entry (same condition: a shard written before the catalogue existed is created first). */
export const catalogueEntryRemoval = (ctx: TenantContext, id: number) =>
  ({
    Update: {
      TableName: tableName(),
      Key: searchShardKey(ctx, id),
      UpdateExpression: 'REMOVE entries.#id',
      ConditionExpression: 'attribute_exists(entries)',
      ExpressionAttributeNames: { '#id': String(id) },
    },
  }) satisfies TransactItem;

/**
 * Creates the shard with an empty map unless it exists: `if_not_exists` makes concurrent first writes into
 * one shard harmless (the second keeps the first's map). An empty shard left behind by a write that then
 * fails is a valid state.
 */
async function ensureShard(ctx: TenantContext, id: number): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: searchShardKey(ctx, id),
      UpdateExpression: 'SET entries = if_not_exists(entries, :empty)',
      ExpressionAttributeValues: { ':empty': {} },
    }),
  );
}

/**
 * Runs `send(items)` (the caller's transaction, which holds the catalogue write at `catalogueIndex`). When that
 * write's shard was missing, creates the shard and runs the transaction once more; any other cancellation,
 * and a second one, reach the caller as they are (a conflict).
 */
export async function writeWithCatalogue(
  ctx: TenantContext,
  assetId: number,
  items: TransactItem[],
  catalogueIndex: number,
  send: (items: TransactItem[]) => Promise<void>,
): Promise<void> {
  try {
    await send(items);
  } catch (error) {
    const reason =
      error instanceof TransactionCanceledException ? error.CancellationReasons?.[catalogueIndex] : undefined;
    if (reason?.Code !== 'ConditionalCheckFailed') throw error;
    await ensureShard(ctx, assetId);
    await send(items);
  }
}

/** Shard items for bulk loads (seeds): every given asset's entry, grouped by shard. */
export function catalogueShardItems(
  ctx: TenantContext,
  assets: readonly Pick<AssetRecord, 'id' | 'name' | 'reference'>[],
) {
  const shards = new Map<number, Record<string, string>>();
  for (const asset of assets) {
    const entries = shards.get(searchShardOf(asset.id)) ?? {};
    entries[String(asset.id)] = searchText(asset);
    shards.set(searchShardOf(asset.id), entries);
  }
  return [...shards.entries()].map(([shard, entries]) => ({
    pk: searchPartition(ctx),
    sk: pad(shard),
    entries,
  }));
}

export interface CatalogueSearch {
  /** Ids whose entry contains the needle, ascending. */
  ids: number[];
  /** Entries in the catalogue: compared with the asset counter to know the catalogue is complete. */
  entries: number;
  itemsRead: number;
}

/** Reads every shard of the tenant (1 MB pages) and matches the needle case-insensitively. */
export async function searchCatalogue(ctx: TenantContext, search: string): Promise<CatalogueSearch> {
  const needle = search.toLowerCase();
  const ids: number[] = [];
  let entries = 0;
  let itemsRead = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const result = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': searchPartition(ctx) },
        ProjectionExpression: 'entries',
        ExclusiveStartKey: startKey,
      }),
    );
    itemsRead += result.ScannedCount ?? 0;
    for (const item of result.Items ?? []) {
      for (const [id, text] of Object.entries((item.entries ?? {}) as Record<string, string>)) {
        entries++;
        if (text.includes(needle)) ids.push(Number(id));
      }
    }
    startKey = result.LastEvaluatedKey;
  } while (startKey);
  return { ids: ids.sort((a, b) => a - b), entries, itemsRead };
}

import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { QueryCommand, type TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../data/client';
import { DYNAMODB_ITEM_MAX_BYTES } from '../data/item-size';
import { pad, typePartition } from '../data/keys';
import type { TenantContext } from '../data/tenant-context';
import type { AssetRecord } from './asset-repository';

/**
 * The search catalogue (docs/data-model.md, "Asset list"): per tenant, one item per 1,000 asset ids
 * (`T#<t>#ASSET_SEARCH` / `<shard>`) whose map `entries` holds `"<id>" -> "<name>\n<reference>"`, lowercased.
 * A search reads these ~100 items (6-8 MB at 100k assets) instead of 100k index entries of 1.4 KB each.
 * Each shard stays within SEARCH_SHARD_BYTE_BUDGET whatever the names (see below).
 * Every asset write that creates, renames or deletes an asset changes its entry in the same transaction.
 */
export const SEARCH_SHARD_SIZE = 1_000;
/**
 * Characters kept of a name and of a reference (both up to 255). A search for text past the 150th character
 * of a name is not found (such names do not occur in practice: asset numbers, reel codes).
 */
export const SEARCH_TEXT_MAX = 150;
/**
 * Issue 14: a shard is bounded in bytes, as DynamoDB counts them (item-size.ts), not in characters: 150
 * characters of "漢" are 450 UTF-8 bytes, and 1,000 such entries were ~900 KB, past the 400 KB item limit.
 * The budget keeps 10% headroom under the limit; the shard's keys and map overhead come first, then every one
 * of its 1,000 entries gets an equal share: 1 byte of map element, the id as attribute name (up to 13 digits: the sk pads shards to 10),
 * and the text, whose name and reference each keep at most SEARCH_FIELD_MAX_BYTES UTF-8 bytes.
 * All-ASCII text (asset numbers, reel codes) is never cut by bytes before it is cut at 150 characters.
 */
export const SEARCH_SHARD_BYTE_BUDGET = Math.floor(DYNAMODB_ITEM_MAX_BYTES * 0.9);
const SHARD_FIXED_BYTES = 256;
const ENTRY_FIXED_BYTES = 1 + 13;
export const SEARCH_FIELD_MAX_BYTES = Math.floor(
  ((SEARCH_SHARD_BYTE_BUDGET - SHARD_FIXED_BYTES) / SEARCH_SHARD_SIZE - ENTRY_FIXED_BYTES - 1) / 2,
);

type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

export const searchPartition = (ctx: TenantContext) => typePartition(ctx, 'ASSET_SEARCH');
export const searchShardOf = (id: number) => Math.floor(id / SEARCH_SHARD_SIZE);
export const searchShardKey = (ctx: TenantContext, id: number) => ({
  pk: searchPartition(ctx),
  sk: pad(searchShardOf(id)),
});

/** The longest start of `text` within `maxBytes` UTF-8 bytes, never splitting a character. */
function cutToBytes(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text, 'utf8') <= maxBytes) return text;
  let bytes = 0;
  let kept = '';
  for (const character of text) {
    bytes += Buffer.byteLength(character, 'utf8');
    if (bytes > maxBytes) break;
    kept += character;
  }
  return kept;
}

const lower = (value: string | null | undefined) =>
  cutToBytes((value ?? '').toLowerCase().slice(0, SEARCH_TEXT_MAX), SEARCH_FIELD_MAX_BYTES);
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

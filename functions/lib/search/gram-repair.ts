import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../data/client';
import { itemKey, typePartition } from '../data/keys';
import { queryAllPages } from '../data/query-page';
import type { TenantContext } from '../data/tenant-context';
import { assetSearchText, deviceSearchText } from './entity-texts';
import { GRAM_BUCKET_SIZE, gramPartition, offsetOfEntry, postingItems, type SearchEntity } from './gram-index';

/**
 * Builds or repairs a tenant's n-gram index (`npm run repair:search`, scripts/repair-search-index.ts): the
 * backfill of tenants written before the index existed or before it kept positions (legacy entries are
 * rewritten: the positional entries added, the bare offsets removed), and the clean-up after writes that left
 * the index a superset (search/gram-writes.ts). Safe while the API writes: a missing id is added without condition (an
 * extra id is harmless: the search verifies it away), an extra id is removed only in a transaction that
 * checks its item is still as read (its version, or its absence), so a concurrent save's grams are never
 * removed. Idempotent: a second run finds nothing to do. Also deletes the retired asset search catalogue
 * (`T#<t>#ASSET_SEARCH`) and postings left empty.
 */
export interface IndexRepair {
  items: number;
  postings: number;
  added: number;
  removed: number;
  /** Extra ids kept because their item changed meanwhile (its own write keeps its grams). */
  skipped: number;
  /** Empty postings and retired catalogue items deleted. */
  deleted: number;
}

const TEXT_ATTRIBUTES: Record<SearchEntity, string[]> = {
  ASSET: ['name', 'reference'],
  DEVICE: ['name', 'model', 'barcode', 'asset', 'dev_eui'],
};
const textOf = (entity: SearchEntity, item: Record<string, unknown>) =>
  entity === 'ASSET' ? assetSearchText(item as never) : deviceSearchText(item as never);

async function queryAll(input: Parameters<typeof queryAllPages>[0]) {
  const items: Record<string, unknown>[] = [];
  for await (const page of queryAllPages(input)) items.push(...(page.Items ?? []));
  return items;
}

const partitionItems = (pk: string, projection: string[]) =>
  queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': pk },
    ProjectionExpression: projection.map((_, i) => `#a${i}`).join(', '),
    ExpressionAttributeNames: Object.fromEntries(projection.map((name, i) => [`#a${i}`, name])),
  });

/** Id ranges of device imports still running (their postings are written before their devices). */
async function importsInFlight(ctx: TenantContext, entity: SearchEntity) {
  if (entity !== 'DEVICE') return [];
  const journals = await partitionItems(typePartition(ctx, 'DEVICE_IMPORT'), ['firstId', 'count']);
  return journals.map((journal) => [Number(journal.firstId), Number(journal.firstId) + Number(journal.count)]);
}

export async function repairSearchIndex(ctx: TenantContext, entity: SearchEntity): Promise<IndexRepair> {
  const [items, postings, imports] = await Promise.all([
    partitionItems(typePartition(ctx, entity), ['id', 'version', ...TEXT_ATTRIBUTES[entity]]),
    partitionItems(gramPartition(ctx, entity), ['sk', 'ids']),
    importsInFlight(ctx, entity),
  ]);
  const byId = new Map(items.map((item) => [Number(item.id), item]));
  const wanted = new Map(
    postingItems(
      ctx,
      entity,
      items.map((item) => ({ id: Number(item.id), text: textOf(entity, item) })),
    ).map((posting) => [posting.sk, posting.ids]),
  );
  const report: IndexRepair = {
    items: items.length,
    postings: postings.length,
    added: 0,
    removed: 0,
    skipped: 0,
    deleted: 0,
  };
  const actual = new Map(postings.map((posting) => [String(posting.sk), (posting.ids as Set<number>) ?? new Set()]));
  for (const [sk, entries] of wanted) {
    const missing = [...entries].filter((entry) => !actual.get(sk)?.has(entry));
    if (missing.length === 0) continue;
    await update(ctx, entity, sk, 'ADD ids :ids', { ':ids': new Set(missing) });
    report.added += missing.length;
  }
  // Extra entries (a legacy bare offset, a position no longer held, an item gone) by item, then posting.
  const extras = new Map<number, Map<string, number[]>>();
  for (const [sk, entries] of actual) {
    const bucket = Number(sk.slice(sk.lastIndexOf('#') + 1));
    for (const entry of entries) {
      if (wanted.get(sk)?.has(entry)) continue;
      const id = bucket * GRAM_BUCKET_SIZE + offsetOfEntry(entry);
      const own = extras.get(id) ?? new Map<string, number[]>();
      own.set(sk, [...(own.get(sk) ?? []), entry]);
      extras.set(id, own);
    }
    if (entries.size === 0) report.deleted += await deleteIfEmpty(ctx, entity, sk);
  }
  for (const [id, entries] of extras) {
    if (imports.some(([from, to]) => id >= (from as number) && id < (to as number))) continue;
    const removed = await removeGuarded(ctx, entity, id, byId.get(id), entries);
    const count = [...entries.values()].reduce((sum, own) => sum + own.length, 0);
    report[removed ? 'removed' : 'skipped'] += count;
  }
  if (entity === 'ASSET') report.deleted += await deleteRetiredCatalogue(ctx);
  return report;
}

const update = (ctx: TenantContext, entity: SearchEntity, sk: string, expression: string, values: object) =>
  dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk: gramPartition(ctx, entity), sk },
      UpdateExpression: expression,
      ExpressionAttributeValues: values as Record<string, unknown>,
    }),
  );

/** The extra entries' removals, each transaction checking the item is as read; false when it changed meanwhile. */
async function removeGuarded(
  ctx: TenantContext,
  entity: SearchEntity,
  id: number,
  item: Record<string, unknown> | undefined,
  entries: Map<string, number[]>,
): Promise<boolean> {
  const sks = [...entries.keys()];
  const condition =
    item === undefined
      ? { ConditionExpression: 'attribute_not_exists(pk)' }
      : item.version === undefined
        ? { ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(version)' }
        : { ConditionExpression: 'version = :version', ExpressionAttributeValues: { ':version': item.version } };
  const guard = { ConditionCheck: { TableName: tableName(), Key: itemKey(ctx, entity, id), ...condition } };
  try {
    for (let start = 0; start < sks.length; start += 99) {
      const removals = sks.slice(start, start + 99).map((sk) => ({
        Update: {
          TableName: tableName(),
          Key: { pk: gramPartition(ctx, entity), sk },
          UpdateExpression: 'DELETE ids :offset',
          ExpressionAttributeValues: { ':offset': new Set(entries.get(sk)) },
        },
      }));
      await dynamo().send(new TransactWriteCommand({ TransactItems: [guard, ...removals] }));
    }
    return true;
  } catch (error) {
    if (error instanceof TransactionCanceledException) return false;
    throw error;
  }
}

async function deleteIfEmpty(ctx: TenantContext, entity: SearchEntity, sk: string): Promise<number> {
  try {
    await dynamo().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: { pk: gramPartition(ctx, entity), sk },
        ConditionExpression: 'attribute_not_exists(ids)',
      }),
    );
    return 1;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return 0;
    throw error;
  }
}

/** The asset search catalogue the index replaced (one item per 1,000 assets): deleted. */
async function deleteRetiredCatalogue(ctx: TenantContext): Promise<number> {
  const pk = typePartition(ctx, 'ASSET_SEARCH');
  const shards = await partitionItems(pk, ['sk']);
  for (const shard of shards)
    await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: { pk, sk: shard.sk } }));
  return shards.length;
}

import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../data/client';
import { pad, typePartition } from '../data/keys';
import type { TenantContext } from '../data/tenant-context';
import type { TransactItem } from '../data/transaction';
import { ANYWHERE, gramChanges, gramPositions } from './grams';

/**
 * The n-gram search index's items (docs/data-model.md, "Search index"): per tenant and entity one partition
 * `T#<t>#<ENTITY>_GRAMS`; per trigram and 1,000 ids one posting item, sort key `<gram>#<bucket, padded>`,
 * whose Number Set `ids` holds an entry per item and position of the gram in its text: (offset + 1) × 1,000 +
 * position, the offset being id - bucket × 1,000 (`entryOf`). An entry below 1,000 is a bare offset written
 * before positions were kept (legacy, position unknown) until the repair rewrites it. `ADD`/`DELETE` on a set
 * are atomic and commute, so concurrent writers of one posting never lose each other's entries, inside
 * transactions or not.
 */
export type SearchEntity = 'ASSET' | 'DEVICE';
export const GRAM_BUCKET_SIZE = 1_000;

export const gramPartition = (ctx: TenantContext, entity: SearchEntity) => typePartition(ctx, `${entity}_GRAMS`);
export const bucketOf = (id: number) => Math.floor(id / GRAM_BUCKET_SIZE);

/** Positions per offset in an entry: a text holds at most 5 × 151 + 1 positions (grams.ts keeps < ANYWHERE). */
export const POSITION_SPAN = 1_000;
export const entryOf = (id: number, position: number) =>
  ((id % GRAM_BUCKET_SIZE) + 1) * POSITION_SPAN + Math.min(position, ANYWHERE);
/** The offset in its bucket of an entry's item (a legacy entry is its offset). */
export const offsetOfEntry = (entry: number) => (entry < POSITION_SPAN ? entry : Math.floor(entry / POSITION_SPAN) - 1);
/** Where the gram starts in the item's text, or undefined when unknown (legacy entry, or ANYWHERE). */
export const positionOfEntry = (entry: number): number | undefined => {
  if (entry < POSITION_SPAN) return undefined;
  const position = entry % POSITION_SPAN;
  return position === ANYWHERE ? undefined : position;
};
export const gramSortKey = (gram: string, bucket: number) => `${gram}#${pad(bucket)}`;
export const postingKey = (ctx: TenantContext, entity: SearchEntity, gram: string, id: number) => ({
  pk: gramPartition(ctx, entity),
  sk: gramSortKey(gram, bucketOf(id)),
});

const postingUpdate = (
  ctx: TenantContext,
  entity: SearchEntity,
  gram: string,
  id: number,
  verb: 'ADD' | 'DELETE',
  entries: number[],
): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: postingKey(ctx, entity, gram, id),
    UpdateExpression: `${verb} ids :offset`,
    ExpressionAttributeValues: { ':offset': new Set(entries) },
  },
});

/**
 * What one item's text change writes into the index: adds for the grams it gains, removals for those it
 * loses, and the guard under which removals may run outside the item's own transaction (gram-writes.ts): the
 * item as it is after this write (its version, or its absence).
 */
export interface GramWrites {
  adds: TransactItem[];
  removals: { guard: TransactItem; actions: TransactItem[] }[];
}

export const NO_GRAM_WRITES: GramWrites = { adds: [], removals: [] };

export function gramWrites(
  ctx: TenantContext,
  entity: SearchEntity,
  id: number,
  text: { before: string | undefined; after: string | undefined },
  owner: { key: Record<string, unknown>; version: number | undefined },
): GramWrites {
  const { added, removed, gone } = gramChanges(text.before, text.after);
  // A gram the item no longer holds also loses the item's legacy entry (its bare offset), if any.
  const removedEntries = new Map([...removed].map(([gram, at]) => [gram, at.map((p) => entryOf(id, p))]));
  for (const gram of gone) removedEntries.get(gram)?.push(id % GRAM_BUCKET_SIZE);
  const guard: TransactItem = {
    ConditionCheck: {
      TableName: tableName(),
      Key: owner.key,
      ...(owner.version === undefined
        ? { ConditionExpression: 'attribute_not_exists(pk)' }
        : { ConditionExpression: 'version = :version', ExpressionAttributeValues: { ':version': owner.version } }),
    },
  };
  return {
    adds: [...added].map(([gram, at]) =>
      postingUpdate(
        ctx,
        entity,
        gram,
        id,
        'ADD',
        at.map((position) => entryOf(id, position)),
      ),
    ),
    removals: removedEntries.size
      ? [
          {
            guard,
            actions: [...removedEntries].map(([gram, entries]) =>
              postingUpdate(ctx, entity, gram, id, 'DELETE', entries),
            ),
          },
        ]
      : [],
  };
}

export const mergeGramWrites = (...all: GramWrites[]): GramWrites => ({
  adds: all.flatMap((writes) => writes.adds),
  removals: all.flatMap((writes) => writes.removals),
});

/** Posting items for bulk loads (seeds, backfills of empty indexes): every text's entries, grouped by bucket. */
export function postingItems(ctx: TenantContext, entity: SearchEntity, texts: Iterable<{ id: number; text: string }>) {
  const postings = new Map<string, Set<number>>();
  for (const { id, text } of texts) {
    for (const [gram, positions] of gramPositions(text)) {
      const sk = gramSortKey(gram, bucketOf(id));
      const entries = postings.get(sk) ?? new Set<number>();
      for (const position of positions) entries.add(entryOf(id, position));
      postings.set(sk, entries);
    }
  }
  const pk = gramPartition(ctx, entity);
  return [...postings].map(([sk, ids]) => ({ pk, sk, ids }));
}

/** A posting read so far: entries by bucket, items read, and where to go on when it stopped early. */
export interface PostingRead {
  ids: Map<number, Set<number>>;
  itemsRead: number;
  complete: boolean;
  /** The key to go on from (`complete: false`). */
  startKey?: Record<string, unknown>;
}

/**
 * One gram's posting (`gram#` key prefix), or the union of the postings of every gram starting with a shorter
 * `prefix`: the entries by bucket and the items read. Past `maxItems` items read it stops: `complete: false`,
 * with the key to go on from; `from` goes on with an earlier read.
 */
export async function readPosting(
  ctx: TenantContext,
  entity: SearchEntity,
  key: { gram: string } | { prefix: string },
  maxItems = Number.POSITIVE_INFINITY,
  from?: PostingRead,
): Promise<PostingRead> {
  const ids = from?.ids ?? new Map<number, Set<number>>();
  let itemsRead = 0;
  let startKey = from?.startKey;
  do {
    const result = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :start)',
        ExpressionAttributeValues: {
          ':pk': gramPartition(ctx, entity),
          ':start': 'gram' in key ? `${key.gram}#` : key.prefix,
        },
        ProjectionExpression: 'sk, ids',
        ExclusiveStartKey: startKey,
        ...(Number.isFinite(maxItems) ? { Limit: Math.max(1, maxItems - itemsRead) } : {}),
      }),
    );
    itemsRead += result.ScannedCount ?? 0;
    for (const item of result.Items ?? []) {
      const offsets = item.ids as Set<number> | undefined;
      if (!offsets?.size) continue;
      const bucket = Number(String(item.sk).slice(String(item.sk).lastIndexOf('#') + 1));
      const known = ids.get(bucket);
      if (known) for (const offset of offsets) known.add(offset);
      else ids.set(bucket, new Set(offsets));
    }
    startKey = result.LastEvaluatedKey;
  } while (startKey && itemsRead < maxItems);
  return { ids, itemsRead: (from?.itemsRead ?? 0) + itemsRead, complete: !startKey, startKey };
}

/**
 * Adds many items' grams at once, one `ADD` per posting with all their entries (a bulk import: its ids are
 * consecutive, so 48 devices share most postings). Outside any transaction, before the items are written:
 * the index is a superset meanwhile, and a rolled-back import leaves ids the search verifies away.
 */
export async function addPostings(
  ctx: TenantContext,
  entity: SearchEntity,
  texts: Iterable<{ id: number; text: string }>,
  concurrency = 8,
): Promise<void> {
  const items = postingItems(ctx, entity, texts);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const { pk, sk, ids } = items[next++] as (typeof items)[number];
      await dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { pk, sk },
          UpdateExpression: 'ADD ids :offsets',
          ExpressionAttributeValues: { ':offsets': ids },
        }),
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

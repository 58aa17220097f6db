import { isDeepStrictEqual } from 'node:util';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { itemSize } from '../../functions/lib/data/item-size';

/**
 * Write units as DynamoDB counts them, table and global secondary indexes, for the local front
 * (dynamo-transactions.ts) to answer `ReturnConsumedCapacity: 'TOTAL' | 'INDEXES'` as AWS does. dynalite counts
 * only the table's units and ignores indexes, which is kinder than AWS.
 *
 * The rules, from the DynamoDB Developer Guide:
 *  - "Capacity unit consumption for write operations" (read-write-operations.html): a write unit is 1 KB, item
 *    sizes rounded up to the next KB; PutItem counts the larger of the replaced and the new item, UpdateItem the
 *    larger of the item before and after ("even if you update a subset of the item's attributes"), DeleteItem
 *    the deleted item; BatchWriteItem rounds each item up on its own.
 *  - "Capacity management for transactions" (transaction-apis.html): DynamoDB performs two underlying writes of
 *    every item in a TransactWriteItems (prepare and commit), so 2 units per KB; a ConditionCheck is an item of
 *    the transaction too.
 *  - "Provisioned throughput considerations for Global Secondary Indexes" (GSI.html#GSI.ThroughputConsiderations):
 *    one write to put an item that enters the index; two (delete + put) when an indexed key attribute changes;
 *    one to delete the projection when the item leaves; none when the item is in the index neither before nor
 *    after; one when only projected attributes change. "All of these factors assume that the size of each item in
 *    the index is less than or equal to the 1 KB ... Larger index entries require additional write capacity
 *    units": an entry is sized like an item (GSI.StorageConsiderations: the table's primary key, the index key
 *    attributes and the projected attributes; the 100 bytes of overhead it lists are storage, not throughput).
 *  - Item size: "Item sizes and formats" (CapacityUnitCalculations.html), functions/lib/data/item-size.ts.
 * Choices the documents leave open are in docs/decisions (local ConsumedCapacity counted like DynamoDB).
 */
export type Item = Record<string, AttributeValue>;

export interface IndexShape {
  name: string;
  partitionKey: string;
  sortKey?: string;
  projection: 'ALL' | 'INCLUDE' | 'KEYS_ONLY';
  nonKeyAttributes?: readonly string[];
}

export interface TableShape {
  /** The table's own key attribute names (partition, then sort). */
  keys: readonly string[];
  indexes: readonly IndexShape[];
}

/** One item's change: the image before and after (undefined: absent). */
export interface ItemChange {
  before?: Item;
  after?: Item;
  /** A TransactWriteItems action: its table units count twice. */
  transactional?: boolean;
  /** A transaction's ConditionCheck: table units of the checked item, nothing in the indexes. */
  check?: boolean;
}

export interface Units {
  table: number;
  indexes: Record<string, number>;
}

const KB = 1024;
/** Units for `bytes`, rounded up to the next KB; a write of nothing (a delete of an absent item) is still 1. */
export const writeUnitsOf = (bytes: number) => Math.max(1, Math.ceil(bytes / KB));

/** The item's entry in the index, as DynamoDB copies it; undefined when the item lacks a key of the index. */
export function indexEntry(item: Item | undefined, index: IndexShape, table: TableShape): Item | undefined {
  if (!item) return undefined;
  const indexKeys = [index.partitionKey, ...(index.sortKey ? [index.sortKey] : [])];
  if (indexKeys.some((name) => item[name] === undefined)) return undefined;
  if (index.projection === 'ALL') return item;
  const names = new Set([...table.keys, ...indexKeys, ...(index.nonKeyAttributes ?? [])]);
  const entry: Item = {};
  for (const name of names) if (item[name] !== undefined) entry[name] = item[name];
  return entry;
}

/** The write units one item change costs in one index (GSI.html's five cases). */
export function indexWriteUnits(change: ItemChange, index: IndexShape, table: TableShape): number {
  if (change.check) return 0;
  const old = indexEntry(change.before, index, table);
  const next = indexEntry(change.after, index, table);
  if (!old && !next) return 0;
  if (!old) return writeUnitsOf(itemSize(next as Item));
  if (!next) return writeUnitsOf(itemSize(old));
  const keys = [index.partitionKey, index.sortKey, ...table.keys].filter((k): k is string => !!k);
  if (keys.some((k) => !isDeepStrictEqual(old[k], next[k]))) {
    return writeUnitsOf(itemSize(old)) + writeUnitsOf(itemSize(next));
  }
  if (isDeepStrictEqual(old, next)) return 0;
  return writeUnitsOf(Math.max(itemSize(old), itemSize(next)));
}

/** The table's units for one item change: the larger image, twice in a transaction. */
export function tableWriteUnits(change: ItemChange): number {
  const size = Math.max(change.before ? itemSize(change.before) : 0, change.after ? itemSize(change.after) : 0);
  return writeUnitsOf(size) * (change.transactional ? 2 : 1);
}

/** The units of a request's item changes on one table. */
export function unitsOf(changes: readonly ItemChange[], table: TableShape): Units {
  const units: Units = { table: 0, indexes: {} };
  for (const change of changes) {
    units.table += tableWriteUnits(change);
    for (const index of table.indexes) {
      const n = indexWriteUnits(change, index, table);
      if (n > 0) units.indexes[index.name] = (units.indexes[index.name] ?? 0) + n;
    }
  }
  return units;
}

/**
 * DynamoDB's `ConsumedCapacity` of one table: TOTAL carries the sum (table and indexes); INDEXES adds the table's
 * and each touched index's share.
 */
export function consumedCapacity(tableName: string, units: Units, mode: 'TOTAL' | 'INDEXES') {
  const total = units.table + Object.values(units.indexes).reduce((sum, n) => sum + n, 0);
  const capacity = (n: number) => ({ CapacityUnits: n, WriteCapacityUnits: n });
  if (mode === 'TOTAL') return { TableName: tableName, ...capacity(total) };
  const indexes = Object.entries(units.indexes);
  return {
    TableName: tableName,
    ...capacity(total),
    Table: capacity(units.table),
    ...(indexes.length > 0
      ? { GlobalSecondaryIndexes: Object.fromEntries(indexes.map(([name, n]) => [name, capacity(n)])) }
      : {}),
  };
}

/** The table's keys and indexes as DescribeTable answers them (what CreateTable made from shared/table.ts). */
// biome-ignore lint/suspicious/noExplicitAny: DescribeTable's raw Table description
export function tableShapeOf(description: any): TableShape {
  const keyNames = (schema: { AttributeName: string; KeyType: string }[] = []) => ({
    hash: schema.find((k) => k.KeyType === 'HASH')?.AttributeName as string,
    range: schema.find((k) => k.KeyType === 'RANGE')?.AttributeName,
  });
  const own = keyNames(description.KeySchema);
  return {
    keys: [own.hash, ...(own.range ? [own.range] : [])],
    // biome-ignore lint/suspicious/noExplicitAny: DescribeTable's raw index description
    indexes: (description.GlobalSecondaryIndexes ?? []).map((gsi: any): IndexShape => {
      const keys = keyNames(gsi.KeySchema);
      return {
        name: gsi.IndexName,
        partitionKey: keys.hash,
        ...(keys.range ? { sortKey: keys.range } : {}),
        projection: gsi.Projection?.ProjectionType ?? 'ALL',
        ...(gsi.Projection?.NonKeyAttributes ? { nonKeyAttributes: gsi.Projection.NonKeyAttributes } : {}),
      };
    }),
  };
}

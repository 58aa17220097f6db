import { itemSize } from '../../functions/lib/data/item-size';
import {
  consumedCapacity,
  type IndexShape,
  type Item,
  indexWriteUnits,
  type TableShape,
  tableShapeOf,
  tableWriteUnits,
  unitsOf,
  writeUnitsOf,
} from '../../scripts/local/dynamo-capacity';
import { capacityByTable, writeTargets } from '../../scripts/local/dynamo-capacity-answers';
import { globalSecondaryIndexes, TABLE } from '../../shared/table';

/**
 * Write units as DynamoDB counts them (scripts/local/dynamo-capacity.ts), from the Developer Guide's own examples:
 * "Capacity unit consumption for write operations", "Capacity management for transactions" and the global
 * secondary index's "Provisioned throughput considerations".
 */
const KB = 1024;
/** An item of exactly `bytes` bytes (pk + "a" + sk + "b" + pad's name = 9 bytes of it). */
const sized = (bytes: number, extra: Item = {}): Item => {
  const base: Item = { pk: { S: 'a' }, sk: { S: 'b' }, ...extra };
  const pad = bytes - itemSize(base) - 3;
  return { ...base, pad: { S: 'x'.repeat(pad) } };
};
const table = (indexes: IndexShape[]): TableShape => ({ keys: ['pk', 'sk'], indexes });
const all: IndexShape = { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk', projection: 'ALL' };
const keysOnly: IndexShape = {
  ...all,
  name: 'gsi2',
  partitionKey: 'gsi2pk',
  sortKey: 'gsi2sk',
  projection: 'KEYS_ONLY',
};
const include: IndexShape = {
  ...all,
  name: 'gsi3',
  partitionKey: 'gsi3pk',
  sortKey: 'gsi3sk',
  projection: 'INCLUDE',
  nonKeyAttributes: ['name'],
};

describe('table write units', () => {
  it('rounds item sizes up to the next 1 KB: a 500-byte item costs what a 1 KB item costs', () => {
    expect(sized(500, {}) && itemSize(sized(500))).toBe(500);
    expect(tableWriteUnits({ after: sized(500) })).toBe(1);
    expect(tableWriteUnits({ after: sized(KB) })).toBe(1);
    expect(tableWriteUnits({ after: sized(KB + 1) })).toBe(2);
    expect(writeUnitsOf(0)).toBe(1);
  });

  it('counts the larger of the replaced and the new item for a put, and of before and after for an update', () => {
    expect(tableWriteUnits({ before: sized(2.5 * KB), after: sized(600) })).toBe(3);
    expect(tableWriteUnits({ before: sized(600), after: sized(2.5 * KB) })).toBe(3);
  });

  it('counts a delete by the deleted item', () => {
    expect(tableWriteUnits({ before: sized(3 * KB) })).toBe(3);
  });

  it('rounds each item of a BatchWriteItem on its own: 500 bytes and 3.5 KB make 5 units, not 4', () => {
    expect(unitsOf([{ after: sized(500) }, { after: sized(3.5 * KB) }], table([])).table).toBe(5);
  });

  it('counts two writes per item in a transaction: three 500-byte items need 6 units', () => {
    const changes = [1, 2, 3].map(() => ({ after: sized(500), transactional: true }));
    expect(unitsOf(changes, table([])).table).toBe(6);
  });
});

describe('global secondary index write units', () => {
  const inIndex = (bytes: number, key = 'A', extra: Item = {}) =>
    sized(bytes, { gsi1pk: { S: 'P' }, gsi1sk: { S: key }, ...extra });

  it('costs nothing when the item is in the index neither before nor after', () => {
    expect(indexWriteUnits({ before: sized(500), after: sized(600) }, all, table([all]))).toBe(0);
  });

  it('puts the entry when an item enters the index (a new item, or a key attribute defined)', () => {
    expect(indexWriteUnits({ after: inIndex(500) }, all, table([all]))).toBe(1);
    expect(indexWriteUnits({ before: sized(500), after: inIndex(2.2 * KB) }, all, table([all]))).toBe(3);
  });

  it('deletes the entry when the item leaves the index', () => {
    expect(indexWriteUnits({ before: inIndex(500), after: sized(500) }, all, table([all]))).toBe(1);
    expect(indexWriteUnits({ before: inIndex(500) }, all, table([all]))).toBe(1);
  });

  it('deletes and puts when an index key attribute changes (A to B): two writes', () => {
    expect(indexWriteUnits({ before: inIndex(500, 'A'), after: inIndex(500, 'B') }, all, table([all]))).toBe(2);
    // Entries over 1 KB need more units each: 2 + 2.
    expect(indexWriteUnits({ before: inIndex(1.5 * KB, 'A'), after: inIndex(1.5 * KB, 'B') }, all, table([all]))).toBe(
      4,
    );
  });

  it('writes once when only projected attributes change, at the entry size', () => {
    const before = inIndex(1.4 * KB, 'A', { name: { S: 'reel 1' } });
    const after = inIndex(1.4 * KB, 'A', { name: { S: 'reel 2' } });
    expect(indexWriteUnits({ before, after }, all, table([all]))).toBe(2);
  });

  it('writes nothing into a KEYS_ONLY or INCLUDE index when neither its keys nor its attributes change', () => {
    const keyed = (name: string, pad: number): Item =>
      sized(pad, {
        gsi2pk: { S: 'P' },
        gsi2sk: { S: 'A' },
        gsi3pk: { S: 'P' },
        gsi3sk: { S: 'A' },
        name: { S: name },
      });
    const shape = table([all, keysOnly, include]);
    // The pipeline's kind of write: a big attribute changes, the list columns do not.
    const uplink = unitsOf([{ before: keyed('reel', 1400), after: keyed('reel', 1500) }], shape);
    expect(uplink).toEqual({ table: 2, indexes: {} });
    // A rename: the INCLUDE index projects `name` (1 small write), KEYS_ONLY does not.
    const rename = unitsOf([{ before: keyed('reel', 1400), after: keyed('spool', 1400) }], shape);
    expect(rename).toEqual({ table: 2, indexes: { gsi3: 1 } });
  });

  it('sizes an INCLUDE entry by its keys and projected attributes only', () => {
    const keys = { gsi1pk: { S: 'P' }, gsi1sk: { S: 'A' }, gsi3pk: { S: 'P' }, gsi3sk: { S: 'A' } };
    const item = sized(3 * KB, { ...keys, name: { S: 'n' } });
    expect(indexWriteUnits({ after: item }, include, table([include]))).toBe(1);
    expect(indexWriteUnits({ after: item }, all, table([all]))).toBe(3);
  });

  it('puts nothing into indexes for a transaction ConditionCheck, and counts the checked item twice', () => {
    const item = inIndex(500);
    expect(unitsOf([{ before: item, after: item, check: true, transactional: true }], table([all]))).toEqual({
      table: 2,
      indexes: {},
    });
  });
});

describe('the ConsumedCapacity answer', () => {
  it('carries the total with TOTAL, and the table and each touched index with INDEXES', () => {
    const units = { table: 2, indexes: { gsi1: 2, gsi7: 1 } };
    expect(consumedCapacity('tracking', units, 'TOTAL')).toEqual({
      TableName: 'tracking',
      CapacityUnits: 5,
      WriteCapacityUnits: 5,
    });
    expect(consumedCapacity('tracking', units, 'INDEXES')).toEqual({
      TableName: 'tracking',
      CapacityUnits: 5,
      WriteCapacityUnits: 5,
      Table: { CapacityUnits: 2, WriteCapacityUnits: 2 },
      GlobalSecondaryIndexes: {
        gsi1: { CapacityUnits: 2, WriteCapacityUnits: 2 },
        gsi7: { CapacityUnits: 1, WriteCapacityUnits: 1 },
      },
    });
  });

  it('reads every index of the table definition (shared/table.ts), whatever their names and projections', () => {
    const shape = tableShapeOf({
      KeySchema: [
        { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: globalSecondaryIndexes(),
    });
    expect(shape.keys).toEqual([TABLE.partitionKey, TABLE.sortKey]);
    expect(shape.indexes.map((i) => i.name)).toEqual(TABLE.indexes.map((i) => i.name));
    for (const [i, index] of TABLE.indexes.entries()) {
      expect(shape.indexes[i]).toMatchObject({
        partitionKey: index.partitionKey,
        sortKey: index.sortKey,
        projection: index.projection,
      });
    }
  });

  it('groups a batch by table, in request order', () => {
    const targets = writeTargets('BatchWriteItem', {
      RequestItems: {
        a: [{ PutRequest: { Item: sized(500) } }, { DeleteRequest: { Key: { pk: { S: 'a' }, sk: { S: 'b' } } } }],
        b: [{ PutRequest: { Item: sized(3.5 * KB) } }],
      },
    });
    expect(targets.map((t) => [t.table, !!t.put, !!t.deletes])).toEqual([
      ['a', true, false],
      ['a', false, true],
      ['b', true, false],
    ]);
    const shapes = new Map([
      ['a', table([])],
      ['b', table([])],
    ]);
    const changes = targets.map((t) => ({ table: t.table, change: { after: t.put } }));
    expect(capacityByTable(changes, shapes, 'TOTAL').map((c) => [c.TableName, c.CapacityUnits])).toEqual([
      ['a', 2],
      ['b', 4],
    ]);
  });
});

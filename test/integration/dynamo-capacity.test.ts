import {
  BatchWriteCommand,
  DeleteCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { TABLE_NAME } from '../../scripts/local/config';
import { TABLE } from '../../shared/table';
import { localTable } from '../harness/stack';

/**
 * The local DynamoDB front answers `ReturnConsumedCapacity` as DynamoDB counts it, the global
 * secondary indexes included (scripts/local/dynamo-capacity.ts; dynalite alone counts the table only). The
 * indexes are read from the table definition, so the test holds for whatever layout shared/table.ts has. Items
 * live in a partition no tenant uses; their index keys too.
 */
const pk = 'TEST#dynamo-capacity';
const whole = TABLE.indexes.find((index) => index.projection === 'ALL');
const narrow = TABLE.indexes.find((index) => index.projection !== 'ALL');
if (!whole || !narrow) throw new Error('The test needs an ALL index and a narrower one in shared/table.ts');
// ~1.4 KB of an attribute no narrow index projects: 2 units in the table and in an ALL index.
const pad = 'x'.repeat(1400);
const keys = (sk: string, order = 'a') => ({
  [whole.partitionKey]: pk,
  [whole.sortKey]: `${sk}#${order}`,
  [narrow.partitionKey]: pk,
  [narrow.sortKey]: sk,
});
const units = (n: number) => ({ CapacityUnits: n, WriteCapacityUnits: n });

describe('ConsumedCapacity of the local DynamoDB front', () => {
  const { client } = localTable();

  it('counts a new item into the table and each index it enters, at each entry size', async () => {
    const put = await client.send(
      new PutCommand({
        TableName: TABLE_NAME,
        Item: { pk, sk: 'new', pad, ...keys('new') },
        ReturnConsumedCapacity: 'INDEXES',
      }),
    );
    expect(put.ConsumedCapacity).toEqual({
      TableName: TABLE_NAME,
      ...units(5),
      Table: units(2),
      GlobalSecondaryIndexes: { [whole.name]: units(2), [narrow.name]: units(1) },
    });
  });

  it('writes only into the ALL index when an unprojected attribute changes, and answers the sum with TOTAL', async () => {
    await client.send(new PutCommand({ TableName: TABLE_NAME, Item: { pk, sk: 'update', pad, ...keys('update') } }));
    const update = (value: string, mode: 'TOTAL' | 'INDEXES') =>
      client.send(
        new UpdateCommand({
          TableName: TABLE_NAME,
          Key: { pk, sk: 'update' },
          UpdateExpression: 'SET #p = :p',
          ExpressionAttributeNames: { '#p': 'pad' },
          ExpressionAttributeValues: { ':p': value },
          ReturnConsumedCapacity: mode,
        }),
      );
    expect((await update(`${pad}y`, 'INDEXES')).ConsumedCapacity).toEqual({
      TableName: TABLE_NAME,
      ...units(4),
      Table: units(2),
      GlobalSecondaryIndexes: { [whole.name]: units(2) },
    });
    expect((await update(`${pad}z`, 'TOTAL')).ConsumedCapacity).toEqual({ TableName: TABLE_NAME, ...units(4) });
    // Without the parameter, no ConsumedCapacity (as DynamoDB).
    expect(
      (await client.send(new PutCommand({ TableName: TABLE_NAME, Item: { pk, sk: 'plain' } }))).ConsumedCapacity,
    ).toBeUndefined();
  });

  it('deletes and puts when an index key changes, and deletes every entry with the item', async () => {
    await client.send(new PutCommand({ TableName: TABLE_NAME, Item: { pk, sk: 'move', pad, ...keys('move') } }));
    const moved = await client.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: { pk, sk: 'move' },
        UpdateExpression: 'SET #sk = :sk',
        ExpressionAttributeNames: { '#sk': whole.sortKey },
        ExpressionAttributeValues: { ':sk': 'move#b' },
        ReturnConsumedCapacity: 'INDEXES',
      }),
    );
    expect(moved.ConsumedCapacity?.GlobalSecondaryIndexes).toEqual({ [whole.name]: units(4) });
    const deleted = await client.send(
      new DeleteCommand({ TableName: TABLE_NAME, Key: { pk, sk: 'move' }, ReturnConsumedCapacity: 'INDEXES' }),
    );
    expect(deleted.ConsumedCapacity).toMatchObject({
      ...units(5),
      GlobalSecondaryIndexes: { [whole.name]: units(2), [narrow.name]: units(1) },
    });
  });

  it('answers a batch per table and a transaction with two table writes per item', async () => {
    const batch = await client.send(
      new BatchWriteCommand({
        RequestItems: {
          [TABLE_NAME]: [
            { PutRequest: { Item: { pk, sk: 'batch-1' } } },
            { PutRequest: { Item: { pk, sk: 'batch-2', pad, ...keys('batch-2') } } },
          ],
        },
        ReturnConsumedCapacity: 'INDEXES',
      }),
    );
    expect(batch.ConsumedCapacity).toEqual([
      {
        TableName: TABLE_NAME,
        ...units(6),
        Table: units(3),
        GlobalSecondaryIndexes: { [whole.name]: units(2), [narrow.name]: units(1) },
      },
    ]);
    const transaction = await client.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: TABLE_NAME, Item: { pk, sk: 'tx-1', pad, ...keys('tx-1') } } },
          {
            ConditionCheck: {
              TableName: TABLE_NAME,
              Key: { pk, sk: 'batch-1' },
              ConditionExpression: 'attribute_exists(pk)',
            },
          },
        ],
        ReturnConsumedCapacity: 'INDEXES',
      }),
    );
    expect(transaction.ConsumedCapacity).toEqual([
      {
        TableName: TABLE_NAME,
        ...units(9),
        Table: units(6),
        GlobalSecondaryIndexes: { [whole.name]: units(2), [narrow.name]: units(1) },
      },
    ]);
  });
});

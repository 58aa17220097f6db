import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_NAME } from '../../scripts/local/config';
import { localTable } from '../harness/stack';

/**
 * The local DynamoDB (dynalite behind scripts/local/dynamo-transactions.ts) holds AWS's limits:
 * 400 KB per item counted in UTF-8 bytes (dynalite counts UTF-16 characters), 100 actions per
 * TransactWriteItems and one action per item in it, with AWS's own errors, and a transaction's client request token. Items live in a partition no tenant uses.
 */
const pk = 'TEST#dynamo-limits';
// 140,000 x "漢" is 140,000 characters (under dynalite's count) but 420,000 UTF-8 bytes (over AWS's 409,600).
const wide = '漢'.repeat(140_000);

describe('the local DynamoDB front', () => {
  const { client } = localTable();
  const get = async (sk: string) =>
    (await client.send(new GetCommand({ TableName: TABLE_NAME, Key: { pk, sk }, ConsistentRead: true }))).Item;

  it('refuses a put over 400 KB in UTF-8 bytes with ValidationException', async () => {
    await expect(
      client.send(new PutCommand({ TableName: TABLE_NAME, Item: { pk, sk: 'put', text: wide } })),
    ).rejects.toMatchObject({
      name: 'ValidationException',
      message: 'Item size has exceeded the maximum allowed size',
    });
    expect(await get('put')).toBeUndefined();
    // Just under the limit is taken (name and key bytes included).
    const fits = 'a'.repeat(400 * 1024 - 100);
    await client.send(new PutCommand({ TableName: TABLE_NAME, Item: { pk, sk: 'fits', text: fits } }));
    expect((await get('fits'))?.text).toBe(fits);
  });

  it('refuses an update that grows an item past 400 KB and leaves the item as it was', async () => {
    await client.send(new PutCommand({ TableName: TABLE_NAME, Item: { pk, sk: 'grow', n: 1 } }));
    await expect(
      client.send(
        new UpdateCommand({
          TableName: TABLE_NAME,
          Key: { pk, sk: 'grow' },
          UpdateExpression: 'SET #t = :t, n = :n',
          ExpressionAttributeNames: { '#t': 'text' },
          ExpressionAttributeValues: { ':t': wide, ':n': 2 },
        }),
      ),
    ).rejects.toMatchObject({
      name: 'ValidationException',
      message: 'Item size to update has exceeded the maximum allowed size',
    });
    expect(await get('grow')).toEqual({ pk, sk: 'grow', n: 1 });
  });

  it('cancels a transaction whose item would pass 400 KB, with a ValidationError reason', async () => {
    const transaction = client.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: TABLE_NAME, Item: { pk, sk: 'tx-small' } } },
          {
            Update: {
              TableName: TABLE_NAME,
              Key: { pk, sk: 'tx-big' },
              UpdateExpression: 'SET #t = :t',
              ExpressionAttributeNames: { '#t': 'text' },
              ExpressionAttributeValues: { ':t': wide },
            },
          },
        ],
      }),
    );
    await expect(transaction).rejects.toMatchObject({
      name: 'TransactionCanceledException',
      CancellationReasons: [{ Code: 'None' }, { Code: 'ValidationError' }],
    });
    expect(await get('tx-small')).toBeUndefined();
    expect(await get('tx-big')).toBeUndefined();
  });

  it('refuses a transaction of more than 100 actions and applies none of them', async () => {
    const puts = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ Put: { TableName: TABLE_NAME, Item: { pk, sk: `tx-${i}` } } }));
    await expect(client.send(new TransactWriteCommand({ TransactItems: puts(101) }))).rejects.toMatchObject({
      name: 'ValidationException',
      message: expect.stringContaining('Member must have length less than or equal to 100'),
    });
    expect(await get('tx-0')).toBeUndefined();
    await client.send(new TransactWriteCommand({ TransactItems: puts(100) }));
    expect(await get('tx-99')).toEqual({ pk, sk: 'tx-99' });
  });

  it('refuses a transaction that acts twice on one item and applies none of it', async () => {
    const add = { TableName: TABLE_NAME, Key: { pk, sk: 'twice' }, UpdateExpression: 'ADD n :one' };
    const items = [
      { Put: { TableName: TABLE_NAME, Item: { pk, sk: 'twice-other' } } },
      { Update: { ...add, ExpressionAttributeValues: { ':one': 1 } } },
      { Update: { ...add, ExpressionAttributeValues: { ':one': 2 } } },
    ];
    await expect(client.send(new TransactWriteCommand({ TransactItems: items }))).rejects.toMatchObject({
      name: 'ValidationException',
      message: 'Transaction request cannot include multiple operations on one item',
    });
    expect(await get('twice')).toBeUndefined();
    expect(await get('twice-other')).toBeUndefined();
  });

  it('applies a transaction sent again with its client request token once, as a retry after a lost answer', async () => {
    const token = `retry-${Date.now()}`;
    const first = {
      ClientRequestToken: token,
      TransactItems: [
        {
          Put: {
            TableName: TABLE_NAME,
            Item: { pk, sk: token, n: 1 },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Update: {
            TableName: TABLE_NAME,
            Key: { pk, sk: `${token}-counter` },
            UpdateExpression: 'ADD n :one',
            ExpressionAttributeValues: { ':one': 1 },
          },
        },
      ],
    };
    await client.send(new TransactWriteCommand(first));
    // The same request again: it succeeds (its condition would fail now) and writes nothing.
    await client.send(new TransactWriteCommand(first));
    expect(await get(`${token}-counter`)).toEqual({ pk, sk: `${token}-counter`, n: 1 });
    // The same token with another request is refused, and nothing of it is written.
    const other = { ...first, TransactItems: [{ Put: { TableName: TABLE_NAME, Item: { pk, sk: `${token}-other` } } }] };
    await expect(client.send(new TransactWriteCommand(other))).rejects.toMatchObject({
      name: 'IdempotentParameterMismatchException',
    });
    expect(await get(`${token}-other`)).toBeUndefined();
    // Without the token the repeat is a new transaction, and its condition fails.
    const { ClientRequestToken: _token, ...untokened } = first;
    await expect(client.send(new TransactWriteCommand(untokened))).rejects.toMatchObject({
      name: 'TransactionCanceledException',
    });
  });
});

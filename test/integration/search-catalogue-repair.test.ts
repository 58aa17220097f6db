import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { REGION, TABLE_NAME } from '../../scripts/local/config';
import { call, tokenOf } from '../harness/api';
import { localTable } from '../harness/stack';

/**
 * The catalogue repair (functions/lib/assets/asset-search-repair.ts, `npm run repair:catalogue`) against the
 * local table: a missing entry, a wrong one and one of no asset are put right, and a second run finds nothing.
 */
const { client: db, endpoint } = localTable();
const shardKey = (id: number) => ({ pk: 'T#1#ASSET_SEARCH', sk: String(Math.floor(id / 1000)).padStart(10, '0') });

async function entryOf(id: number): Promise<string | undefined> {
  const shard = await db.send(new GetCommand({ TableName: TABLE_NAME, Key: shardKey(id), ConsistentRead: true }));
  return (shard.Item?.entries as Record<string, string> | undefined)?.[String(id)];
}

async function setEntry(id: number, text: string | undefined) {
  await db.send(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: shardKey(id),
      UpdateExpression: 'SET entries = if_not_exists(entries, :empty)',
      ExpressionAttributeValues: { ':empty': {} },
    }),
  );
  await db.send(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: shardKey(id),
      UpdateExpression: text === undefined ? 'REMOVE entries.#id' : 'SET entries.#id = :text',
      ExpressionAttributeNames: { '#id': String(id) },
      ...(text === undefined ? {} : { ExpressionAttributeValues: { ':text': text } }),
    }),
  );
}

describe('search catalogue repair', () => {
  beforeAll(() => {
    // The repair runs in this process, as the script does, against the test stack's table.
    Object.assign(process.env, { TABLE_NAME, AWS_REGION: REGION, DYNAMODB_ENDPOINT: endpoint });
  });

  it('restores missing and wrong entries, drops entries of no asset, and is idempotent', async () => {
    const { repairSearchCatalogue } = await import('../../functions/lib/assets/asset-search-repair');
    const { systemTenantContext } = await import('../../functions/lib/data/system-context');
    const admin = await tokenOf('admin');
    const name = `Repair Reel ${Date.now()}`;
    const created = await call<{ id: number }>('POST', '/api/assets', { token: admin, body: { name } });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect(await entryOf(id)).toBe(`${name.toLowerCase()}\n`);

    await setEntry(id, undefined);
    await setEntry(1, 'not what asset 1 is called');
    await setEntry(987_654, 'no such asset');
    const ctx = systemTenantContext(1);
    const first = await repairSearchCatalogue(ctx);
    expect(first.set).toBeGreaterThanOrEqual(2);
    expect(first.removed).toBeGreaterThanOrEqual(1);
    expect(await entryOf(id)).toBe(`${name.toLowerCase()}\n`);
    expect(await entryOf(1)).not.toBe('not what asset 1 is called');
    expect(await entryOf(987_654)).toBeUndefined();

    const second = await repairSearchCatalogue(ctx);
    expect(second).toMatchObject({ set: 0, removed: 0, skipped: 0, entries: second.assets });
    const found = await call<{ 'hydra:member': { id: number }[] }>(
      'GET',
      `/api/assets?search=${encodeURIComponent(name)}`,
      { token: admin },
    );
    expect(found.body['hydra:member'].map((asset) => asset.id)).toEqual([id]);
  });
});

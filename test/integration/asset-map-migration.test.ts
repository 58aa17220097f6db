import { DeleteTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { backfillAssetMapKeys } from '../../functions/lib/assets/asset-map-backfill';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { tableDefinition } from '../../scripts/local/bootstrap';
import { REGION, TABLE_NAME } from '../../scripts/local/config';
import { createTableAndWait, rebuildTable } from '../../scripts/local/table-rebuild';
import { tokenOf } from '../harness/api';
import { markerIds, readMap } from '../harness/asset-map';
import { localTable } from '../harness/stack';

/**
 * The asset map index arriving on existing data: a local table made before gsi7 is rebuilt with its items
 * (dynalite cannot add an index), and the backfill gives positioned assets written before it their keys.
 */
const { client: db, endpoint } = localTable();
const raw = new DynamoDBClient({
  region: REGION,
  endpoint,
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
});

beforeAll(() => {
  Object.assign(process.env, { TABLE_NAME, AWS_REGION: REGION, DYNAMODB_ENDPOINT: endpoint });
});

describe('asset map index migration', () => {
  it('rebuilds a table without the new index and keeps its items', async () => {
    const name = `legacy-${Date.now()}`;
    const current = tableDefinition();
    const legacy = {
      ...current,
      TableName: name,
      GlobalSecondaryIndexes: current.GlobalSecondaryIndexes?.filter((index) => index.IndexName !== 'gsi7'),
      AttributeDefinitions: current.AttributeDefinitions?.filter((a) => !a.AttributeName?.startsWith('gsi7')),
    };
    await createTableAndWait(raw, legacy);
    const item = { pk: 'T#9#ASSET', sk: 'ASSET#0000000001', name: 'Old reel', nested: { list: [1, 'a', null] } };
    await db.send(new PutCommand({ TableName: name, Item: item }));
    try {
      expect(await rebuildTable(raw, { ...current, TableName: name })).toBe(1);
      const { Table } = await raw.send(new DescribeTableCommand({ TableName: name }));
      expect(Table?.GlobalSecondaryIndexes?.map((index) => index.IndexName).sort()).toContain('gsi7');
      const back = await db.send(new GetCommand({ TableName: name, Key: { pk: item.pk, sk: item.sk } }));
      expect(back.Item).toEqual(item);
    } finally {
      await raw.send(new DeleteTableCommand({ TableName: name }));
    }
  });

  it('gives positioned assets without map keys their keys, once', async () => {
    const admin = await tokenOf('admin');
    const id = markerIds((await readMap(admin)).markers).at(-1) as number;
    const key = { pk: 'T#1#ASSET', sk: `ASSET#${String(id).padStart(10, '0')}` };
    await db.send(new UpdateCommand({ TableName: TABLE_NAME, Key: key, UpdateExpression: 'REMOVE gsi7pk, gsi7sk' }));
    expect(markerIds((await readMap(admin)).markers)).not.toContain(id);

    const first = await backfillAssetMapKeys(systemTenantContext(1));
    expect(first.updated).toBe(1);
    expect((await backfillAssetMapKeys(systemTenantContext(1))).updated).toBe(0);
    expect(markerIds((await readMap(admin)).markers)).toContain(id);
  });
});

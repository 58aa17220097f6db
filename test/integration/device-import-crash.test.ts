import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { counterKey, typePartition } from '../../functions/lib/data/keys';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { devEuiClaimItem } from '../../functions/lib/devices/dev-eui-claims';
import { beginImport, rollBackInterruptedImports } from '../../functions/lib/devices/device-import-journal';
import { type DeviceRecord, deviceRepository } from '../../functions/lib/devices/device-repository';
import { REGION, TABLE_NAME } from '../../scripts/local/config';
import { tokenOf } from '../harness/api';
import { localTable, readStack } from '../harness/stack';

/**
 * An import cut off between two of its transactions (a Lambda timeout, kill -9 of the local stack) leaves a
 * journal and part of its devices behind (functions/lib/devices/device-import-journal.ts). The state such a
 * crash leaves is built here deterministically, with the import's own item builders; the rollback must then
 * remove exactly that import's devices, claims and count, and nothing else. (The real kill -9 is
 * scripts/check-crash-safety.ts, with its result in docs/performance.md.)
 */
const { client: db, endpoint } = localTable();
const ctx = systemTenantContext(1);
const runPrefix = (Date.now() % 0xffffffff).toString(16).toUpperCase().padStart(8, '0');

beforeAll(() => {
  Object.assign(process.env, { TABLE_NAME, AWS_REGION: REGION, DYNAMODB_ENDPOINT: endpoint });
});

async function allocate(count: number): Promise<number> {
  const result = await db.send(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: counterKey(ctx, 'DEVICE'),
      UpdateExpression: 'ADD lastId :n',
      ExpressionAttributeValues: { ':n': count },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(result.Attributes?.lastId) - count + 1;
}

const device = (id: number, serial: number) =>
  ({ id, version: 1, dev_eui: `${runPrefix}${serial.toString(16).toUpperCase().padStart(8, '0')}` }) as DeviceRecord;

/** The first `written` of `count` devices as the import's chunks write them: device, claim, count together. */
async function crashedImport(serialBase: number, count: number, written: number, ageMs: number) {
  const firstId = await allocate(count);
  await beginImport(ctx, firstId, count);
  const startedAt = new Date(Date.now() - ageMs).toISOString();
  await db.send(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: { pk: typePartition(ctx, 'DEVICE_IMPORT'), sk: `IMPORT#${String(firstId).padStart(10, '0')}` },
      UpdateExpression: 'SET startedAt = :at',
      ExpressionAttributeValues: { ':at': startedAt },
    }),
  );
  const devices = Array.from({ length: written }, (_, i) => device(firstId + i, serialBase + i));
  for (let i = 0; i < devices.length; i += 40) {
    const chunk = devices.slice(i, i + 40);
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          ...chunk.flatMap((d) => [
            { Put: { TableName: TABLE_NAME, Item: deviceRepository.toItem(ctx, d) } },
            { Put: { TableName: TABLE_NAME, Item: devEuiClaimItem(ctx, d) } },
          ]),
          {
            Update: {
              TableName: TABLE_NAME,
              Key: counterKey(ctx, 'DEVICE'),
              UpdateExpression: 'ADD itemCount :n',
              ExpressionAttributeValues: { ':n': chunk.length },
            },
          },
        ],
      }),
    );
  }
  return devices;
}

const itemCount = async () =>
  Number(
    (await db.send(new GetCommand({ TableName: TABLE_NAME, Key: counterKey(ctx, 'DEVICE'), ConsistentRead: true })))
      .Item?.itemCount,
  );

async function deviceItems(): Promise<number> {
  let count = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: TABLE_NAME,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': typePartition(ctx, 'DEVICE') },
        Select: 'COUNT',
        ExclusiveStartKey,
      }),
    );
    count += page.Count ?? 0;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return count;
}

const exists = async (key: Record<string, string>) =>
  Boolean((await db.send(new GetCommand({ TableName: TABLE_NAME, Key: key, ConsistentRead: true }))).Item);

describe('an interrupted device import', () => {
  it('is rolled back whole once stale: its devices, claims and count; a running one is left alone', async () => {
    const before = await itemCount();
    const crashed = await crashedImport(0x1000, 150, 120, 16 * 60_000);
    const running = await crashedImport(0x2000, 60, 40, 0);
    expect(await itemCount()).toBe(before + 160);

    expect(await rollBackInterruptedImports(ctx)).toBe(1);
    for (const d of crashed) {
      expect(await exists({ pk: 'T#1#DEVICE', sk: `DEVICE#${String(d.id).padStart(10, '0')}` })).toBe(false);
      expect(await exists({ pk: `DEVEUI#${d.dev_eui}`, sk: 'CLAIM' })).toBe(false);
    }
    expect(await exists({ pk: `DEVEUI#${running[0]?.dev_eui}`, sk: 'CLAIM' })).toBe(true);
    expect(await itemCount()).toBe(before + 40);

    // The local stack's start rolls back every journal (nothing can still be writing then).
    expect(await rollBackInterruptedImports(ctx, 0)).toBe(1);
    expect(await itemCount()).toBe(before);
    expect(await deviceItems()).toBe(await itemCount());
    expect(await rollBackInterruptedImports(ctx, 0)).toBe(0);
  });

  it('frees its DEVEUIs for the next import of the same file', async () => {
    const [first] = await crashedImport(0x3000, 10, 10, 20 * 60_000);
    const csv = `DEVEUI;Sensor name;model;notes;barcode;activation_date\n${first?.dev_eui};Again;;;;\n`;
    const form = new FormData();
    form.append('files', new Blob([csv], { type: 'text/csv' }), 'devices.csv');
    const response = await fetch(`${readStack().apiUrl}/api/tenants/1/devices/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await tokenOf('admin')}` },
      body: form,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ imported: 1 });
    expect(await deviceItems()).toBe(await itemCount());
  });
});

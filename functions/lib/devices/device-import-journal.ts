import { BatchGetCommand, DeleteCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../data/client';
import { itemKey, pad, typePartition } from '../data/keys';
import { systemTenantContext } from '../data/system-context';
import type { TenantContext } from '../data/tenant-context';
import { withCondition } from '../data/transaction';
import { tenantRepository } from '../tenants/tenant-repository';
import { devEuiClaimKey } from './dev-eui-claims';
import { counterWrites, type FlagSource, flagConditions, flagDelta, flagsOf, sumDeltas } from './device-flag-counts';

/**
 * A device import is written in many transactions (device-import.ts), so a process killed between two of
 * them (a Lambda timeout, `kill -9` of the local stack) would leave part of the file behind. The import
 * therefore writes a journal item before its first device and deletes it after its last one (or after its own
 * undo). A journal left behind names an interrupted import: `rollBackInterruptedImports` deletes every device
 * of its id range that exists, with its DEVEUI claim and its count, and then the journal. Ids come from one
 * atomic counter update, so the range holds this import's devices only.
 *
 * Item: `T#<t>#DEVICE_IMPORT` / `IMPORT#<firstId>` with `firstId`, `count`, `startedAt`.
 */
const JOURNAL_TYPE = 'DEVICE_IMPORT';
/** DynamoDB's 100 operations a transaction: 49 devices, 49 claims and the counter. */
const DEVICES_PER_TRANSACTION = 49;
/**
 * Older journals cannot belong to a running import on AWS: the upload Lambda's timeout is far shorter.
 * Locally the start script rolls back every journal, since nothing runs before it.
 */
export const STALE_IMPORT_MS = 15 * 60_000;

interface Journal {
  firstId: number;
  count: number;
  startedAt: string;
}

const journalKey = (ctx: TenantContext, firstId: number) => ({
  pk: typePartition(ctx, JOURNAL_TYPE),
  sk: `IMPORT#${pad(firstId)}`,
});

export async function beginImport(ctx: TenantContext, firstId: number, count: number): Promise<void> {
  const journal: Journal = { firstId, count, startedAt: new Date().toISOString() };
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...journalKey(ctx, firstId), entityType: JOURNAL_TYPE, ...journal },
    }),
  );
}

export async function endImport(ctx: TenantContext, firstId: number): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: journalKey(ctx, firstId) }));
}

/** Rolls back the tenant's imports started more than `olderThanMs` ago and still journaled; answers how many. */
export async function rollBackInterruptedImports(ctx: TenantContext, olderThanMs = STALE_IMPORT_MS): Promise<number> {
  const result = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': typePartition(ctx, JOURNAL_TYPE) },
      ConsistentRead: true,
    }),
  );
  const cutoff = Date.now() - olderThanMs;
  const stale = ((result.Items ?? []) as Journal[]).filter((journal) => Date.parse(journal.startedAt) <= cutoff);
  for (const journal of stale) await rollBackImport(ctx, journal.firstId, journal.count);
  return stale.length;
}

/**
 * Removes whatever of one import was written, then its journal. The import's own undo after a failed write
 * and the rollback of an interrupted one are this same function; a failure on the way keeps the journal, so a
 * later rollback finishes the work.
 */
export async function rollBackImport(ctx: TenantContext, firstId: number, count: number): Promise<void> {
  for (let id = firstId; id < firstId + count; id += DEVICES_PER_TRANSACTION) {
    await removeWritten(ctx, id, Math.min(DEVICES_PER_TRANSACTION, firstId + count - id));
  }
  await endImport(ctx, firstId);
}

async function consistentGet(keys: Record<string, unknown>[], projection: string) {
  const found = await dynamo().send(
    new BatchGetCommand({
      RequestItems: { [tableName()]: { Keys: keys, ConsistentRead: true, ProjectionExpression: projection } },
    }),
  );
  if (found.UnprocessedKeys?.[tableName()]?.Keys?.length) throw new Error('Reads throttled; roll back again');
  return found.Responses?.[tableName()] ?? [];
}

/**
 * Deletes this import's devices among ids [from, from + count), their claims and their count, in one
 * transaction. A device is the import's when its DEVEUI claim names it (the import writes both in one
 * transaction); an item in the range without such a claim was written by something else and stays.
 */
async function removeWritten(ctx: TenantContext, from: number, count: number): Promise<void> {
  const keys = Array.from({ length: count }, (_, i) => itemKey(ctx, 'DEVICE', from + i));
  // The flags too: a device may have heard an uplink before the rollback, and leaves the list's counts with them.
  const found = (await consistentGet(keys, 'id, dev_eui, asset, battery_level_low, is_sabotaged, connectivity')) as ({
    id: number;
    dev_eui?: string;
  } & FlagSource)[];
  const candidates = found.filter((device) => typeof device.dev_eui === 'string' && device.dev_eui.length === 16);
  if (candidates.length === 0) return;
  const claims = await consistentGet(
    candidates.map((device) => devEuiClaimKey(device.dev_eui as string)),
    'tenantId, deviceId',
  );
  const claimed = new Set(claims.filter((claim) => claim.tenantId === ctx.tenantId).map((claim) => claim.deviceId));
  const devices = candidates.filter((device) => claimed.has(device.id)) as ({
    id: number;
    dev_eui: string;
  } & FlagSource)[];
  if (devices.length === 0) return;
  await dynamo().send(
    new TransactWriteCommand({
      TransactItems: [
        ...devices.flatMap((device) => [
          {
            Delete: {
              TableName: tableName(),
              ...withCondition(
                { Key: itemKey(ctx, 'DEVICE', device.id), ConditionExpression: 'attribute_exists(pk)' },
                flagConditions(flagsOf(device)),
              ),
            },
          },
          {
            Delete: {
              TableName: tableName(),
              Key: devEuiClaimKey(device.dev_eui),
              // Only this device's claim: a claim is never another's, but a rollback must not be the first to do it.
              ConditionExpression: 'tenantId = :tenant AND deviceId = :device',
              ExpressionAttributeValues: { ':tenant': ctx.tenantId, ':device': device.id },
            },
          },
        ]),
        ...counterWrites(
          ctx,
          sumDeltas(devices.map((device) => flagDelta(flagsOf(device), undefined))),
          -devices.length,
        ),
      ],
    }),
  );
}

/** Every tenant's interrupted imports (the local stack's start: nothing can still be running). */
export async function rollBackInterruptedImportsOfAllTenants(olderThanMs: number): Promise<number> {
  let rolledBack = 0;
  for (const tenant of await tenantRepository.list()) {
    rolledBack += await rollBackInterruptedImports(systemTenantContext(tenant.id), olderThanMs);
  }
  return rolledBack;
}

import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../data/client';
import { itemKey } from '../../data/keys';
import { fromItem } from '../../data/repository';
import type { TenantContext } from '../../data/tenant-context';
import { withCondition } from '../../data/transaction';
import { type DueKey, dueKeyOf } from '../../devices/connectivity';
import { counterUpdate, flagConditions, flagDelta, flagsOf, isEmptyDelta } from '../../devices/device-flag-counts';
import type { DeviceRecord } from '../../devices/device-repository';

/**
 * The processor's write of a device (processor/apply.ts) with the device list's flag counts
 * (devices/device-flag-counts.ts). The update is pinned to the flags as read (battery, sabotage, connectivity:
 * the silent-tag job and a person's reset move them too), which costs nothing on the common path: still one
 * UpdateItem. Only when the uplink flips a counted flag (battery, sabotage, back online) does it become a
 * transaction with the counter item. When a pin fails (the job moved the device meanwhile), the device is
 * read again and the write retried from what it holds, so a count moves exactly with its flag (and the due
 * entry's key is decided again from the key it holds: devices/connectivity.ts dueEntryStays).
 */
const NEWER = 'attribute_exists(pk) AND (attribute_not_exists(#last.#date) OR #last.#date < :eventDate)';
const ATTEMPTS = 4;

function deviceUpdate(ctx: TenantContext, read: DeviceRecord, changes: Record<string, unknown>, date: string) {
  const names: Record<string, string> = { '#date': 'date', '#last': 'last_event' };
  const values: Record<string, unknown> = { ':eventDate': date };
  const sets: string[] = [];
  const removes: string[] = [];
  for (const [i, [attribute, value]] of Object.entries(changes).entries()) {
    names[`#a${i}`] = attribute;
    // undefined: the attribute goes (a device leaving the old due index).
    if (value === undefined) {
      removes.push(`#a${i}`);
      continue;
    }
    values[`:a${i}`] = value;
    sets.push(`#a${i} = :a${i}`);
  }
  return withCondition(
    {
      TableName: tableName(),
      Key: itemKey(ctx, 'DEVICE', read.id),
      UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
      ConditionExpression: NEWER,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
    flagConditions(flagsOf(read)),
  );
}

/** One attempt: false when a condition failed (or the counter item was busy), true when written. */
async function attempt(ctx: TenantContext, read: DeviceRecord, changes: Record<string, unknown>, date: string) {
  const update = deviceUpdate(ctx, read, changes, date);
  const counter = counterUpdate(ctx, flagDelta(flagsOf(read), flagsOf({ ...read, ...changes })));
  try {
    if (!counter) await dynamo().send(new UpdateCommand(update));
    else await dynamo().send(new TransactWriteCommand({ TransactItems: [{ Update: update }, { Update: counter }] }));
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException || error instanceof TransactionCanceledException) return false;
    if ((error as Error).name === 'TransactionConflictException') return false;
    throw error;
  }
}

/** The device as stored now, or undefined when it is gone or already holds this uplink or a newer one. */
async function reread(ctx: TenantContext, id: number, date: string) {
  const result = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: itemKey(ctx, 'DEVICE', id), ConsistentRead: true }),
  );
  if (!result.Item) return undefined;
  const stored = fromItem<DeviceRecord>(result.Item);
  const last = stored.last_event?.date;
  return last && last >= date ? undefined : { device: stored, dueKey: dueKeyOf(result.Item) };
}

/** The uplink's device attributes (index keys included) for the device as read and its due key. */
export type ChangesOf = (read: DeviceRecord, dueKey: DueKey | undefined) => Record<string, unknown>;

/**
 * Writes the uplink's changes over `device` as read; undefined when the device is gone or a newer uplink got
 * there first (nothing to write), else the changes written (a retry works them out again from what it read).
 */
export async function writeDeviceChanges(
  ctx: TenantContext,
  device: DeviceRecord,
  dueKey: DueKey | undefined,
  date: string,
  changesOf: ChangesOf,
): Promise<Record<string, unknown> | undefined> {
  let read: { device: DeviceRecord; dueKey: DueKey | undefined } | undefined = { device, dueKey };
  for (let i = 0; i < ATTEMPTS && read; i++) {
    const changes = changesOf(read.device, read.dueKey);
    if (Object.keys(changes).length === 0) return changes;
    if (await attempt(ctx, read.device, changes, date)) return changes;
    read = await reread(ctx, device.id, date);
  }
  if (!read) return undefined;
  // Still losing to other writers after the retries: the uplink goes back to the queue and is tried again.
  throw new Error(`Device ${device.id} kept changing while its uplink was written`);
}

/** Whether a device write would move a count (tests and the bench's write figures). */
export const movesCounts = (device: DeviceRecord, changes: Partial<DeviceRecord>) =>
  !isEmptyDelta(flagDelta(flagsOf(device), flagsOf({ ...device, ...changes })));

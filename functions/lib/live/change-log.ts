import { randomBytes } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { type LiveChange, parseLiveChannel } from '../../../shared/schemas/live';
import { dynamo, tableName } from '../data/client';

/**
 * The change log behind the cursor (docs/data-model.md "Live change log"): one item per published message per
 * channel, in a sparse partition of its own, `T#<t>#LIVE#<staff|c<id>|u<id>>` / `<epoch ms, 13 digits>#<8 hex>`,
 * TTL `expiresAt` one day. Its sort key is the message's cursor (spelled with '-' so a URL needs no escaping).
 * The delta (GET /api/assets/map?since=) reads a channel's items after a cursor.
 */
export const CHANGE_LOG_TTL_SECONDS = 24 * 3600;

/** `T#1#LIVE#staff` for `/live/t1/staff`. */
export function changeLogPartition(channel: string): string {
  const parsed = parseLiveChannel(channel);
  if (!parsed) throw new Error(`Not a live channel: ${channel}`);
  const suffix =
    parsed.kind === 'staff' ? 'staff' : parsed.kind === 'client' ? `c${parsed.clientId}` : `u${parsed.userId}`;
  return `T#${parsed.tenantId}#LIVE#${suffix}`;
}

const CURSOR = /^(\d{13})-([0-9a-f]{8})$/;
export const isCursor = (value: string) => CURSOR.test(value);
export const cursorTime = (cursor: string) => Number(CURSOR.exec(cursor)?.[1]);
const sortKeyOf = (cursor: string) => cursor.replace('-', '#');
const cursorOf = (sortKey: string) => sortKey.replace('#', '-');

/** A new cursor: the time first, so string order is time order; random bits keep two writers apart. */
export const newCursor = (now = Date.now()) => `${String(now).padStart(13, '0')}-${randomBytes(4).toString('hex')}`;

/** Writes one message's changes under its cursor. */
export async function writeChangeLog(channel: string, cursor: string, changes: LiveChange[]): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        pk: changeLogPartition(channel),
        sk: sortKeyOf(cursor),
        changes: JSON.stringify(changes),
        expiresAt: Math.floor(cursorTime(cursor) / 1000) + CHANGE_LOG_TTL_SECONDS,
      },
    }),
  );
}

export interface ChangeLogEntry {
  cursor: string;
  changes: LiveChange[];
}

/**
 * The channel's messages with a sort key after `afterSortKey`, oldest first, at most `limit` (undefined: more
 * than that exist, the caller resets). Reads the small items only (one message ≈ its changes' bytes).
 */
export async function readChangeLog(
  channel: string,
  afterCursor: string,
  limit: number,
): Promise<ChangeLogEntry[] | undefined> {
  const entries: ChangeLogEntry[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk > :after',
        ExpressionAttributeValues: { ':pk': changeLogPartition(channel), ':after': sortKeyOf(afterCursor) },
        ProjectionExpression: 'sk, changes, expiresAt',
        ExclusiveStartKey: startKey,
        Limit: limit + 1 - entries.length,
      }),
    );
    const nowSeconds = Math.floor(Date.now() / 1000);
    for (const item of page.Items ?? []) {
      // TTL deletion is lazy: an expired item may still be read; it is not part of the log any more.
      if (Number(item.expiresAt) <= nowSeconds) continue;
      entries.push({ cursor: cursorOf(String(item.sk)), changes: JSON.parse(String(item.changes)) as LiveChange[] });
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey && entries.length <= limit);
  return entries.length > limit ? undefined : entries;
}

/** The newest cursor of a channel, or a cursor for now when it has none yet (nothing published is missed). */
export async function latestCursor(channel: string, now = Date.now()): Promise<string> {
  const page = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': changeLogPartition(channel) },
      ProjectionExpression: 'sk',
      ScanIndexForward: false,
      Limit: 1,
    }),
  );
  const newest = page.Items?.[0]?.sk;
  const fromNow = `${String(now).padStart(13, '0')}-00000000`;
  return newest && cursorOf(String(newest)) > fromNow ? cursorOf(String(newest)) : fromNow;
}

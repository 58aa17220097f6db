import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../data/client';
import { tooManyRequests } from '../http/errors';

/**
 * Counters for throttles and failure budgets: one DynamoDB item per limit and subject
 * (`LIMIT#<name>#<subject>` / `WINDOW`) holding the hits of a window that opens with its first hit and ends
 * `windowSeconds` later (`expiresAt`, also the table's TTL attribute). "10 in an hour" therefore means 10
 * within an hour of the first, with no burst of twice the limit around a clock boundary. Every step is one
 * conditional UpdateItem, so parallel requests on any number of Lambdas are counted exactly and never pass
 * the limit. Subjects are client addresses, e-mail addresses or usernames, so the keys carry no tenant:
 * these limits guard routes that nobody is signed in to.
 */
export interface WindowLimit {
  /** Part of the key: which limit this is (`signin-fail-ip`, `reset-request-address`, ...). */
  name: string;
  /** Hits allowed per window. */
  limit: number;
  windowSeconds: number;
}

/** A lock that outlives a window: e.g. password resets of one address, refused for hours. */
export interface Lock {
  name: string;
  seconds: number;
}

export type Taken = { ok: true } | { ok: false; retryAfterSeconds: number };

const nowSeconds = () => Date.now() / 1000;
const windowKey = (limit: WindowLimit, subject: string) => ({ pk: `LIMIT#${limit.name}#${subject}`, sk: 'WINDOW' });
const lockKey = (lock: Lock, subject: string) => ({ pk: `LIMIT#${lock.name}#${subject}`, sk: 'LOCK' });

async function conditionalUpdate(command: UpdateCommand): Promise<boolean> {
  try {
    await dynamo().send(command);
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** One more hit in the open window, unless it is full or has ended. */
const countInWindow = (limit: WindowLimit, subject: string, now: number) =>
  conditionalUpdate(
    new UpdateCommand({
      TableName: tableName(),
      Key: windowKey(limit, subject),
      UpdateExpression: 'ADD hits :one',
      ConditionExpression: 'expiresAt > :now AND hits < :limit',
      ExpressionAttributeValues: { ':one': 1, ':now': now, ':limit': limit.limit },
    }),
  );

/** The first hit of a new window, unless a window is still open. */
const openWindow = (limit: WindowLimit, subject: string, now: number) =>
  conditionalUpdate(
    new UpdateCommand({
      TableName: tableName(),
      Key: windowKey(limit, subject),
      UpdateExpression: 'SET hits = :one, expiresAt = :end',
      ConditionExpression: 'attribute_not_exists(expiresAt) OR expiresAt <= :now',
      ExpressionAttributeValues: { ':one': 1, ':now': now, ':end': now + limit.windowSeconds },
    }),
  );

/**
 * Counts one hit. Answers not ok, counting nothing, when the open window already holds `limit` hits, with
 * the seconds until it ends.
 */
export async function take(limit: WindowLimit, subject: string): Promise<Taken> {
  const now = nowSeconds();
  // Two rounds: another request may open a new window between our two conditional updates.
  for (let round = 0; round < 2; round++) {
    if ((await countInWindow(limit, subject, now)) || (await openWindow(limit, subject, now))) return { ok: true };
  }
  const stored = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: windowKey(limit, subject), ConsistentRead: true }),
  );
  return { ok: false, retryAfterSeconds: ((stored.Item?.expiresAt as number | undefined) ?? now + 1) - now };
}

/** Counts a hit or refuses with 429, Retry-After the end of the window. */
export async function enforce(limit: WindowLimit, subject: string, message?: string): Promise<void> {
  const taken = await take(limit, subject);
  if (!taken.ok) throw tooManyRequests(taken.retryAfterSeconds, message);
}

/**
 * Undoes a hit that turned out not to count (a budget of failures is spent before the attempt, so parallel
 * attempts cannot overrun it, and given back when the attempt succeeds). Never below zero, never in a
 * window that has ended in the meantime (that window no longer matters).
 */
export async function giveBack(limit: WindowLimit, subject: string): Promise<void> {
  await conditionalUpdate(
    new UpdateCommand({
      TableName: tableName(),
      Key: windowKey(limit, subject),
      UpdateExpression: 'ADD hits :minusOne',
      ConditionExpression: 'hits > :zero AND expiresAt > :now',
      ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0, ':now': nowSeconds() },
    }),
  );
}

/** Starts a lock unless one is running (a running lock is not prolonged, so it always ends). */
export async function lock(which: Lock, subject: string): Promise<void> {
  const now = Math.floor(nowSeconds());
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...lockKey(which, subject), lockedAt: now, expiresAt: now + which.seconds },
        ConditionExpression: 'attribute_not_exists(pk) OR expiresAt <= :now',
        ExpressionAttributeValues: { ':now': now },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/** Seconds left of a running lock, or undefined. TTL deletes late, so the expiry is checked here too. */
export async function lockedFor(which: Lock, subject: string): Promise<number | undefined> {
  const result = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: lockKey(which, subject), ConsistentRead: true }),
  );
  const left = ((result.Item?.expiresAt as number | undefined) ?? 0) - nowSeconds();
  return left > 0 ? left : undefined;
}

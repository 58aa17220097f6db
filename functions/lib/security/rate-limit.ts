import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../data/client';
import { tooManyRequests } from '../http/errors';

/**
 * Counters for throttles and failure budgets: one DynamoDB item per limit, subject and fixed window
 * (`LIMIT#<name>#<subject>` / `W#<window start>`), counted with one conditional UpdateItem, so parallel
 * requests on any number of Lambdas are counted exactly and never pass the limit. Items expire by TTL
 * (shared/table.ts `expiresAt`) shortly after their window. Subjects are client addresses, e-mail addresses
 * or usernames, so the keys carry no tenant: these limits guard routes that nobody is signed in to.
 */
export interface WindowLimit {
  /** Part of the key: which limit this is (`signin-ip`, `reset-request-address`, ...). */
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

/** Keeps expired counters readable a little past their window, so a late read still finds the count. */
const TTL_MARGIN_SECONDS = 60;

const nowSeconds = () => Date.now() / 1000;
const windowStart = (limit: WindowLimit, now = nowSeconds()) =>
  Math.floor(now / limit.windowSeconds) * limit.windowSeconds;
const counterKey = (limit: WindowLimit, subject: string, start: number) => ({
  pk: `LIMIT#${limit.name}#${subject}`,
  sk: `W#${start}`,
});
const lockKey = (lock: Lock, subject: string) => ({ pk: `LIMIT#${lock.name}#${subject}`, sk: 'LOCK' });

/** Seconds until the current window of this limit ends: the Retry-After of a refusal. */
export const secondsLeftInWindow = (limit: WindowLimit) => windowStart(limit) + limit.windowSeconds - nowSeconds();

/**
 * Counts one hit in the current window. Answers false, and counts nothing, when the window already holds
 * `limit` hits: the condition makes check and count one atomic step.
 */
export async function take(limit: WindowLimit, subject: string): Promise<boolean> {
  const start = windowStart(limit);
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: counterKey(limit, subject, start),
        UpdateExpression: 'ADD hits :one SET expiresAt = if_not_exists(expiresAt, :expires)',
        ConditionExpression: 'attribute_not_exists(hits) OR hits < :limit',
        ExpressionAttributeValues: {
          ':one': 1,
          ':limit': limit.limit,
          ':expires': start + limit.windowSeconds + TTL_MARGIN_SECONDS,
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Counts a hit or refuses with 429, Retry-After the end of the window. */
export async function enforce(limit: WindowLimit, subject: string, message?: string): Promise<void> {
  if (!(await take(limit, subject))) throw tooManyRequests(secondsLeftInWindow(limit), message);
}

/**
 * Undoes a hit that turned out not to count (a budget of failures is spent before the attempt, so parallel
 * attempts cannot overrun it, and given back when the attempt succeeds). Never below zero, never in a
 * window that has ended in the meantime (that window no longer matters).
 */
export async function giveBack(limit: WindowLimit, subject: string): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: counterKey(limit, subject, windowStart(limit)),
        UpdateExpression: 'ADD hits :minusOne',
        ConditionExpression: 'hits > :zero',
        ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
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

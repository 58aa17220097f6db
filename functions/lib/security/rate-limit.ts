import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
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

/** One conditional UpdateItem: false when its condition failed (the limiters' every step). */
export async function conditionalUpdate(command: UpdateCommand): Promise<boolean> {
  try {
    await dynamo().send(command);
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** `hits` more in the open window, unless they would overfill it or it has ended. */
const countInWindow = (limit: WindowLimit, subject: string, now: number, hits: number) =>
  conditionalUpdate(
    new UpdateCommand({
      TableName: tableName(),
      Key: windowKey(limit, subject),
      UpdateExpression: 'ADD hits :hits',
      ConditionExpression: 'expiresAt > :now AND hits <= :room',
      ExpressionAttributeValues: { ':hits': hits, ':now': now, ':room': limit.limit - hits },
    }),
  );

/** A new window holding `hits`, unless a window is still open. */
const openWindow = (limit: WindowLimit, subject: string, now: number, hits: number) =>
  conditionalUpdate(
    new UpdateCommand({
      TableName: tableName(),
      Key: windowKey(limit, subject),
      UpdateExpression: 'SET hits = :hits, expiresAt = :end',
      ConditionExpression: 'attribute_not_exists(expiresAt) OR expiresAt <= :now',
      ExpressionAttributeValues: { ':hits': hits, ':now': now, ':end': now + limit.windowSeconds },
    }),
  );

/**
 * Hits that do not fit: the window is filled to its limit (opened if none is), so every later request is
 * refused until it ends. Refusing without counting would let a caller probe again and again with requests
 * that just overflow, learning one bit from each.
 */
async function fillWindow(limit: WindowLimit, subject: string, now: number): Promise<void> {
  const fill = (condition: string, update: string, values: Record<string, number>) =>
    conditionalUpdate(
      new UpdateCommand({
        TableName: tableName(),
        Key: windowKey(limit, subject),
        UpdateExpression: update,
        ConditionExpression: condition,
        ExpressionAttributeValues: { ':limit': limit.limit, ':now': now, ...values },
      }),
    );
  const filled = await fill('expiresAt > :now AND hits < :limit', 'SET hits = :limit', {});
  if (!filled) {
    const end = { ':end': now + limit.windowSeconds };
    await fill('attribute_not_exists(expiresAt) OR expiresAt <= :now', 'SET hits = :limit, expiresAt = :end', end);
  }
}

async function readWindow(limit: WindowLimit, subject: string): Promise<{ hits: number; end: number }> {
  const stored = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: windowKey(limit, subject), ConsistentRead: true }),
  );
  return { hits: Number(stored.Item?.hits ?? 0), end: Number(stored.Item?.expiresAt ?? 0) };
}

/**
 * Counts `hits` (one by default). When they do not fit in the open window the answer is not ok, with the
 * seconds until the window ends; the window is then full (a single hit counts nothing more).
 */
export async function take(limit: WindowLimit, subject: string, hits = 1): Promise<Taken> {
  const now = nowSeconds();
  if (hits <= 0) return { ok: true };
  // Two rounds: another request may open a new window between our two conditional updates.
  for (let round = 0; round < 2 && hits <= limit.limit; round++) {
    if ((await countInWindow(limit, subject, now, hits)) || (await openWindow(limit, subject, now, hits)))
      return { ok: true };
  }
  await fillWindow(limit, subject, now);
  const { end } = await readWindow(limit, subject);
  return { ok: false, retryAfterSeconds: Math.max(1, end - now) };
}

/** Seconds until a full window ends, or undefined while it has room: a check that counts nothing. */
export async function spentFor(limit: WindowLimit, subject: string): Promise<number | undefined> {
  const now = nowSeconds();
  const { hits, end } = await readWindow(limit, subject);
  return end > now && hits >= limit.limit ? end - now : undefined;
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

/**
 * Removes what the limits keep of a subject (its window and lock): an erased person's login and address stay in
 * no key, even until their windows end.
 */
export async function forgetSubject(limits: readonly (WindowLimit | Lock)[], subject: string): Promise<void> {
  await Promise.all(
    limits.flatMap((limit) =>
      [windowKey, lockKey].map((keyOf) =>
        dynamo().send(new DeleteCommand({ TableName: tableName(), Key: keyOf(limit as WindowLimit & Lock, subject) })),
      ),
    ),
  );
}

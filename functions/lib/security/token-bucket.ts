import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../data/client';
import { tooManyRequests } from '../http/errors';
import { conditionalUpdate } from './rate-limit';

/** A token bucket: `capacity` requests at once, refilled at `perSecond`. */
export interface Bucket {
  name: string;
  capacity: number;
  perSecond: number;
}

/**
 * The bucket is kept in its GCRA form (the "generic cell rate algorithm", equivalent to a token bucket):
 * one number per subject, `tat`, the time (ms) at which the bucket would be full again. A request is allowed
 * while `tat - now <= (capacity - 1) * interval`, and moves `tat` on by one interval. That makes each
 * request one conditional UpdateItem with no read first, so any number of parallel Lambdas share the bucket
 * exactly: either the bucket has run dry since `tat` was last moved (SET it to now + interval), or it holds
 * tokens (ADD one interval), or it is empty (429). Item `LIMIT#<name>#<subject>` / `BUCKET`, TTL once full.
 */
const bucketKey = (bucket: Bucket, subject: string) => ({ pk: `LIMIT#${bucket.name}#${subject}`, sk: 'BUCKET' });

const intervalMs = (bucket: Bucket) => 1000 / bucket.perSecond;
const toleranceMs = (bucket: Bucket) => (bucket.capacity - 1) * intervalMs(bucket);
/** Once `tat` is past, the bucket is full and the item says nothing a missing item would not. */
const expiryOf = (tatMs: number) => Math.ceil(tatMs / 1000) + 60;

/** The bucket was full (or never used): start it with this request. */
const restart = (bucket: Bucket, subject: string, now: number) =>
  conditionalUpdate(
    new UpdateCommand({
      TableName: tableName(),
      Key: bucketKey(bucket, subject),
      UpdateExpression: 'SET tat = :next, expiresAt = :expires',
      ConditionExpression: 'attribute_not_exists(tat) OR tat < :now',
      ExpressionAttributeValues: {
        ':now': now,
        ':next': now + intervalMs(bucket),
        ':expires': expiryOf(now + toleranceMs(bucket) + intervalMs(bucket)),
      },
    }),
  );

/** The bucket holds a token: take it. */
const drain = (bucket: Bucket, subject: string, now: number) =>
  conditionalUpdate(
    new UpdateCommand({
      TableName: tableName(),
      Key: bucketKey(bucket, subject),
      UpdateExpression: 'ADD tat :interval SET expiresAt = :expires',
      ConditionExpression: 'tat BETWEEN :now AND :latest',
      ExpressionAttributeValues: {
        ':interval': intervalMs(bucket),
        ':now': now,
        ':latest': now + toleranceMs(bucket),
        ':expires': expiryOf(now + toleranceMs(bucket) + intervalMs(bucket)),
      },
    }),
  );

/** Takes a token or refuses with 429 and the seconds until the next token (Retry-After). */
export async function takeToken(bucket: Bucket, subject: string): Promise<void> {
  const now = Date.now();
  // Two tries: between the two updates another request may have moved `tat` across a boundary.
  for (let round = 0; round < 2; round++) {
    if ((await drain(bucket, subject, now)) || (await restart(bucket, subject, now))) return;
  }
  const stored = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: bucketKey(bucket, subject), ConsistentRead: true }),
  );
  const tat = (stored.Item?.tat as number | undefined) ?? now;
  throw tooManyRequests((tat - toleranceMs(bucket) - now) / 1000);
}

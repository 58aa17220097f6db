import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { normalizeResetCode, RESET_CODE_ALPHABET, RESET_CODE_LENGTH } from '../../../shared/schemas/session';
import { dynamo, tableName } from '../data/client';

export const RESET_CODE_MINUTES = 15;
/** Wrong tries per code; the budget per address across codes is RESET_GUESSES_PER_ACCOUNT (security/limits.ts). */
export const RESET_MAX_ATTEMPTS = 5;

/** What the table holds for a pending reset: never the code itself. */
export interface ResetItem {
  pk: string;
  sk: string;
  codeHash: string;
  salt: string;
  attempts: number;
  /** Epoch seconds; DynamoDB TTL removes the item, reads also treat it as gone once passed. */
  expiresAt: number;
}

/** The request has no tenant (nobody is signed in), so the key is platform-level, by e-mail. */
export const normalizedEmail = (email: string) => email.trim().toLowerCase();
const resetKey = (email: string) => ({ pk: `RESET#${normalizedEmail(email)}`, sk: 'RESET' });
const hashCode = (salt: string, code: string) => createHash('sha256').update(`${salt}:${code}`).digest('hex');
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A fresh code (randomInt draws uniformly from the CSPRNG), shown as "ABCDE-FGH23" in the mail. */
export function newResetCode(): { code: string; shown: string } {
  const code = Array.from({ length: RESET_CODE_LENGTH }, () => RESET_CODE_ALPHABET[randomInt(32)]).join('');
  return { code, shown: `${code.slice(0, 5)}-${code.slice(5)}` };
}

/** Stores the code's hash, replacing an older pending code of the address. */
export async function storeResetCode(email: string, code: string): Promise<void> {
  const salt = randomBytes(16).toString('hex');
  const item: ResetItem = {
    ...resetKey(email),
    codeHash: hashCode(salt, code),
    salt,
    attempts: 0,
    expiresAt: nowSeconds() + RESET_CODE_MINUTES * 60,
  };
  await dynamo().send(new PutCommand({ TableName: tableName(), Item: item }));
}

export async function readPending(email: string): Promise<ResetItem | undefined> {
  const result = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: resetKey(email), ConsistentRead: true }),
  );
  const item = result.Item as ResetItem | undefined;
  return item && item.expiresAt > nowSeconds() ? item : undefined;
}

export const codeMatches = (pending: ResetItem, code: string) =>
  timingSafeEqual(
    Buffer.from(hashCode(pending.salt, normalizeResetCode(code)), 'hex'),
    Buffer.from(pending.codeHash, 'hex'),
  );

/** Counts the attempt before comparing, so parallel guesses are counted too; false once the limit is hit. */
export async function countAttempt(email: string): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: resetKey(email),
        UpdateExpression: 'ADD attempts :one',
        ConditionExpression: 'attribute_exists(pk) AND attempts < :max',
        ExpressionAttributeValues: { ':one': 1, ':max': RESET_MAX_ATTEMPTS },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Single use: only the request that deletes this very code may go on; a reused code finds it gone. */
export async function consume(item: ResetItem): Promise<boolean> {
  try {
    await dynamo().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: { pk: item.pk, sk: item.sk },
        ConditionExpression: 'codeHash = :hash',
        ExpressionAttributeValues: { ':hash': item.codeHash },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Gives a consumed code back (the new password was refused), so the user can try another password. */
export const restore = (item: ResetItem) => dynamo().send(new PutCommand({ TableName: tableName(), Item: item }));

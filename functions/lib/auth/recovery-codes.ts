import { createHash, randomInt } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  normalizeRecoveryCode,
  READABLE_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
} from '../../../shared/schemas/second-factor';
import { dynamo, tableName } from '../data/client';

/**
 * One-time recovery codes of a user's second factor. They are read at sign-in, before any token says which
 * tenant the user belongs to, so the item is platform-level by Cognito username (unique in the pool and never
 * changed), read and written by that exact key only. The table holds a hash of each code, salted with the
 * username, never the code: a code is 50 random bits, shown once, at setup.
 */
const recoveryKey = (username: string) => ({ pk: `SECOND_FACTOR#${username.toLowerCase()}`, sk: 'RECOVERY' });
const hashOf = (username: string, code: string) =>
  createHash('sha256')
    .update(`${username.toLowerCase()}:${normalizeRecoveryCode(code)}`)
    .digest('hex');

const newCode = () =>
  Array.from({ length: RECOVERY_CODE_LENGTH }, () => READABLE_CODE_ALPHABET[randomInt(32)]).join('');

/** A fresh set, replacing the old one; the codes as the user is shown them ("ABCDE-FGH23"). */
export async function issueRecoveryCodes(username: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...recoveryKey(username), hashes: new Set(codes.map((code) => hashOf(username, code))) },
    }),
  );
  return codes.map((code) => `${code.slice(0, 5)}-${code.slice(5)}`);
}

export async function recoveryCodesLeft(username: string): Promise<number> {
  const found = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: recoveryKey(username), ConsistentRead: true }),
  );
  return (found.Item?.hashes as Set<string> | undefined)?.size ?? 0;
}

/**
 * Spends a code: true only for the one request whose conditional delete took it out of the set, so a code
 * sent twice at once lets in one of them.
 */
export async function spendRecoveryCode(username: string, code: string): Promise<boolean> {
  const hash = hashOf(username, code);
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: recoveryKey(username),
        UpdateExpression: 'DELETE hashes :spent',
        ConditionExpression: 'contains(hashes, :hash)',
        ExpressionAttributeValues: { ':spent': new Set([hash]), ':hash': hash },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

export async function removeRecoveryCodes(username: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: recoveryKey(username) }));
}

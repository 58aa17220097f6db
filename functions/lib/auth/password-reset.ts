import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  AdminSetUserPasswordCommand,
  InvalidPasswordException,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { RESET_CODE_EXPIRED, RESET_CODE_WRONG, RESET_TOO_MANY_ATTEMPTS } from '../../../shared/schemas/session';
import { dynamo, tableName } from '../data/client';
import { unprocessable } from '../http/errors';
import type { MailLanguage } from '../mail/mail-language';
import { passwordResetMail } from '../mail/password-reset-mail';
import { sendMail } from '../mail/send-mail';
import { cognito, userPoolId } from './cognito';
import { signOutEverywhere } from './sign-out-everywhere';

export const RESET_CODE_MINUTES = 15;
export const RESET_MAX_ATTEMPTS = 5;

/** What the table holds for a pending reset: never the code itself. */
interface ResetItem {
  pk: string;
  sk: string;
  codeHash: string;
  salt: string;
  attempts: number;
  /** Epoch seconds; DynamoDB TTL removes the item, reads also treat it as gone once passed. */
  expiresAt: number;
}

/** The request has no tenant (nobody is signed in), so the key is platform-level, by e-mail. */
const resetKey = (email: string) => ({ pk: `RESET#${email.trim().toLowerCase()}`, sk: 'RESET' });
const hashCode = (salt: string, code: string) => createHash('sha256').update(`${salt}:${code}`).digest('hex');
const nowSeconds = () => Math.floor(Date.now() / 1000);
const codeViolation = (message: string) => unprocessable([{ propertyPath: 'code', message }]);

async function findUser(email: string): Promise<{ username: string; enabled: boolean } | undefined> {
  const escaped = email.trim().toLowerCase().replace(/["\\]/g, '');
  const found = await cognito().send(
    new ListUsersCommand({ UserPoolId: userPoolId(), Filter: `email = "${escaped}"`, Limit: 1 }),
  );
  const user = found.Users?.[0];
  return user?.Username ? { username: user.Username, enabled: user.Enabled !== false } : undefined;
}

/**
 * Step 1: a 6-digit code by e-mail, valid 15 minutes. A new request replaces an older code. Unknown or
 * disabled accounts get the same answer and no mail, so the endpoint cannot tell who has an account.
 */
export async function requestPasswordReset(email: string, language: MailLanguage): Promise<void> {
  const user = await findUser(email);
  if (!user?.enabled) return;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const salt = randomBytes(16).toString('hex');
  const item: ResetItem = {
    ...resetKey(email),
    codeHash: hashCode(salt, code),
    salt,
    attempts: 0,
    expiresAt: nowSeconds() + RESET_CODE_MINUTES * 60,
  };
  await dynamo().send(new PutCommand({ TableName: tableName(), Item: item }));
  await sendMail(passwordResetMail(email.trim(), code, RESET_CODE_MINUTES, language));
}

/** Counts the attempt before comparing, so parallel guesses are counted too; false once the limit is hit. */
async function countAttempt(email: string): Promise<boolean> {
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
async function consume(item: ResetItem): Promise<boolean> {
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

async function readPending(email: string): Promise<ResetItem | undefined> {
  const result = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: resetKey(email), ConsistentRead: true }),
  );
  const item = result.Item as ResetItem | undefined;
  return item && item.expiresAt > nowSeconds() ? item : undefined;
}

/** Step 2: the code from the mail and the new password (permanent, so no change is forced at sign-in). */
export async function confirmPasswordReset(email: string, code: string, password: string): Promise<void> {
  const pending = await readPending(email);
  if (!pending) throw codeViolation(RESET_CODE_EXPIRED);
  if (!(await countAttempt(email))) throw codeViolation(RESET_TOO_MANY_ATTEMPTS);
  const given = Buffer.from(hashCode(pending.salt, code.trim()), 'hex');
  if (!timingSafeEqual(given, Buffer.from(pending.codeHash, 'hex'))) {
    throw codeViolation(pending.attempts + 1 >= RESET_MAX_ATTEMPTS ? RESET_TOO_MANY_ATTEMPTS : RESET_CODE_WRONG);
  }
  const user = await findUser(email);
  if (!user || !(await consume(pending))) throw codeViolation(RESET_CODE_EXPIRED);
  try {
    await cognito().send(
      new AdminSetUserPasswordCommand({
        UserPoolId: userPoolId(),
        Username: user.username,
        Password: password,
        Permanent: true,
      }),
    );
  } catch (error) {
    if (!(error instanceof InvalidPasswordException || (error as Error).name === 'InvalidPasswordException'))
      throw error;
    // The password policy refused it: give the code back so the user can try another password.
    await dynamo().send(new PutCommand({ TableName: tableName(), Item: pending }));
    throw unprocessable([{ propertyPath: 'password', message: passwordPolicyMessage(error as Error) }]);
  }
  // signs out everywhere: see users-sso work (whoever had the old password loses every session with it)
  await signOutEverywhere({ username: user.username });
}

/** Cognito's text starts with "Password does not conform to policy: ..."; keep the reason part. */
const passwordPolicyMessage = (error: Error) =>
  error.message.replace(/^Password does not conform to policy:\s*/i, '').trim() || 'The password is too weak';

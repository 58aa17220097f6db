import { createHash, randomBytes } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../data/client';

/** How long a started sign-on may take at the identity provider (typing a password, MFA) before it is dead. */
export const SSO_STATE_MINUTES = 10;

/** A started authorization-code flow: the PKCE verifier waits here until the callback brings the state back. */
interface StateItem {
  pk: string;
  sk: string;
  codeVerifier: string;
  /** Hash of the console's per-tab binding value: only the browser that started the flow may complete it. */
  bindingHash: string;
  createdAt: string;
  /** Epoch seconds; DynamoDB TTL removes the item, consume() also treats it as gone once passed. */
  expiresAt: number;
}

export interface StartedFlow {
  state: string;
  codeChallenge: string;
}

/**
 * Platform-level key (there is no tenant before sign-in), by a hash of the state, so the table never holds a
 * value that could be replayed against the callback.
 */
const stateKey = (state: string) => ({
  pk: `SSO_STATE#${createHash('sha256').update(state).digest('base64url')}`,
  sk: 'SSO_STATE',
});

const random = () => randomBytes(32).toString('base64url');
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** RFC 7636 S256: the challenge is the base64url SHA-256 of the verifier. */
export const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

const hashOf = (value: string) => createHash('sha256').update(value).digest('base64url');

/** New state and PKCE verifier (S256); the verifier never leaves the server. */
export async function startFlow(binding: string): Promise<StartedFlow> {
  const state = random();
  const codeVerifier = random();
  const now = new Date();
  const item: StateItem = {
    ...stateKey(state),
    codeVerifier,
    bindingHash: hashOf(binding),
    createdAt: now.toISOString(),
    expiresAt: Math.floor(now.getTime() / 1000) + SSO_STATE_MINUTES * 60,
  };
  await dynamo().send(
    new PutCommand({ TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' }),
  );
  return { state, codeChallenge: s256(codeVerifier) };
}

/**
 * Single use: the conditional delete succeeds for exactly one caller, so a replayed or parallel callback
 * finds nothing. Answers the verifier, or undefined for an unknown, used or expired state, or a callback from
 * another browser than the one that started the flow (the state is spent either way).
 */
export async function consumeFlow(state: string, binding: string): Promise<string | undefined> {
  try {
    const result = await dynamo().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: stateKey(state),
        ConditionExpression: 'attribute_exists(pk)',
        ReturnValues: 'ALL_OLD',
      }),
    );
    const item = result.Attributes as StateItem | undefined;
    const valid = item && item.expiresAt > nowSeconds() && item.bindingHash === hashOf(binding);
    return valid ? item.codeVerifier : undefined;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

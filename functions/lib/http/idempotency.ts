import { createHash } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { RouteDef } from '../../../shared/routes';
import type { AuthContext } from '../auth/auth-context';
import { dynamo, tableName } from '../data/client';
import { typePartition } from '../data/keys';
import { conflict, unprocessable } from './errors';
import type { HttpEvent } from './handler';

/**
 * `Idempotency-Key` on the routes whose contract says `idempotent` (docs/decisions/0330-offline-actions-queued-on-the-device-sent-once-with-an-idempotency-key.md):
 * a client that sends a write again (the console's offline queue after a lost answer) gets the first answer back
 * and the write is not applied twice. The key is claimed first (one conditional put, so two sends at once
 * cannot both apply), the 2xx answer stored on it for a day; a failed attempt releases the claim, so a retry of
 * a refused or failed write runs again. Keys are the caller's own: scoped to tenant and user.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const TYPE = 'IDEMPOTENCY';
const KEEP_SECONDS = 24 * 3600;
/** A claim whose request died (a Lambda timeout) is taken over after this long, not held for a day. */
const CLAIM_SECONDS = 60;
const KEY_REUSED = 'This Idempotency-Key was sent before with another request.';
const STILL_RUNNING = 'A request with this Idempotency-Key is still being processed.';

interface Stored {
  fingerprint: string;
  state: 'claimed' | 'answered';
  answer?: APIGatewayProxyStructuredResultV2;
}

export interface IdempotencyClaim {
  /** The stored answer of an earlier send with this key: return it, run nothing. */
  replay?: APIGatewayProxyStructuredResultV2;
  /** Keeps a 2xx answer for the key's retries; anything else releases the key. */
  settle(result: APIGatewayProxyStructuredResultV2): Promise<void>;
  release(): Promise<void>;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** What makes two sends "the same request": route, path and body as sent. */
const fingerprintOf = (route: RouteDef, event: HttpEvent) =>
  createHash('sha256')
    .update(`${route.id}\n${event.rawPath ?? ''}\n${event.body ?? ''}`)
    .digest('hex');

/** Undefined when the request carries no key; 422 for a malformed one. */
export function idempotencyKeyOf(event: HttpEvent): string | undefined {
  const key = event.headers?.[IDEMPOTENCY_HEADER];
  if (key === undefined) return undefined;
  if (!IDEMPOTENCY_KEY_PATTERN.test(key))
    throw unprocessable([
      { propertyPath: 'Idempotency-Key', message: 'Must be 1 to 64 letters, digits, hyphens or underscores.' },
    ]);
  return key;
}

export async function claimIdempotencyKey(
  route: RouteDef,
  event: HttpEvent,
  auth: AuthContext,
  key: string,
): Promise<IdempotencyClaim> {
  const Key = { pk: typePartition(auth.tenant, TYPE), sk: `${auth.userId}#${key}` };
  const fingerprint = fingerprintOf(route, event);
  const now = nowSeconds();
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...Key,
          entityType: TYPE,
          fingerprint,
          state: 'claimed',
          claimedUntil: now + CLAIM_SECONDS,
          expiresAt: now + KEEP_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(pk) OR (#state = :claimed AND claimedUntil < :now)',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':claimed': 'claimed', ':now': now },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }));
    const stored = Item as Stored | undefined;
    if (stored?.fingerprint !== fingerprint)
      throw unprocessable([{ propertyPath: 'Idempotency-Key', message: KEY_REUSED }]);
    if (stored.state !== 'answered' || !stored.answer) throw conflict(STILL_RUNNING);
    return { replay: stored.answer, settle: async () => undefined, release: async () => undefined };
  }
  const release = async () => {
    await dynamo().send(new DeleteCommand({ TableName: tableName(), Key }));
  };
  const settle = async (result: APIGatewayProxyStructuredResultV2) => {
    const status = result.statusCode ?? 200;
    if (status < 200 || status > 299) return release();
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key,
        UpdateExpression: 'SET #state = :answered, answer = :answer, expiresAt = :expires REMOVE claimedUntil',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':answered': 'answered', ':answer': result, ':expires': now + KEEP_SECONDS },
      }),
    );
  };
  return { settle, release };
}

import { randomBytes } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { WebhookAttempt, WebhookDelivery, WebhookDeliveryStatus } from '../../../shared/schemas/webhook';
import { dynamo, tableName } from '../data/client';
import { pad, tenantPrefix } from '../data/keys';
import { queryPage } from '../data/query-page';
import type { TenantContext } from '../data/tenant-context';
import { expiresAfterDays, retentionOf } from '../settings/retention-settings';

/**
 * The delivery log: one item per message and endpoint, in the endpoint's own partition
 * `T#<t>#WEBHOOK_ENDPOINT#<id padded>#DELIVERIES`, sort key `WHMSG#<message id>` (the id starts with the time,
 * so newest first is a descending Query). The payload is kept for replay; the item expires after 30 days
 * (TTL `expiresAt`). Bounded: the body at most 16 KB, at most 20 attempts kept (the schedule makes 8).
 */
export const MAX_PAYLOAD_BYTES = 16 * 1024;
const MAX_ATTEMPTS_KEPT = 20;
const MAX_ERROR_LENGTH = 300;

export interface DeliveryRecord {
  id: string;
  endpointId: number;
  eventType: string;
  createdAt: string;
  status: WebhookDeliveryStatus;
  attemptCount: number;
  lastStatusCode: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  attempts: WebhookAttempt[];
  payload: string;
}

export const deliveryPartition = (ctx: TenantContext, endpointId: number) =>
  `${tenantPrefix(ctx)}WEBHOOK_ENDPOINT#${pad(endpointId)}#DELIVERIES`;
const deliveryKey = (ctx: TenantContext, endpointId: number, id: string) => ({
  pk: deliveryPartition(ctx, endpointId),
  sk: `WHMSG#${id}`,
});

/** `msg_` + milliseconds in base 36 (9 digits last until the year 5188) + 64 random bits. */
export const newMessageId = (now = Date.now()) =>
  `msg_${now.toString(36).padStart(9, '0')}${randomBytes(8).toString('hex')}`;

export const shortError = (error: string | null) =>
  error && error.length > MAX_ERROR_LENGTH ? `${error.slice(0, MAX_ERROR_LENGTH - 1)}…` : error;

export async function createDelivery(
  ctx: TenantContext,
  record: Pick<DeliveryRecord, 'id' | 'endpointId' | 'eventType' | 'createdAt' | 'payload'>,
): Promise<DeliveryRecord> {
  const delivery: DeliveryRecord = {
    ...record,
    status: 'pending',
    attemptCount: 0,
    lastStatusCode: null,
    lastError: null,
    nextAttemptAt: record.createdAt,
    attempts: [],
  };
  const expiresAt = expiresAfterDays(record.createdAt, (await retentionOf(ctx)).webhookDeliveryDays);
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...deliveryKey(ctx, record.endpointId, record.id),
        entityType: 'WEBHOOK_DELIVERY',
        ...delivery,
        expiresAt,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return delivery;
}

const fromItem = (item: Record<string, unknown>): DeliveryRecord => {
  const { pk: _pk, sk: _sk, entityType: _type, expiresAt: _expires, ...record } = item;
  return record as unknown as DeliveryRecord;
};

export async function getDelivery(ctx: TenantContext, endpointId: number, id: string) {
  const result = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: deliveryKey(ctx, endpointId, id), ConsistentRead: true }),
  );
  return result.Item ? fromItem(result.Item) : undefined;
}

export async function deliveriesPage(ctx: TenantContext, endpointId: number, page: number, itemsPerPage: number) {
  const { items } = await queryPage(
    {
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': deliveryPartition(ctx, endpointId) },
      ScanIndexForward: false,
    },
    page,
    itemsPerPage,
  );
  return items.map(fromItem);
}

/**
 * Logs one attempt if nobody logged attempt `attemptCount + 1` before (a redelivered queue message makes the
 * same attempt twice; only the first counts). Answers false when another run was first.
 */
export async function logAttempt(
  ctx: TenantContext,
  delivery: DeliveryRecord,
  attempt: WebhookAttempt,
  outcome: { status: WebhookDeliveryStatus; nextAttemptAt: string | null },
): Promise<boolean> {
  const attempts = [...delivery.attempts, { ...attempt, error: shortError(attempt.error) }].slice(-MAX_ATTEMPTS_KEPT);
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: deliveryKey(ctx, delivery.endpointId, delivery.id),
        UpdateExpression:
          'SET attemptCount = :count, attempts = :attempts, lastStatusCode = :code, lastError = :error, #status = :status, nextAttemptAt = :next',
        ConditionExpression: 'attemptCount = :before',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':count': delivery.attemptCount + 1,
          ':before': delivery.attemptCount,
          ':attempts': attempts,
          ':code': attempt.status_code,
          ':error': shortError(attempt.error),
          ':status': outcome.status,
          ':next': outcome.nextAttemptAt,
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** A replay asked for: shown as pending until its attempt is logged. */
export async function markReplayQueued(ctx: TenantContext, delivery: DeliveryRecord, at: string) {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: deliveryKey(ctx, delivery.endpointId, delivery.id),
      UpdateExpression: 'SET nextAttemptAt = :at',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':at': at },
    }),
  );
}

export const toApiDelivery = (record: DeliveryRecord): WebhookDelivery => ({
  '@type': 'WebhookDelivery',
  id: record.id,
  endpoint_id: record.endpointId,
  event_type: record.eventType,
  created_at: record.createdAt,
  status: record.status,
  attempt_count: record.attemptCount,
  last_status_code: record.lastStatusCode,
  last_error: record.lastError,
  next_attempt_at: record.nextAttemptAt,
  attempts: record.attempts,
  payload: record.payload,
});

import { createHash } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../data/client';
import { typePartition } from '../data/keys';
import { queryAllPages } from '../data/query-page';
import type { TenantContext } from '../data/tenant-context';

/**
 * A browser's PushSubscription of one signed-in user (docs/data-model.md "Push subscription"). Its id is a hash
 * of the endpoint, so a browser that registers again overwrites its own item, and a user's subscriptions are
 * one partition: a person reaches only their own by construction. Not versioned: the browser owns it, the
 * product only keeps what the browser last said.
 */
export interface PushSubscriptionRecord {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
}

const TYPE = 'PUSH_SUBSCRIPTION';
/** A person's browsers and profiles: beyond this the oldest subscription gives way to the newest. */
export const PUSH_SUBSCRIPTIONS_PER_USER = 10;

const userPartition = (ctx: TenantContext, userId: number) => `${typePartition(ctx, 'USER')}#${userId}#${TYPE}`;
const sortKey = (id: string) => `${TYPE}#${id}`;

export const pushSubscriptionId = (endpoint: string) =>
  createHash('sha256').update(endpoint).digest('base64url').slice(0, 32);

export async function pushSubscriptionsOf(ctx: TenantContext, userId: number): Promise<PushSubscriptionRecord[]> {
  const records: PushSubscriptionRecord[] = [];
  const pages = queryAllPages({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': userPartition(ctx, userId) },
  });
  for await (const page of pages)
    for (const item of page.Items ?? []) {
      const { id, endpoint, p256dh, auth, created_at } = item as PushSubscriptionRecord;
      records.push({ id, endpoint, p256dh, auth, created_at });
    }
  return records;
}

export async function removePushSubscription(ctx: TenantContext, userId: number, id: string): Promise<boolean> {
  const result = await dynamo().send(
    new DeleteCommand({
      TableName: tableName(),
      Key: { pk: userPartition(ctx, userId), sk: sortKey(id) },
      ReturnValues: 'ALL_OLD',
    }),
  );
  return Boolean(result.Attributes);
}

/** Saves (or renews) the browser's subscription; past the cap the oldest others are removed first. */
export async function savePushSubscription(
  ctx: TenantContext,
  userId: number,
  subscription: { endpoint: string; p256dh: string; auth: string },
  now = new Date(),
): Promise<PushSubscriptionRecord> {
  const id = pushSubscriptionId(subscription.endpoint);
  const others = (await pushSubscriptionsOf(ctx, userId))
    .filter((record) => record.id !== id)
    .sort((a, b) => a.created_at.localeCompare(b.created_at));
  for (const old of others.slice(0, Math.max(0, others.length - (PUSH_SUBSCRIPTIONS_PER_USER - 1))))
    await removePushSubscription(ctx, userId, old.id);
  const record: PushSubscriptionRecord = { id, ...subscription, created_at: now.toISOString() };
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: { pk: userPartition(ctx, userId), sk: sortKey(id), ...record, entityType: TYPE, tenantId: ctx.tenantId },
    }),
  );
  return record;
}

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { AssetRecord } from '../assets/asset-repository';
import { dynamo, tableName } from '../data/client';
import type { TenantContext } from '../data/tenant-context';
import { queueWebhookEvent } from '../webhooks/webhook-events';
import { isWaiting, pickupKey, WAITING_STATUS } from './pickup-items';

/**
 * The webhook events of the status actions (rental-contract "Who emits which webhook event"), by the
 * transition the action made: report empty -> `pickup.requested`, its confirmation -> `pickup.confirmed`,
 * report delivered -> `delivery.reported`, its confirmation -> `delivery.confirmed`. Queued after the write
 * succeeded; the handler layer flushes after the route.
 */
export function queueStatusEvents(
  ctx: TenantContext,
  before: AssetRecord,
  after: AssetRecord,
  by: number | null,
  context: { at: string; requestedAt?: string },
): void {
  const from = before.status?.status;
  const to = after.status?.status;
  if (from === to) return;
  const asset = { id: after.id, name: after.name };
  const customer = after.client ? { id: after.client.id } : null;
  const who = by === null ? null : { id: by };
  if (to === WAITING_STATUS) {
    queueWebhookEvent(ctx, 'pickup.requested', { asset, customer, requestedAt: context.at, by: who }, context.at);
  } else if (from === WAITING_STATUS && to === 'deregistered') {
    const requestedAt = context.requestedAt ?? context.at;
    queueWebhookEvent(ctx, 'pickup.confirmed', { asset, customer, requestedAt, by: who }, context.at);
  } else if (to === 'send_delivered') {
    queueWebhookEvent(ctx, 'delivery.reported', { asset, customer, at: context.at, by: who }, context.at);
  } else if (from === 'send_delivered' && to === 'delivered') {
    queueWebhookEvent(ctx, 'delivery.confirmed', { asset, customer, at: context.at, by: who }, context.at);
  }
}

/** When the asset's pickup was requested (read before the write that ends it), if it waits. */
export async function pickupRequestedAt(ctx: TenantContext, asset: AssetRecord): Promise<string | undefined> {
  if (!isWaiting(asset)) return undefined;
  const read = await dynamo().send(new GetCommand({ TableName: tableName(), Key: pickupKey(ctx, asset.id) }));
  return read.Item?.requestedAt as string | undefined;
}

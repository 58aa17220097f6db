import type { TenantContext } from '../data/tenant-context';
import { createDelivery, type DeliveryRecord, MAX_PAYLOAD_BYTES, newMessageId } from './webhook-deliveries';
import { endpointsOf, type WebhookEndpointRecord } from './webhook-endpoint-repository';
import type { WebhookEvent } from './webhook-events';
import { enqueueWebhookJobs, type WebhookJob } from './webhook-queue';

/**
 * From queued events to deliveries: per tenant one Query of its endpoints (at most 20), then per event and
 * subscribed, enabled endpoint one delivery item (the log, with the body to sign) and one queue message. The
 * body is built once here, so every attempt and replay signs the same bytes.
 */
export const webhookBody = (type: string, occurredAt: string, data: Record<string, unknown>) =>
  JSON.stringify({ type, timestamp: occurredAt, data });

/** Makes the log item and hands it to the queue; answers the delivery (the test action shows it). */
export async function startDelivery(
  ctx: TenantContext,
  endpoint: Pick<WebhookEndpointRecord, 'id'>,
  type: string,
  body: string,
  manual = false,
): Promise<DeliveryRecord> {
  const createdAt = new Date().toISOString();
  const delivery = await createDelivery(ctx, {
    id: newMessageId(Date.parse(createdAt)),
    endpointId: endpoint.id,
    eventType: type,
    createdAt,
    payload: body,
  });
  await enqueueWebhookJobs([{ job: jobOf(ctx, delivery, manual) }]);
  return delivery;
}

const jobOf = (ctx: TenantContext, delivery: DeliveryRecord, manual: boolean): WebhookJob => ({
  tenantId: ctx.tenantId,
  endpointId: delivery.endpointId,
  deliveryId: delivery.id,
  ...(manual ? { manual } : {}),
});

async function dispatchTenant(ctx: TenantContext, events: WebhookEvent[]): Promise<void> {
  const endpoints = (await endpointsOf(ctx)).filter((endpoint) => endpoint.enabled);
  if (endpoints.length === 0) return;
  const jobs: { job: WebhookJob }[] = [];
  for (const event of events) {
    const body = webhookBody(event.type, event.occurredAt, event.data);
    if (Buffer.byteLength(body) > MAX_PAYLOAD_BYTES) {
      console.warn(JSON.stringify({ note: 'Webhook event too large, not sent', type: event.type }));
      continue;
    }
    for (const endpoint of endpoints.filter((candidate) => candidate.event_types.includes(event.type))) {
      const createdAt = new Date().toISOString();
      const delivery = await createDelivery(ctx, {
        id: newMessageId(Date.parse(createdAt)),
        endpointId: endpoint.id,
        eventType: event.type,
        createdAt,
        payload: body,
      });
      jobs.push({ job: jobOf(ctx, delivery, false) });
    }
  }
  await enqueueWebhookJobs(jobs);
}

/**
 * The flush's delivery (webhook-events.ts): tenants one after the other, each tenant's failure its own (the
 * others are still dispatched; the failures are thrown together at the end). The
 * context is the writer's own (a request's or the pipeline's), so no code here makes one from an id.
 */
export async function dispatchWebhookEvents(queued: { ctx: TenantContext; event: WebhookEvent }[]): Promise<void> {
  const byTenant = new Map<string, { ctx: TenantContext; events: WebhookEvent[] }>();
  for (const { ctx, event } of queued) {
    const entry = byTenant.get(ctx.tenantId) ?? { ctx, events: [] };
    entry.events.push(event);
    byTenant.set(ctx.tenantId, entry);
  }
  const failed: string[] = [];
  for (const { ctx, events } of byTenant.values()) {
    try {
      await dispatchTenant(ctx, events);
    } catch (error) {
      failed.push(`tenant ${ctx.tenantId}: ${String(error)}`);
    }
  }
  // Told once every tenant had its turn; the effects flush logs and counts it (functions/lib/effects/).
  if (failed.length > 0) throw new Error(`Webhook events not dispatched (${failed.join('; ')})`);
}

import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../../shared/schemas/webhook';
import type { TenantContext } from '../data/tenant-context';
import { type EffectKind, queueEffect } from '../effects/effects';
import { dispatchWebhookEvents } from './webhook-dispatch';

/**
 * Domain events for tenants' webhook endpoints. Writers call `queueWebhookEvent` after their write succeeded;
 * the events wait in the invocation's effects context (functions/lib/effects/), which hands them over when the
 * invocation ends. A failed hand-over never fails the write that caused it.
 *
 * The event types are the contract with the tenants' systems: names never change once published.
 */
// The list lives with the endpoint schema (shared/schemas/webhook.ts), which the console's checkboxes read too.
export { WEBHOOK_EVENT_TYPES, type WebhookEventType };

export interface WebhookEvent {
  tenantId: string;
  type: WebhookEventType;
  /** When it happened (ISO 8601): the uplink's measuredAt, the action's time, the job's day end. */
  occurredAt: string;
  /** The payload's `data`: ids and names the receiver needs, never another tenant's data. Small (< 4 KB). */
  data: Record<string, unknown>;
}

/** With the writer's context: the dispatch reads that tenant's endpoints with it. */
type Queued = { ctx: TenantContext; event: WebhookEvent };

/** Queues an event of the caller's tenant for delivery when the invocation ends. */
export function queueWebhookEvent(
  ctx: TenantContext,
  type: WebhookEventType,
  data: Record<string, unknown>,
  occurredAt: string = new Date().toISOString(),
): void {
  queueEffect(WEBHOOK_EVENTS, { ctx, event: { tenantId: ctx.tenantId, type, occurredAt, data } });
}

/** Further receivers of the flushed events besides the delivery (tests, a future audit trail). */
export const webhookEventSinks: ((events: WebhookEvent[]) => Promise<void>)[] = [];

/**
 * Hands the queued events to the delivery (webhook-dispatch.ts: log items and queue messages) and the sinks. A
 * module that queues events reaches the webhook queue: its function declares `webhookQueue: 'send'` in
 * infra/handler-grants.ts.
 */
export const WEBHOOK_EVENTS: EffectKind<Queued, Queued[]> = {
  name: 'webhookEvents',
  start: () => [],
  add: (queued, item) => {
    queued.push(item);
  },
  send: async (queued) => {
    const events = queued.map(({ event }) => event);
    const results = await Promise.allSettled([
      dispatchWebhookEvents(queued),
      ...webhookEventSinks.map((sink) => sink(events)),
    ]);
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  },
};

import type { TenantContext } from '../data/tenant-context';
import { afterRouteHooks } from '../http/after-route';

/**
 * Domain events for tenants' webhook endpoints (issue 18 part 6). Writers call `queueWebhookEvent` after their
 * write succeeded and `flushWebhookEvents()` at the end of their invocation or batch (HTTP write routes flush
 * through the handler layer's after-route hook). A failed hand-over never fails the write that caused it.
 *
 * The event types are the contract with the tenants' systems: names never change once published.
 */
export const WEBHOOK_EVENT_TYPES = [
  'alarm.raised',
  'alarm.cleared',
  'zone.entered',
  'zone.left',
  'pickup.requested',
  'pickup.confirmed',
  'loan_day.counted',
  'delivery.reported',
  'delivery.confirmed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export interface WebhookEvent {
  tenantId: string;
  type: WebhookEventType;
  /** When it happened (ISO 8601): the uplink's measuredAt, the action's time, the job's day end. */
  occurredAt: string;
  /** The payload's `data`: ids and names the receiver needs, never another tenant's data. Small (< 4 KB). */
  data: Record<string, unknown>;
}

let pending: WebhookEvent[] = [];

/** Queues an event of the caller's tenant for delivery at the next flush. */
export function queueWebhookEvent(
  ctx: TenantContext,
  type: WebhookEventType,
  data: Record<string, unknown>,
  occurredAt: string = new Date().toISOString(),
): void {
  pending.push({ tenantId: ctx.tenantId, type, occurredAt, data });
}

/** What the flush hands the events to; the webhook dispatcher registers itself here (no import cycle). */
export const webhookEventSinks: ((events: WebhookEvent[]) => Promise<void>)[] = [];

/** Hands the queued events over; never throws. */
export async function flushWebhookEvents(): Promise<void> {
  if (pending.length === 0) return;
  const events = pending;
  pending = [];
  await Promise.all(
    webhookEventSinks.map((sink) =>
      sink(events).catch((error) =>
        console.warn(JSON.stringify({ note: 'Webhook events not handed over', error: String(error) })),
      ),
    ),
  );
}

afterRouteHooks.push(flushWebhookEvents);

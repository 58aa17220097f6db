import { EventBridgeClient, PutEventsCommand, type PutEventsRequestEntry } from '@aws-sdk/client-eventbridge';
import type { TenantContext } from '../data/tenant-context';
import { localServiceConfig } from '../local-endpoints';
import { queueWebhookEvent } from '../webhooks/webhook-events';
import type { VisitRecord } from './visit-keys';

/**
 * What a visit that opened or closed tells others (docs/data-model.md "Zone visits (issue 18)"):
 * - `ZoneVisitChanged` on the pipeline bus (source `tracking.pipeline`), detail
 *   `{ tenantId, zoneId, assetId, change, at }`: the zone-stock Lambda re-counts that zone;
 * - the `zone.entered` / `zone.left` webhook event, queued here and flushed at the end of the batch.
 * Both after the visit's write; best effort, never failing the uplink (its state is written).
 */
export const VISIT_EVENT_SOURCE = 'tracking.pipeline';
export const VISIT_DETAIL_TYPE = 'ZoneVisitChanged';

export interface ZoneVisitChanged {
  tenantId: string;
  zoneId: number;
  assetId: number;
  change: 'entered' | 'left';
  /** The arrival's or departure's time (ISO). */
  at: string;
}

let client: EventBridgeClient | undefined;
const eventBridge = () => {
  client ??= new EventBridgeClient(localServiceConfig('EVENTBRIDGE_ENDPOINT'));
  return client;
};

const toEntry = (event: ZoneVisitChanged): PutEventsRequestEntry => ({
  Source: VISIT_EVENT_SOURCE,
  DetailType: VISIT_DETAIL_TYPE,
  Detail: JSON.stringify(event),
  EventBusName: process.env.EVENT_BUS_NAME || 'default',
  Time: new Date(event.at),
});

/** Puts the events (10 an entry batch); answers how many the bus refused, for the caller's log. */
export async function publishVisitChanges(events: ZoneVisitChanged[]): Promise<number> {
  let refused = 0;
  for (let start = 0; start < events.length; start += 10) {
    const entries = events.slice(start, start + 10).map(toEntry);
    try {
      const answer = await eventBridge().send(new PutEventsCommand({ Entries: entries }));
      refused += answer.FailedEntryCount ?? 0;
    } catch {
      refused += entries.length;
    }
  }
  return refused;
}

/** The `zone.entered` / `zone.left` payload of the rental contract. */
export function queueVisitWebhook(ctx: TenantContext, visit: VisitRecord): void {
  const type = visit.leftAt ? 'zone.left' : 'zone.entered';
  queueWebhookEvent(
    ctx,
    type,
    {
      zone: { id: visit.zoneId, name: visit.zoneName },
      asset: { id: visit.assetId, name: visit.assetName },
      customer: visit.clientId === null ? null : { id: visit.clientId },
      visit: { arrivedAt: visit.arrivedAt, leftAt: visit.leftAt, dwellSeconds: visit.dwellSeconds },
    },
    visit.leftAt ?? visit.arrivedAt,
  );
}

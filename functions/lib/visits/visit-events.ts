import { EventBridgeClient, PutEventsCommand, type PutEventsRequestEntry } from '@aws-sdk/client-eventbridge';
import { localServiceConfig } from '../local-endpoints';
import type { VisitRecord } from './visit-keys';

/**
 * What a visit that opened or closed tells others (docs/data-model.md "Zone visits (issue 18)"):
 * - `ZoneVisitChanged` on the pipeline bus (source `tracking.pipeline`), detail
 *   `{ tenantId, zoneId, assetId, change, at }`: the zone-stock Lambda re-counts that zone;
 * - the `zone.entered` / `zone.left` webhook event (visit-webhooks.ts), flushed at the end of the batch.
 * Both after the visit's write; best effort, never failing the uplink (its state is written). The processor puts
 * the bus event for the visits an uplink writes, the assets API for those an asset's delete closes (its grant on
 * the pipeline bus is PutEvents only); a zone's delete puts none (the zone and its stock are gone).
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

/** A written visit as the bus event: left when it has closed, else entered. */
export const visitChangeOf = (tenantId: string, visit: VisitRecord): ZoneVisitChanged => ({
  tenantId,
  zoneId: visit.zoneId,
  assetId: visit.assetId,
  change: visit.leftAt ? 'left' : 'entered',
  at: visit.leftAt ?? visit.arrivedAt,
});

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

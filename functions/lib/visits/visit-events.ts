import { PIPELINE_DETAIL_TYPES } from '../../../shared/pipeline-events';
import { queueDomainEvents } from '../events/domain-events';
import type { VisitRecord } from './visit-keys';

/**
 * What a visit that opened or closed tells others (docs/data-model.md "Zone visits"):
 * - `ZoneVisitChanged` on the pipeline bus (source `tracking.pipeline`), detail
 *   `{ tenantId, zoneId, assetId, change, at }`: the zone-stock Lambda re-counts that zone;
 * - the `zone.entered` / `zone.left` webhook event (visit-webhooks.ts).
 * Both queued after the visit's write and sent when the invocation ends (functions/lib/effects/); best effort,
 * never failing the uplink (its state is written; the zone is re-counted at its next change). The processor puts
 * the bus event for the visits an uplink writes, the assets API for those an asset's delete closes (its grant on
 * the pipeline bus is PutEvents only); a zone's delete puts none (the zone and its stock are gone).
 */
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

/** Queues the bus events, put when the invocation ends. */
export const queueVisitChanges = (events: ZoneVisitChanged[]): void =>
  queueDomainEvents(
    events.map((event) => ({ detailType: PIPELINE_DETAIL_TYPES.zoneVisitChanged, detail: event, at: event.at })),
  );

import { Logger } from '@aws-lambda-powertools/logger';
import { z } from 'zod';
import { systemTenantContext } from '../lib/data/system-context';
import { withEffects } from '../lib/effects/with-effects';
import { evaluateZoneStock } from '../lib/zone-stock/stock-evaluation';

const logger = new Logger({ serviceName: 'pipeline-zone-stock' });

/** The visits processor's `ZoneVisitChanged` detail (docs/data-model.md "Zone visits"; the rental contract). */
export const zoneVisitChangedSchema = z.object({
  tenantId: z.union([z.string().regex(/^\d{1,10}$/), z.number().int().positive()]),
  zoneId: z.number().int().positive(),
  assetId: z.number().int().positive(),
  change: z.enum(['entered', 'left']),
  at: z.iso.datetime({ offset: true }),
});

/** What the ZoneVisitChanged rule hands its Lambda target (the fields used here). */
export interface ZoneVisitChangedEvent {
  id: string;
  'detail-type': string;
  detail: unknown;
}

/**
 * Target of the ZoneVisitChanged rule (infra/pipeline-rules.ts): re-counts the zone per asset profile and
 * raises alarm types 4/5 or clears them (functions/lib/zone-stock/stock-evaluation.ts). Works only in the
 * tenant the event carries, which the processor proved for the uplink. Idempotent: a redelivery finds the
 * states already moved and raises nothing; a failure throws and the retry evaluates again.
 */
async function zoneVisitChanged(event: ZoneVisitChangedEvent): Promise<void> {
  const parsed = zoneVisitChangedSchema.safeParse(event.detail);
  if (!parsed.success) {
    // Not retried: the same detail would fail again. Only the processor puts this event on the bus.
    logger.error('ZoneVisitChanged with a detail that is not a visit change', { eventId: event.id });
    return;
  }
  const { tenantId, zoneId, at } = parsed.data;
  const outcome = await evaluateZoneStock(systemTenantContext(tenantId), zoneId, new Date(at).toISOString());
  if (outcome.raised.length > 0 || outcome.cleared.length > 0)
    logger.info('Zone stock changed', { zoneId, ...outcome });
}

/** Traced; the cleared alarms' webhook events leave as it returns or throws (functions/lib/effects/). */
export const handler = withEffects('eventbridge', zoneVisitChanged);

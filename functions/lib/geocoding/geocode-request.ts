import { z } from 'zod';
import { PIPELINE_DETAIL_TYPES } from '../../../shared/pipeline-events';
import { queueDomainEvents } from '../events/domain-events';

/**
 * The `GeocodeRequested` domain event (source `tracking.pipeline`): the processor puts it on the pipeline bus
 * after its writes, for a fix that moved beyond its accuracy from the device's last geocoded position; the
 * rule in infra/pipeline-rules.ts hands it to functions/pipeline/geocoder.ts. It carries the tenant the
 * processor proved for the uplink (the handler works only in that tenant) and what identifies the event and
 * the position the address is for.
 */
export const geocodeRequestSchema = z.object({
  tenantId: z.string().regex(/^\d{1,12}$/),
  deviceId: z.number().int().positive(),
  assetId: z.number().int().positive().nullable(),
  eventId: z.number().int().nonnegative(),
  /** The event's measuredAt as stored (ISO, UTC, milliseconds). */
  date: z.iso.datetime(),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  /** The fix's accuracy radius in metres (the next fix is compared with both radii). */
  accuracy: z.number().nonnegative().max(1_000_000).nullable(),
});
export type GeocodeRequest = z.infer<typeof geocodeRequestSchema>;

/**
 * Best effort, never failing the uplink: its state is written already. A request lost here heals itself,
 * because the device's `geocoded` position only moves when the geocoder ran, so the next fix of the tag is
 * still "moved" and asks again. Put on the bus when the invocation ends (functions/lib/effects/).
 */
export const queueGeocodeRequest = (request: GeocodeRequest): void =>
  queueDomainEvents([{ detailType: PIPELINE_DETAIL_TYPES.geocodeRequested, detail: request, at: request.date }]);

import { EventBridgeClient, PutEventsCommand, type PutEventsRequestEntry } from '@aws-sdk/client-eventbridge';
import { z } from 'zod';
import { localServiceConfig } from '../local-endpoints';

/**
 * The `GeocodeRequested` domain event (source `tracking.pipeline`): the processor puts it on the pipeline bus
 * after its writes, for a fix that moved beyond its accuracy from the device's last geocoded position; the
 * rule in infra/pipeline-rules.ts hands it to functions/pipeline/geocoder.ts. It carries the tenant the
 * processor proved for the uplink (the handler works only in that tenant) and what identifies the event and
 * the position the address is for.
 */
export const GEOCODE_EVENT_SOURCE = 'tracking.pipeline';
export const GEOCODE_DETAIL_TYPE = 'GeocodeRequested';

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

let client: EventBridgeClient | undefined;
const eventBridge = () => {
  client ??= new EventBridgeClient(localServiceConfig('EVENTBRIDGE_ENDPOINT'));
  return client;
};

const toEntry = (request: GeocodeRequest): PutEventsRequestEntry => ({
  Source: GEOCODE_EVENT_SOURCE,
  DetailType: GEOCODE_DETAIL_TYPE,
  Detail: JSON.stringify(request),
  EventBusName: process.env.EVENT_BUS_NAME || 'default',
  Time: new Date(request.date),
});

/**
 * Best effort, never failing the uplink: its state is written already. A request lost here heals itself,
 * because the device's `geocoded` position only moves when the geocoder ran, so the next fix of the tag is
 * still "moved" and asks again. Answers how many the bus refused (logged by the caller).
 */
export async function publishGeocodeRequests(requests: GeocodeRequest[]): Promise<number> {
  let refused = 0;
  for (let start = 0; start < requests.length; start += 10) {
    const entries = requests.slice(start, start + 10).map(toEntry);
    try {
      const answer = await eventBridge().send(new PutEventsCommand({ Entries: entries }));
      refused += answer.FailedEntryCount ?? 0;
    } catch {
      refused += entries.length;
    }
  }
  return refused;
}

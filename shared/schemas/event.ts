import { z } from 'zod';
import { dateFilter, entityIdSchema, jsonLdShape, optionalInteger, paginationQuerySchema } from './common';
import { geoZoneRefSchema } from './geo-zone';

export const EVENT_TYPES = [
  'start',
  'moving',
  'still',
  'stopped',
  'intervalBased',
  'intervalBasedLocalGateway',
] as const;
export const INVALID_EVENT_TYPE = 'Invalid event type';
export const eventTypeSchema = z.enum(EVENT_TYPES, { error: INVALID_EVENT_TYPE });
export type EventType = z.infer<typeof eventTypeSchema>;

/** Spec 000 s.3 "Asset last event"; devices carry the same shape. */
export const lastEventSchema = z.object({
  street: z.string().nullable(),
  postal_code: z.string().nullable(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  country: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  date: z.string(),
  type: eventTypeSchema,
  radius: z.number().nullable(),
  geo_zone: geoZoneRefSchema.nullable(),
});
export type LastEvent = z.infer<typeof lastEventSchema>;

const positionSourceSchema = z.enum(['gnss', 'wifi', 'network']);

/**
 * A position the pipeline dropped for its jump from the tag's track (docs/device-payloads.md, "Plausibility"):
 * kept on its uplink's event so the history map can draw it as dropped, with the reason.
 */
export const droppedFixSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  radius: z.number().nullable(),
  source: positionSourceSchema,
  reason: z.string(),
});
export type DroppedFix = z.infer<typeof droppedFixSchema>;

/** The events tab also shows the address and geo zone of each event, hence the last-event fields. */
export const eventSchema = lastEventSchema.extend({
  ...jsonLdShape,
  id: entityIdSchema,
  device: z.object({ id: entityIdSchema, name: z.string().nullable() }).nullable(),
  /**
   * The asset the tag was linked to when the event was processed: an asset's history is its own, whichever
   * tags it carried then. Null without an asset; absent on events written before it was kept.
   */
  asset: z.object({ id: entityIdSchema }).nullable().optional(),
  /** Where the position came from (the tag's GNSS, Wi-Fi, the network's solve); absent without one. */
  source: positionSourceSchema.nullable().optional(),
  /** Why part of the uplink was not used: its payload did not decode, its position was dropped. */
  warnings: z.array(z.string()).optional(),
  /** The positions of the uplink dropped for their jump (a 0/0 or out-of-range one is no place: warnings only). */
  dropped: z.array(droppedFixSchema).optional(),
  /**
   * Set afterwards on an event whose position was accepted and then outvoted by the positions after it, which
   * agree with each other and not with it: why it is an outlier. Its position stays; the track goes on without it.
   */
  outlier: z.string().optional(),
});
export type Event = z.infer<typeof eventSchema>;

/** Events are always sorted by date then id, descending (spec 000 s.9), so no order[] here. */
export const eventListQuerySchema = paginationQuerySchema.extend({
  'device.id': optionalInteger(),
  fromDate: dateFilter(),
  toDate: dateFilter(),
  type: z.preprocess((v: string | null | undefined) => (v ? v : undefined), eventTypeSchema.optional()),
});
export type EventListQuery = z.infer<typeof eventListQuerySchema>;

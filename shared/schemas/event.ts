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
  source: z.enum(['gnss', 'wifi', 'network']).nullable().optional(),
  /** Why part of the uplink was not used: its payload did not decode, its position was dropped. */
  warnings: z.array(z.string()).optional(),
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

import { z } from 'zod';
import { entityIdSchema, jsonLdShape } from './common';
import { geoZoneRefSchema } from './geo-zone';

/**
 * One asset waiting to be fetched: reported empty (status send_deregistered) and not yet
 * confirmed. `@id` is the asset's path: the row opens the asset, whose actions (confirm, report delivered) close
 * the pickup. Name, position, zone and customer are the asset's now; `requested_at`/`requested_by` the report's.
 */
export const pickupSchema = z.object({
  ...jsonLdShape,
  asset: z.object({ id: entityIdSchema, name: z.string() }),
  requested_at: z.string(),
  /** Who reported it empty (null: an API credential, or before pickups were kept). */
  requested_by: z.object({ id: entityIdSchema, name: z.string().nullable() }).nullable(),
  customer: z.object({ id: entityIdSchema, company: z.string().nullable() }).nullable(),
  /** The asset's last position (null: never positioned); its zone is hidden from client users, as on the asset. */
  position: z
    .object({
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
      date: z.string(),
      street: z.string().nullable(),
      city: z.string().nullable(),
    })
    .nullable(),
  zone: geoZoneRefSchema.nullable(),
});
export type Pickup = z.infer<typeof pickupSchema>;

/** The total counts at most this many waiting assets (a count query stops there). */
export const PICKUP_COUNT_LIMIT = 1000;

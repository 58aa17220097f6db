import { z } from 'zod';
import { entityIdSchema, isIsoDateString } from './common';
import { eventTypeSchema } from './event';
import { geoZoneRefSchema } from './geo-zone';

/**
 * An asset's history (GET /api/assets/{id}/history): its located events in time order, each cut down to what
 * the map, the stops and the exports need. The track is gsi2 (ACCESS_PATTERNS.eventsOfAssetByDate).
 */

/** A position the pipeline's plausibility filter refused; the event keeps it so the map can show why. */
export const droppedPositionSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  radius: z.number().nullable(),
  source: z.string().nullable(),
  reason: z.string(),
});
export type DroppedPosition = z.infer<typeof droppedPositionSchema>;

export const trackFixSchema = z.object({
  id: entityIdSchema,
  /** The event's date (UTC ISO with milliseconds). */
  at: z.string(),
  /** Null on an event whose only positions were dropped. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** Accuracy radius in metres, null when the position came without one. */
  radius: z.number().nullable(),
  source: z.enum(['gnss', 'wifi', 'network']).nullable(),
  type: eventTypeSchema,
  deviceId: entityIdSchema,
  zone: geoZoneRefSchema.nullable(),
  dropped: z.array(droppedPositionSchema).optional(),
  /** Why an accepted fix was found to be an outlier afterwards; it is drawn apart and left out of stops. */
  outlier: z.string().optional(),
});
export type TrackFix = z.infer<typeof trackFixSchema>;

/** A fix that counts as where the asset was: positioned and not marked an outlier. */
export const isAcceptedFix = (fix: TrackFix): fix is TrackFix & { latitude: number; longitude: number } =>
  fix.latitude !== null && fix.longitude !== null && fix.outlier === undefined;

/** A window of at most a year and a day: a year of fixes is ~35,000 at one per 15 minutes. */
export const HISTORY_MAX_DAYS = 366;
export const HISTORY_DEFAULT_DAYS = 7;
export const HISTORY_PAGE_DEFAULT = 1000;
export const HISTORY_PAGE_MAX = 1000;
const DAY_MS = 86_400_000;

export const INVALID_HISTORY_WINDOW = 'The period must start before it ends and span at most 366 days';
const INVALID_DATE_TIME = 'Must be a date and time (ISO 8601)';
const INVALID_LIMIT = 'Must be a whole number from 1 to 1000';

const dateTime = z
  .string()
  .max(40)
  .refine((v) => isIsoDateString(v) && !Number.isNaN(Date.parse(v)), { error: INVALID_DATE_TIME })
  .optional();

/** `cursor`: where the previous page ended, as its `next` names it; opaque to callers. */
export const assetHistoryQuerySchema = z
  .object({
    from: dateTime.describe('Start of the period (inclusive); default 7 days before `to`'),
    to: dateTime.describe('End of the period (inclusive); default now'),
    cursor: z
      .string()
      .regex(/^\d{13}-\d{1,15}-\d{1,15}$/, { error: 'Invalid cursor' })
      .optional(),
    limit: z
      .preprocess(
        (v) => (v === undefined || v === '' ? undefined : Number(v)),
        z
          .number({ error: INVALID_LIMIT })
          .int({ error: INVALID_LIMIT })
          .min(1, { error: INVALID_LIMIT })
          .max(HISTORY_PAGE_MAX, { error: INVALID_LIMIT })
          .optional(),
      )
      .describe(`Fixes per page, at most ${HISTORY_PAGE_MAX}`),
  })
  .refine(
    ({ from, to }) => {
      const end = to ? Date.parse(to) : Date.now();
      const start = from ? Date.parse(from) : end - HISTORY_DEFAULT_DAYS * DAY_MS;
      return start <= end && end - start <= HISTORY_MAX_DAYS * DAY_MS;
    },
    { error: INVALID_HISTORY_WINDOW, path: ['from'] },
  );
export type AssetHistoryQuery = z.infer<typeof assetHistoryQuerySchema>;

/** The window a query names, its defaults filled in, as ISO dates. */
export function historyWindowOf(query: Pick<AssetHistoryQuery, 'from' | 'to'>, now = Date.now()) {
  const end = query.to ? Date.parse(query.to) : now;
  const start = query.from ? Date.parse(query.from) : end - HISTORY_DEFAULT_DAYS * DAY_MS;
  return { from: new Date(start).toISOString(), to: new Date(end).toISOString() };
}

/** One page of the track: `next` is the cursor of the rest, null at the end of the period. */
export const assetHistoryPageSchema = z.object({
  from: z.string(),
  to: z.string(),
  fixes: z.array(trackFixSchema),
  next: z.string().nullable(),
});
export type AssetHistoryPage = z.infer<typeof assetHistoryPageSchema>;

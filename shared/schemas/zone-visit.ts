import { z } from 'zod';
import { booleanQuery, dateFilter, paginationQuerySchema } from './common';
import { buildExportQuerySchema } from './export';

/**
 * Zone visits: one stay of an asset in one of the tenant's zones, opened by the processor at
 * the confirmed arrival and closed at the confirmed departure (docs/geofencing.md "Zone visits"). Names,
 * customer, profiles and cable type are copies taken at arrival.
 */
export const zoneVisitSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('ZoneVisit'),
  assetId: z.number().int(),
  assetName: z.string().nullable(),
  clientId: z.number().int().nullable(),
  zoneId: z.number().int(),
  zoneName: z.string().nullable(),
  /** ISO 8601 UTC: the first certain fix inside of the run that confirmed the arrival. */
  arrivedAt: z.string(),
  /** ISO 8601 UTC: the first certain fix outside of the run that confirmed the departure; null while there. */
  leftAt: z.string().nullable(),
  /** Whole seconds from arrival to departure; null while there. */
  dwellSeconds: z.number().int().nonnegative().nullable(),
  profiles: z.array(z.object({ id: z.number().int(), name: z.string() })),
  cableType: z.string().nullable(),
});
export type ZoneVisit = z.infer<typeof zoneVisitSchema>;

/** The earliest and latest day a period filter may name: outside is a mistake, never a wish. */
export const VISIT_PERIOD_MIN = '2000-01-01T00:00:00.000Z';
export const VISIT_PERIOD_MAX = '2100-01-01T00:00:00.000Z';
export const VISIT_PERIOD_OUT_OF_RANGE = 'The date must lie between 2000 and 2100';
export const VISIT_PERIOD_REVERSED = 'The end of the period must not be before its start';

/** The period filter of both lists: visits that arrived in [after, before]. */
export const visitPeriodQuerySchema = z.object({
  'arrivedAt[after]': dateFilter(),
  'arrivedAt[before]': dateFilter(),
});

export const assetVisitListQuerySchema = paginationQuerySchema.extend(visitPeriodQuerySchema.shape);
export const zoneVisitListQuerySchema = assetVisitListQuerySchema.extend({
  /** true: only the open visits (who is there now), the period ignored. */
  open: booleanQuery,
});

/** Columns of a visit export, in order. */
export const VISIT_EXPORT_COLUMNS = ['asset', 'zone', 'arrivedAt', 'leftAt', 'dwell', 'cableType', 'profiles'] as const;
export type VisitExportColumn = (typeof VISIT_EXPORT_COLUMNS)[number];
export const visitExportQuerySchema = buildExportQuerySchema(VISIT_EXPORT_COLUMNS);

/** A visit export is synchronous and bounded (docs/decisions: visit exports): more rows is a narrower period. */
export const VISIT_EXPORT_MAX_ROWS = 5_000;
export const VISIT_EXPORT_TOO_LARGE = `More than ${VISIT_EXPORT_MAX_ROWS} visits: choose a shorter period`;

import { z } from 'zod';
import { entityIdSchema, optionalReference } from './common';
import { MONTH_INVALID } from './loan-day';

/**
 * Utilisation (GET /api/utilisation; docs/geofencing.md "Utilisation"): per month, per asset profile and per
 * customer, the days on hire against the days owned, the idle days at a depot and the average cycle time, from
 * the zone visits as the nightly rollup left them.
 */
export const UTILISATION_MAX_MONTHS = 12;
export const UTILISATION_TOO_MANY_MONTHS = `At most ${UTILISATION_MAX_MONTHS} months at a time`;
export const UTILISATION_TO_BEFORE_FROM = 'The last month must not be before the first';

const MONTH = /^20\d{2}-(0[1-9]|1[0-2])$/;
const monthSchema = z.string({ error: MONTH_INVALID }).regex(MONTH, { error: MONTH_INVALID });

/** Months from `from` to `to`, both included (YYYY-MM). */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [y, m] = from.split('-').map(Number) as [number, number];
  for (let month = from; month <= to && months.length <= UTILISATION_MAX_MONTHS; ) {
    months.push(month);
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
    month = `${y}-${String(m).padStart(2, '0')}`;
  }
  return months;
}

export const utilisationQuerySchema = z
  .object({
    from: monthSchema,
    to: monthSchema,
    profile: optionalReference(),
    client: optionalReference(),
  })
  .superRefine((query, context) => {
    if (query.to < query.from) context.addIssue({ code: 'custom', path: ['to'], message: UTILISATION_TO_BEFORE_FROM });
    else if (monthsBetween(query.from, query.to).length > UTILISATION_MAX_MONTHS)
      context.addIssue({ code: 'custom', path: ['to'], message: UTILISATION_TOO_MANY_MONTHS });
  });
export type UtilisationQuery = z.infer<typeof utilisationQuerySchema>;

export const utilisationFiguresSchema = z.object({
  /** Assets owned on at least one day of the month. */
  assets: z.number().int().nonnegative(),
  days_owned: z.number().int().nonnegative(),
  days_on_hire: z.number().int().nonnegative(),
  days_idle: z.number().int().nonnegative(),
  /** Owned days before the asset's first visit: where it was is not known. */
  days_unknown: z.number().int().nonnegative(),
  /** days_on_hire / days_owned, 0 to 1; null without a day owned. */
  utilisation: z.number().nullable(),
  /** Cycles (depot, site, back) that ended in the month, and their average length in days. */
  cycles: z.number().int().nonnegative(),
  average_cycle_days: z.number().nullable(),
});
export type UtilisationFigures = z.infer<typeof utilisationFiguresSchema>;

export const utilisationMonthSchema = z.object({
  month: z.string(),
  /** The last day the figures count (the nightly rollup's day); null when the month has not been rolled up. */
  through: z.string().nullable(),
  total: utilisationFiguresSchema,
  profiles: z.array(
    z.object({
      /** null: assets without a profile. An asset with two profiles counts in both. */
      profile: z.object({ id: entityIdSchema, name: z.string() }).nullable(),
      figures: utilisationFiguresSchema,
    }),
  ),
  clients: z.array(
    z.object({
      /** null: assets without a customer. */
      client: z.object({ id: entityIdSchema, company: z.string().nullable() }).nullable(),
      figures: utilisationFiguresSchema,
    }),
  ),
});
export type UtilisationMonth = z.infer<typeof utilisationMonthSchema>;

export const utilisationReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  months: z.array(utilisationMonthSchema),
});
export type UtilisationReport = z.infer<typeof utilisationReportSchema>;

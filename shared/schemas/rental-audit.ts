import { z } from 'zod';
import { AUDIT_PLACES, RENTAL_AUDIT_CLASSES } from '../rental-audit/classify-day';
import { entityIdSchema, optionalReference } from './common';
import { MONTH_INVALID } from './loan-day';

/**
 * The rental audit's monthly answer (GET /api/rental-audit; docs/decisions/
 * 0327-rental-audit-per-line-and-day-from-zone-visits.md): per contract line its audited days, each with its
 * class and evidence, and the totals per class, for the ERP and the console.
 */
const MONTH = /^20\d{2}-(0[1-9]|1[0-2])$/;
/** Where an answer ended: the last day item of its last line (a line's month is never split). */
export const RENTAL_AUDIT_CURSOR = /^\d{10}#[A-Za-z0-9][A-Za-z0-9._:-]*#\d{4}-\d{2}-\d{2}$/;

export const rentalAuditQuerySchema = z.object({
  month: z.string({ error: MONTH_INVALID }).regex(MONTH, { error: MONTH_INVALID }),
  customer: optionalReference(),
  cursor: z.string().regex(RENTAL_AUDIT_CURSOR, { error: 'Invalid cursor' }).optional(),
});
export type RentalAuditQuery = z.infer<typeof rentalAuditQuerySchema>;
/** The export's list query (POST /api/rental-audit/export): the whole month, so no cursor. */
export const rentalAuditExportQuerySchema = rentalAuditQuerySchema.omit({ cursor: true });

const classSchema = z.enum(RENTAL_AUDIT_CLASSES);
export const rentalAuditTotalsSchema = z.object(
  Object.fromEntries(RENTAL_AUDIT_CLASSES.map((name) => [name, z.number().int()])) as Record<
    (typeof RENTAL_AUDIT_CLASSES)[number],
    z.ZodNumber
  >,
);
export type RentalAuditTotals = z.infer<typeof rentalAuditTotalsSchema>;

const visitSchema = z.object({
  zoneId: entityIdSchema,
  arrivedAt: z.string(),
  leftAt: z.string().nullable(),
  kind: z.enum(['depot', 'delivery-zone', 'other-zone']),
});

export const rentalAuditDaySchema = z.object({
  day: z.string(),
  class: classSchema,
  billed: z.boolean(),
  place: z.enum(AUDIT_PLACES),
  evidence: z.object({
    fixes: z.number().int(),
    places: z.object({
      'delivery-zone': z.number().int(),
      depot: z.number().int(),
      'other-zone': z.number().int(),
      outside: z.number().int(),
    }),
    firstFix: z.string().nullable(),
    lastFix: z.string().nullable(),
    deciding: z.string().nullable(),
    /** Absent for client users: visits name zones, which client users never see (0267). */
    visits: z.array(visitSchema).optional(),
    reason: z.enum(['no-asset', 'no-fixes']).nullable(),
  }),
});

export const rentalAuditLineSchema = z.object({
  externalId: z.string(),
  customer: entityIdSchema,
  asset: entityIdSchema.nullable(),
  /** The line's version the days were judged on. */
  lineVersion: z.number().int(),
  days: z.array(rentalAuditDaySchema),
  totals: rentalAuditTotalsSchema,
});

export const rentalAuditReportSchema = z.object({
  month: z.string(),
  customer: entityIdSchema.nullable(),
  lines: z.array(rentalAuditLineSchema),
  /** The lines of this answer. */
  totals: rentalAuditTotalsSchema,
  /** The path of the rest of the month, null on its last answer. */
  next: z.string().nullable(),
  /**
   * The month's delivery reports (UTC days) of the customer, of every customer without one, whose stored check
   * disagrees: the tags saw the asset at the depot. On the first answer only; absent on the nightly job's answer.
   */
  disagreeingChecks: z.number().int().optional(),
});
export type RentalAuditReport = z.infer<typeof rentalAuditReportSchema>;
export type RentalAuditLine = z.infer<typeof rentalAuditLineSchema>;

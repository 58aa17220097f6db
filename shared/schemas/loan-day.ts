import { z } from 'zod';
import { entityIdSchema, jsonLdShape, optionalReference } from './common';
import { geoZoneRefSchema } from './geo-zone';

/**
 * Loan-day billing: the records the daily job keeps per counted day and the monthly report
 * per customer that ERP systems read (GET /api/loan-days) and the Billing screen shows and exports.
 */
/**
 * The loan-day worker's Lambda timeout: CDK's definition reads it (infra/constructs/scheduled-job.ts), and a run
 * without a Lambda context (the local stand-in) counts it from its start to know when to hand over.
 */
export const LOAN_DAY_WORKER_TIMEOUT_MINUTES = 15;
/**
 * The variable that names the loan-day worker's function to those that invoke it (CDK sets it on the job,
 * infra/constructs/scheduled-job.ts): the job's fan-out, and a run handing its day over when its Lambda context
 * gives no name (locally).
 */
export const LOAN_DAY_WORKER_FUNCTION = 'LOAN_DAY_WORKER_FUNCTION';

export const MONTH_INVALID = 'The month must be a month such as 2026-03 (from 2000 to 2099)';
const MONTH = /^20\d{2}-(0[1-9]|1[0-2])$/;

export const loanDayReportQuerySchema = z.object({
  month: z.string({ error: MONTH_INVALID }).regex(MONTH, { error: MONTH_INVALID }),
  client: optionalReference(),
  /** Where the previous answer ended, as its `next` names it; opaque to callers. */
  cursor: z
    .string()
    .regex(/^\d{10}-\d{10}$/, { error: 'Invalid cursor' })
    .optional(),
});
export type LoanDayReportQuery = z.infer<typeof loanDayReportQuerySchema>;

/** The evidence of one counted day: the last fix outside before the day ended, and since when it was outside. */
export const loanDaySchema = z.object({
  day: z.string(),
  zone: geoZoneRefSchema.nullable(),
  last_fix: z
    .object({
      date: z.string(),
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
      accuracy: z.number().nullable(),
    })
    .nullable(),
  outside_since: z.string().nullable(),
  /** The asset's days outside its zone after this day was counted. */
  days_outside: z.number().int(),
});
export type LoanDay = z.infer<typeof loanDaySchema>;

/** A person's reset of an asset's days outside (PUT /api/assets/{id}/days-outside-geo-zone/reset). */
export const loanDayResetSchema = z.object({
  at: z.string(),
  by: z.object({ id: entityIdSchema }).nullable(),
  count: z.number().int(),
});

export const loanDayAssetSchema = z.object({
  asset: z.object({ id: entityIdSchema, name: z.string() }),
  days: z.array(loanDaySchema),
  count: z.number().int().nonnegative(),
  resets: z.array(loanDayResetSchema),
});

export const loanDayCustomerSchema = z.object({
  /** null: assets without a customer on the day counted. */
  client: z.object({ id: entityIdSchema, company: z.string().nullable() }).nullable(),
  assets: z.array(loanDayAssetSchema),
  total: z.number().int().nonnegative(),
});

export const loanDayReportSchema = z.object({
  ...jsonLdShape,
  month: z.string(),
  customers: z.array(loanDayCustomerSchema),
  /** Days outside of the customers' assets in this answer: the month's when it is the only one. */
  total: z.number().int().nonnegative(),
  /** The path of the rest of the month (the same query with a cursor), null on its last answer. */
  next: z.string().nullable(),
});
export type LoanDayReport = z.infer<typeof loanDayReportSchema>;
export type LoanDayCustomer = z.infer<typeof loanDayCustomerSchema>;

/**
 * Records one answer holds: it ends at the first asset after this many (an asset's month is never split), and
 * `next` names the rest. ~250 bytes of JSON a record keep an answer near 1.3 MB, far below Lambda's 6 MB.
 */
export const LOAN_DAY_PAGE_RECORDS = 5_000;

import { z } from 'zod';
import { entityIdSchema, jsonLdShape, optionalReference } from './common';
import { geoZoneRefSchema } from './geo-zone';

/**
 * Loan-day billing (issue 18 part 5): the records the daily job keeps per counted day and the monthly report
 * per customer that ERP systems read (GET /api/loan-days) and the Billing screen shows and exports.
 */
export const MONTH_INVALID = 'The month must be a month such as 2026-03 (from 2000 to 2099)';
const MONTH = /^20\d{2}-(0[1-9]|1[0-2])$/;

export const loanDayReportQuerySchema = z.object({
  month: z.string({ error: MONTH_INVALID }).regex(MONTH, { error: MONTH_INVALID }),
  client: optionalReference(),
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
  /** Days outside of all customers' assets in the month. */
  total: z.number().int().nonnegative(),
});
export type LoanDayReport = z.infer<typeof loanDayReportSchema>;
export type LoanDayCustomer = z.infer<typeof loanDayCustomerSchema>;

/** Records one report reads at most; beyond, the caller narrows to one customer (422). */
export const LOAN_DAY_REPORT_LIMIT = 20_000;
export const LOAN_DAY_REPORT_TOO_LARGE = `More than ${LOAN_DAY_REPORT_LIMIT.toLocaleString('en')} loan days in this month: choose a customer`;

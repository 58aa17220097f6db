import type { RouteContract } from '../route-contracts';
import type { RouteId } from '../routes';
import { exportQuerySchema, paginationQuerySchema } from '../schemas/common';
import { exportJobSchema } from '../schemas/export';
import { loanDayReportQuerySchema, loanDayReportSchema } from '../schemas/loan-day';
import { pickupSchema } from '../schemas/pickup';

/** Pickups and loan-day billing (functions/http/billing.ts). */
export const BILLING_CONTRACTS = {
  'pickups.list': {
    summary: "Assets reported empty and waiting for a pickup, longest waiting first (the caller's scope)",
    query: paginationQuerySchema,
    collection: pickupSchema,
  },
  'loanDays.report': {
    summary: "A month's loan days (days outside the zone) per customer and asset with their evidence, and totals",
    query: loanDayReportQuerySchema,
    response: loanDayReportSchema,
  },
  'loanDays.exportJob': {
    summary: "Export a month's loan-day report (PDF, Excel, CSV) in the background",
    query: [exportQuerySchema, loanDayReportQuerySchema],
    response: exportJobSchema,
    status: 202,
  },
} satisfies Partial<Record<RouteId, RouteContract>>;

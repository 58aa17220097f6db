import type { RouteContract } from '../route-contracts';
import { exportQuerySchema } from '../schemas/common';
import { exportJobSchema } from '../schemas/export';
import { loanDayReportQuerySchema, loanDayReportSchema } from '../schemas/loan-day';
import { any, type RouteDef } from './route-def';

/**
 * Loan days (functions/http/loan-days.ts): the monthly loan-day report for invoicing, for planners and ERP
 * systems' API credentials, and its export.
 */
export const LOAN_DAYS_ROUTES = [
  {
    id: 'loanDays.report',
    method: 'GET',
    path: '/api/loan-days',
    access: any('CUSTOMER_READ', 'RESET_LOAN_DAYS'),
    handler: 'loan-days',
  },
  {
    id: 'loanDays.exportJob',
    method: 'POST',
    path: '/api/loan-days/export',
    access: any('CUSTOMER_READ', 'RESET_LOAN_DAYS'),
    handler: 'loan-days',
  },
] as const satisfies readonly RouteDef[];

export const LOAN_DAYS_CONTRACTS = {
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
} as const satisfies Record<(typeof LOAN_DAYS_ROUTES)[number]['id'], RouteContract>;

import type { RouteContract } from '../route-contracts';
import { exportQuerySchema, paginationQuerySchema } from '../schemas/common';
import { exportJobSchema } from '../schemas/export';
import { loanDayReportQuerySchema, loanDayReportSchema } from '../schemas/loan-day';
import { pickupSchema } from '../schemas/pickup';
import { any, type RouteDef } from './route-def';

/** Rental operations: pickups waiting and the monthly loan-day report (functions/http/billing.ts). */
export const BILLING_ROUTES = [
  // Rental operations (functions/http/billing.ts): the pickups waiting, for everybody who sees assets (client
  // users their customer's); the monthly loan-day report for planners and ERP systems' API credentials.
  { id: 'pickups.list', method: 'GET', path: '/api/pickups', access: any('ASSET_READ'), handler: 'billing' },
  {
    id: 'loanDays.report',
    method: 'GET',
    path: '/api/loan-days',
    access: any('CUSTOMER_READ', 'RESET_LOAN_DAYS'),
    handler: 'billing',
  },
  {
    id: 'loanDays.exportJob',
    method: 'POST',
    path: '/api/loan-days/export',
    access: any('CUSTOMER_READ', 'RESET_LOAN_DAYS'),
    handler: 'billing',
  },
] as const satisfies readonly RouteDef[];

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
} as const satisfies Record<(typeof BILLING_ROUTES)[number]['id'], RouteContract>;

import type { LoanDayReport } from '../../../shared/schemas/loan-day';
import { assetViewerOf } from '../assets/asset-view';
import type { AuthContext } from '../auth/auth-context';
import { readLoanDayPage } from './loan-day-pages';
import { loanDayReportOf } from './loan-day-records';

export interface LoanDayReportRequest {
  month: string;
  client?: number;
  /** Where the previous answer ended (its `next`). */
  cursor?: string;
}

/** The path of an answer: the month, the customer asked for, the cursor. */
const pathOf = (request: LoanDayReportRequest, cursor?: string) => {
  const query = new URLSearchParams({ month: request.month });
  if (request.client !== undefined) query.set('client', String(request.client));
  if (cursor) query.set('cursor', cursor);
  return `/api/loan-days?${query}`;
};

/**
 * The monthly loan-day report of the caller's scope (GET /api/loan-days, the Billing screen): all customers or
 * one (`client`), in answers of ~5,000 records linked by `next` (loan-day-pages.ts). The route is for planners
 * and API credentials (shared/routes.ts); should a tenant's role matrix open it to client users, they read their
 * own customer's only, whatever they ask for (a client user without a customer: nothing).
 */
export async function readLoanDayReport(auth: AuthContext, request: LoanDayReportRequest): Promise<LoanDayReport> {
  return (await reportPage(auth, request)).report;
}

/** Every answer of the month in turn, following the cursors (the export: a file has no page limit). */
export async function* loanDayReports(auth: AuthContext, request: LoanDayReportRequest): AsyncGenerator<LoanDayReport> {
  let cursor = request.cursor;
  do {
    const page = await reportPage(auth, { ...request, cursor });
    yield page.report;
    cursor = page.cursor ?? undefined;
  } while (cursor);
}

async function reportPage(auth: AuthContext, request: LoanDayReportRequest) {
  const viewer = await assetViewerOf(auth);
  const self = pathOf(request, request.cursor);
  let clientId = request.client;
  if (viewer.kind === 'client') {
    if (viewer.clientId === null || (clientId !== undefined && clientId !== viewer.clientId)) {
      return { report: loanDayReportOf(request.month, [], { self, next: null }), cursor: null };
    }
    clientId = viewer.clientId;
  }
  const page = await readLoanDayPage(auth.tenant, request.month, { clientId, cursor: request.cursor });
  const next = page.cursor ? pathOf(request, page.cursor) : null;
  return { report: loanDayReportOf(request.month, page.records, { self, next }), cursor: page.cursor };
}

import type { LoanDayReport } from '../../../shared/schemas/loan-day';
import { assetViewerOf } from '../assets/asset-view';
import type { AuthContext } from '../auth/auth-context';
import { loanDayReportOf, readLoanDayRecords } from './loan-day-records';

/**
 * The monthly loan-day report of the caller's scope (GET /api/loan-days, the Billing screen, the export): all
 * customers or one (`client`). The route is for planners and API credentials (shared/routes.ts); should a
 * tenant's role matrix open it to client users, they read their own customer's only, whatever they ask for
 * (a client user without a customer: nothing).
 */
export async function readLoanDayReport(auth: AuthContext, month: string, client?: number): Promise<LoanDayReport> {
  const viewer = await assetViewerOf(auth);
  if (viewer.kind === 'client') {
    if (viewer.clientId === null || (client !== undefined && client !== viewer.clientId)) {
      return loanDayReportOf(month, []);
    }
    return loanDayReportOf(month, await readLoanDayRecords(auth.tenant, month, viewer.clientId));
  }
  return loanDayReportOf(month, await readLoanDayRecords(auth.tenant, month, client));
}

import { buildExportQuerySchema } from '../../../shared/schemas/export';
import { type LoanDayReport, loanDayReportQuerySchema } from '../../../shared/schemas/loan-day';
import type { AuthContext } from '../auth/auth-context';
import { loanDayReports } from '../loan-days/loan-day-report';
import { type CheckedMonthlyExport, type ExportMonth, monthlyExportCheck } from './export-request';

/**
 * The monthly loan-day report as a file (POST /api/loan-days/export?month=&client=&type=), through the export
 * jobs like every list: the request checked here, the rows loan-day-export.ts's (the export worker's).
 */
export const LOAN_DAY_COLUMN_IDS = ['customer', 'asset', 'count', 'days'] as const;
export const loanDayExportQuerySchema = buildExportQuerySchema(LOAN_DAY_COLUMN_IDS);

export type LoanDayCustomer = LoanDayReport['customers'][number];
export type CheckedLoanDayExport = CheckedMonthlyExport<LoanDayCustomer>;

/** The report's customers an answer at a time (~5,000 records, loan-day-pages.ts), in the caller's scope. */
export async function* loanDayCustomers(auth: AuthContext, report: ExportMonth): AsyncGenerator<LoanDayCustomer[]> {
  for await (const answer of loanDayReports(auth, report)) yield answer.customers;
}

export const checkLoanDayExport = monthlyExportCheck(
  { file: loanDayExportQuerySchema, month: loanDayReportQuerySchema },
  'client',
  loanDayCustomers,
);

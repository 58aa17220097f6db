import { buildExportQuerySchema } from '../../../shared/schemas/export';
import { type LoanDayReport, loanDayReportQuerySchema } from '../../../shared/schemas/loan-day';
import type { AuthContext } from '../auth/auth-context';
import { validate } from '../http/validation';
import { loanDayReports } from '../loan-days/loan-day-report';
import { type CheckedExport, type ExportFileOptions, exportFileOf, splitExportQuery } from './export-request';

/**
 * The monthly loan-day report as a file (POST /api/loan-days/export?month=&client=&type=), through the export
 * jobs like every list: the request checked here, the rows loan-day-export.ts's (the export worker's).
 */
export const LOAN_DAY_COLUMN_IDS = ['customer', 'asset', 'count', 'days'] as const;
export const loanDayExportQuerySchema = buildExportQuerySchema(LOAN_DAY_COLUMN_IDS);

export type LoanDayCustomer = LoanDayReport['customers'][number];
export interface LoanDayMonth {
  month: string;
  client?: number;
}

export interface CheckedLoanDayExport extends CheckedExport {
  type: ExportFileOptions['type'];
  file: ExportFileOptions;
  report: LoanDayMonth;
  items: AsyncIterable<LoanDayCustomer[]>;
}

/** The report's customers an answer at a time (~5,000 records, loan-day-pages.ts), in the caller's scope. */
export async function* loanDayCustomers(auth: AuthContext, report: LoanDayMonth): AsyncGenerator<LoanDayCustomer[]> {
  for await (const answer of loanDayReports(auth, report)) yield answer.customers;
}

export async function checkLoanDayExport(
  auth: AuthContext,
  rawQuery: string,
  acceptLanguage: string | undefined,
): Promise<CheckedLoanDayExport> {
  const { query, listQuery } = splitExportQuery(rawQuery, loanDayExportQuerySchema);
  const params = new URLSearchParams(listQuery);
  const validated = validate(loanDayReportQuerySchema, {
    month: params.get('month') ?? undefined,
    client: params.get('client') ?? undefined,
  });
  const report = { month: validated.month, client: validated.client ?? undefined };
  return {
    type: query.type,
    file: exportFileOf(query, acceptLanguage, 'Europe/Amsterdam'),
    report,
    items: loanDayCustomers(auth, report),
  };
}

import { loanDayReportQuerySchema } from '../../shared/schemas/loan-day';
import { startExportJob } from '../lib/exports/export-jobs';
import { createHttpHandler, reply, route } from '../lib/http/handler';
import { validate } from '../lib/http/validation';
import { readLoanDayReport } from '../lib/loan-days/loan-day-report';

/**
 * Loan days: the monthly loan-day report for invoicing (GET /api/loan-days, ERP systems with an API credential
 * too; POST /api/loan-days/export writes it as CSV, Excel or PDF through the export jobs).
 */
export const handler = createHttpHandler('loan-days', {
  'loanDays.report': route({
    run: async ({ auth, query }) => {
      const params = Object.fromEntries(new URLSearchParams(query));
      const { month, client, cursor } = validate(loanDayReportQuerySchema, params);
      return readLoanDayReport(auth, { month, client: client ?? undefined, cursor });
    },
  }),
  'loanDays.exportJob': route({
    run: async ({ auth, query, event }) =>
      reply(
        202,
        await startExportJob(auth, 'loanDays', {
          claims: event.requestContext.authorizer?.jwt?.claims ?? {},
          rawQuery: query,
          acceptLanguage: event.headers?.['accept-language'],
        }),
      ),
  }),
});

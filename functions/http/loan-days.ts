import { startExportJob } from '../lib/exports/export-jobs';
import { createHttpHandler, reply, route } from '../lib/http/handler';
import { readLoanDayReport } from '../lib/loan-days/loan-day-report';

/**
 * Loan days: the monthly loan-day report for invoicing (GET /api/loan-days, ERP systems with an API credential
 * too; POST /api/loan-days/export writes it as CSV, Excel or PDF through the export jobs).
 */
export const handler = createHttpHandler('loan-days', {
  'loanDays.report': route({
    run: async ({ auth, query }) => {
      const { month, client, cursor } = query;
      return readLoanDayReport(auth, { month, client: client ?? undefined, cursor });
    },
  }),
  'loanDays.exportJob': route({
    run: async ({ auth, rawQuery, event }) =>
      reply(
        202,
        await startExportJob(auth, 'loanDays', {
          claims: event.requestContext.authorizer?.jwt?.claims ?? {},
          rawQuery,
          acceptLanguage: event.headers?.['accept-language'],
        }),
      ),
  }),
});

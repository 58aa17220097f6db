import { loanDayReportQuerySchema } from '../../shared/schemas/loan-day';
import { assetViewerOf } from '../lib/assets/asset-view';
import { startExportJob } from '../lib/exports/export-jobs';
import { parseCollectionQuery } from '../lib/http/collection-query';
import { createHttpHandler, reply, route } from '../lib/http/handler';
import { toCollection } from '../lib/http/hydra';
import { validate } from '../lib/http/validation';
import { readLoanDayReport } from '../lib/loan-days/loan-day-report';
import { listPickups } from '../lib/pickups/pickup-list';
import { userNamesOf } from '../lib/pickups/pickup-users';

/**
 * Rental operations: the pickups waiting (GET /api/pickups) and the monthly loan-day
 * report for invoicing (GET /api/loan-days, ERP systems with an API credential too; POST /api/loan-days/export
 * writes it as CSV, Excel or PDF through the export jobs).
 */
export const handler = createHttpHandler('billing', {
  'pickups.list': route({
    run: async ({ auth, query }) => {
      const viewer = await assetViewerOf(auth);
      const collection = parseCollectionQuery(query, {});
      const names = (ids: number[]) => userNamesOf(auth.tenant, ids);
      const list = await listPickups(auth.tenant, viewer, collection.page, collection.itemsPerPage, names);
      return reply(200, toCollection('/api/pickups', collection, list.members, list.total), {
        'x-total-exact': String(list.totalExact),
        'x-items-read': String(list.itemsRead),
      });
    },
  }),
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

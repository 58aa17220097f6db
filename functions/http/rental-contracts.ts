import { rentalContractListQuerySchema } from '../../shared/schemas/rental-contract';
import { assetViewerOf } from '../lib/assets/asset-view';
import { startExportJob } from '../lib/exports/export-jobs';
import { parseCollectionQuery } from '../lib/http/collection-query';
import { createHttpHandler, reply, route } from '../lib/http/handler';
import { toCollection } from '../lib/http/hydra';
import { readJsonBody } from '../lib/http/json-body';
import { validate } from '../lib/http/validation';
import { readRentalAudit } from '../lib/rental-audit/audit-report';
import { BULK_BODY_MAX_BYTES, bulkUpsert } from '../lib/rental-contracts/rental-contract-bulk';
import { getWithVersions, linesOfAsset, linesOfClient } from '../lib/rental-contracts/rental-contract-reads';
import { cancelLine, putLine } from '../lib/rental-contracts/rental-contract-saves';

/**
 * Rental contracts: the ERP's contract lines by external id (functions/lib/rental-contracts/). The bulk upsert
 * reads its own body, as it may be larger than other routes take. The month's rental audit of those lines
 * (functions/lib/rental-audit/) is answered here too: it reads what this Lambda may read, so it needs no other; its
 * export starts a job of the export worker, as every list's does.
 */
type ExternalIdParams = { externalId: string };

/** A collection reads its own query; the status filter is the shared schema's (422 for an unknown status). */
const statusOf = (rawQuery: string) =>
  validate(rentalContractListQuerySchema, Object.fromEntries(new URLSearchParams(rawQuery)));

export const handler = createHttpHandler('rental-contracts', {
  'rentalContracts.bulk': route({
    rawBody: true,
    checksBody: true,
    run: async ({ auth, event }) => bulkUpsert(auth.tenant, auth.userId, readJsonBody(event, BULK_BODY_MAX_BYTES)),
  }),
  'rentalContracts.get': route({
    run: async ({ auth, params }) =>
      getWithVersions(auth.tenant, await assetViewerOf(auth), (params as ExternalIdParams).externalId),
  }),
  'rentalContracts.put': route({
    run: async ({ auth, params, body }) =>
      putLine(auth.tenant, auth.userId, (params as ExternalIdParams).externalId, body),
  }),
  'rentalContracts.cancel': route({
    run: async ({ auth, params }) => {
      await cancelLine(auth.tenant, auth.userId, (params as ExternalIdParams).externalId);
      return reply(204);
    },
  }),
  'rentalContracts.ofAsset': route({
    run: async ({ auth, params, rawQuery }) => {
      const collection = parseCollectionQuery(rawQuery, {});
      const { id } = params as { id: number };
      const { status } = statusOf(rawQuery);
      const page = await linesOfAsset(auth.tenant, await assetViewerOf(auth), id, { ...collection, status });
      return toCollection(`/api/assets/${id}/rental-contracts`, collection, page.members, page.total);
    },
  }),
  'rentalContracts.ofClient': route({
    run: async ({ auth, params, rawQuery }) => {
      const collection = parseCollectionQuery(rawQuery, {});
      const { id } = params as { id: number };
      const { status } = statusOf(rawQuery);
      const page = await linesOfClient(auth.tenant, await assetViewerOf(auth), id, { ...collection, status });
      return toCollection(`/api/clients/${id}/rental-contracts`, collection, page.members, page.total);
    },
  }),
  'rentalAudit.month': route({
    run: async ({ auth, query }) => readRentalAudit(auth, query),
  }),
  'rentalAudit.exportJob': route({
    run: async ({ auth, rawQuery, event }) =>
      reply(
        202,
        await startExportJob(auth, 'rentalAudit', {
          claims: event.requestContext.authorizer?.jwt?.claims ?? {},
          rawQuery,
          acceptLanguage: event.headers?.['accept-language'],
        }),
      ),
  }),
});

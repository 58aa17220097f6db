import { ASSET_IS_DELIVERED, ASSET_IS_SIGNED_OFF, deliveryReportInputSchema } from '../../shared/schemas/asset';
import type { AssetHistoryQuery } from '../../shared/schemas/asset-history';
import { type AssetImportQuery, NO_IMPORT_OF_PLAN } from '../../shared/schemas/asset-import';
import { assetMapQuerySchema } from '../../shared/schemas/asset-map';
import {
  assetStatusListQuerySchema,
  CONFIRMED_REPORT_STATUS,
  canReportDelivered,
  canReportEmpty,
  NO_REPORT_TO_CONFIRM,
} from '../../shared/schemas/asset-status';
import { moveOpenAlarmsOfAsset } from '../lib/alarms/alarm-inbox';
import { dryRunAssetImport, importAssets } from '../lib/asset-import/asset-import';
import { newestAssetImport, presentAssetImport } from '../lib/asset-import/asset-import-journal';
import { assignProfileDefinitions } from '../lib/asset-profiles/asset-profile-writes';
import {
  bodyVersionOf,
  editAsset,
  emptyAsset,
  reportOf,
  runAction,
  visibleAsset,
  withStatus,
} from '../lib/assets/asset-http-writes';
import { assetListRequestOf } from '../lib/assets/asset-list-request';
import { readMapMarkers } from '../lib/assets/asset-map';
import { encodeMapAnswer, negotiateEncoding, readBudgetFor } from '../lib/assets/asset-map-answer';
import { listAssets } from '../lib/assets/asset-query';
import { assetRepository } from '../lib/assets/asset-repository';
import { listAssetStatuses, toApiAssetStatus } from '../lib/assets/asset-status';
import { assetViewerOf, presentAsset } from '../lib/assets/asset-view';
import { applyReferences, createAsset, deleteAsset, resolveReferences } from '../lib/assets/asset-writes';
import {
  deleteAttachment,
  issueUploadTicket,
  registerAttachment,
  withDownloadUrls,
} from '../lib/attachments/attachment-service';
import { deleteAssetFolder } from '../lib/attachments/attachment-storage';
import { followBulkEdit, startBulkEdit } from '../lib/bulk-edit/bulk-edit-jobs';
import { startExportJob } from '../lib/exports/export-jobs';
import { exportNow, exportRequestOf } from '../lib/exports/export-worker-client';
import { assetHistoryPage } from '../lib/history/history-answer';
import { parseCollectionQuery } from '../lib/http/collection-query';
import { badRequest, notFound, unprocessable } from '../lib/http/errors';
import { createHttpHandler, reply, route } from '../lib/http/handler';
import { toCollection } from '../lib/http/hydra';
import { expectationOf, writeExpecting } from '../lib/http/preconditions';
import { validate } from '../lib/http/validation';
import { currentMapCursor } from '../lib/live/map-delta';
import { mapDeltaReply } from '../lib/live/map-delta-reply';
import { resetRecordWrite } from '../lib/loan-days/loan-day-records';
import { mailReportSafely } from '../lib/notifications/report-notice';
import { actorOf } from '../lib/pickups/actor';
import { queueStatusEvents } from '../lib/pickups/status-events';
import { reportCheckAnswer } from '../lib/report-check/report-check-answer';
import { reportPut } from '../lib/report-check/report-items';
import { retentionOf } from '../lib/settings/retention-settings';
import { closeOpenVisitsOfAsset } from '../lib/visits/visit-writes';

/**
 * Assets (spec 000 sections 2-9): the list with its filters and sorts, the client users' view, create and
 * update with customer, devices, geo zone, schedule and status, the delivered / empty reports, the loan-days
 * reset, the map and the status list. Decisions: docs/decisions/0040 to 0049.
 */
export const handler = createHttpHandler('assets', {
  'assets.list': route({
    run: async ({ auth, rawQuery }) => {
      const viewer = await assetViewerOf(auth);
      const { collection, request } = assetListRequestOf(rawQuery, viewer);
      const result = await listAssets(auth.tenant, request);
      const members = result.items.map((asset) => presentAsset(viewer, asset));
      return reply(200, toCollection('/api/assets', collection, members, result.total), {
        'x-total-exact': String(result.totalExact),
        'x-items-read': String(result.itemsRead),
      });
    },
  }),
  // PDF, Excel or CSV of the list as the caller sees it, written to S3 (functions/lib/exports/).
  'assets.export': route({
    run: ({ auth, rawQuery, event }) => exportNow(auth, 'assets', exportRequestOf(event, rawQuery)),
  }),
  // The same export in the background: 202 with the job, GET /api/exports/{id} follows it.
  'assets.exportJob': route({
    run: async ({ auth, rawQuery, event }) =>
      reply(202, await startExportJob(auth, 'assets', exportRequestOf(event, rawQuery))),
  }),
  'assets.get': route({
    run: async ({ auth, params }) => {
      const viewer = await assetViewerOf(auth);
      return withDownloadUrls(auth.tenant, presentAsset(viewer, await visibleAsset(auth, viewer, params.id)));
    },
  }),
  // The asset's track of a period, a page at a time (functions/lib/history/history-answer.ts).
  'assets.history': route({
    run: async ({ auth, params, query }) => {
      const answer = await assetHistoryPage(auth, params.id, query as AssetHistoryQuery);
      return reply(200, answer.page, { 'x-items-read': String(answer.itemsRead) });
    },
  }),
  // The asset's evidence of a period, written by the export worker (functions/lib/evidence/): 202 with the job.
  'assets.evidenceJob': route({
    run: async ({ auth, rawQuery, event, params }) =>
      reply(202, await startExportJob(auth, 'evidence', exportRequestOf(event, rawQuery, { id: String(params.id) }))),
  }),
  // Attachments go straight to the bucket with presigned URLs (functions/lib/attachments/).
  // The asset's visibility and the caller's write permission come before the upload's faults.
  'storage.credentials': route({ checksQuery: true, run: ({ auth, rawQuery }) => issueUploadTicket(auth, rawQuery) }),
  'assets.addAttachment': route({
    checksBody: true,
    run: async ({ auth, params, body }) => reply(201, await registerAttachment(auth, params.id, body)),
  }),
  'assets.deleteAttachment': route({
    run: async ({ auth, params }) => {
      const { id, attachmentId } = params;
      await deleteAttachment(auth, id, attachmentId);
      return reply(204);
    },
  }),
  // The whole map in one columnar, compressed answer (docs/decisions/new-asset-map-answer-columnar-compressed-
  // one-answer.md): the markers hold no field a client user may not see, and they read only their customer's range.
  'assets.map': route({
    checksQuery: true,
    run: async ({ auth, rawQuery, event }) => {
      const viewer = await assetViewerOf(auth);
      const clientId = viewer.kind === 'client' ? (viewer.clientId ?? 0) : undefined;
      // A cursor is only ever one a previous answer named in `next`: any other is a 400, as one outside the caller's range.
      const parsed = assetMapQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(rawQuery)));
      if (!parsed.success) throw badRequest('Invalid cursor');
      const { cursor, since } = parsed.data;
      if (since !== undefined) return mapDeltaReply(auth.tenant, viewer, since, cursor, event);
      const encoding = negotiateEncoding(event.headers?.['accept-encoding']);
      // The change log's position read before the map: the delta since it holds whatever lands meanwhile.
      const liveCursor = await currentMapCursor(auth.tenant, viewer);
      const read = await readMapMarkers(auth.tenant, { clientId, cursor, budget: readBudgetFor(encoding) });
      const self = cursor ? `/api/assets/map?cursor=${cursor}` : '/api/assets/map';
      const answer = encodeMapAnswer(read, { self, encoding, cursor: liveCursor });
      return reply(
        200,
        answer.body,
        {
          vary: 'accept-encoding',
          ...(answer.encoding === 'identity' ? {} : { 'content-encoding': answer.encoding }),
          'x-items-read': String(read.itemsRead),
          'x-read-units': String(read.readUnits),
        },
        { isBase64Encoded: answer.isBase64Encoded },
      );
    },
  }),
  // The asset import (functions/lib/asset-import/): the file is read here, as the device import reads its own.
  'assets.importDryRun': route({
    rawBody: true,
    run: ({ auth, event }) => dryRunAssetImport(auth, event),
  }),
  'assets.import': route({
    rawBody: true,
    run: async ({ auth, event, query }) =>
      reply(202, await importAssets(auth, event, (query as AssetImportQuery).plan)),
  }),
  'assets.importProgress': route({
    run: async ({ auth, query }) => {
      const journal = await newestAssetImport(auth.tenant, (query as AssetImportQuery).plan);
      if (!journal) throw notFound(NO_IMPORT_OF_PLAN);
      return presentAssetImport(auth.tenant, journal);
    },
  }),
  'assets.create': route({
    run: async ({ auth, body }) => {
      const refs = await resolveReferences(auth.tenant, body);
      const data = await applyReferences(
        auth.tenant,
        {
          ...emptyAsset(),
          name: body.name,
          reference: body.reference ?? null,
          description: body.description ?? null,
          scheduled: body.scheduled ?? null,
        },
        refs,
      );
      const by = actorOf(auth);
      const created = await createAsset(auth.tenant, data, refs.devices, body.asset_profile_definitions, by);
      // A status set on creation is a transition too (created waiting: pickup.requested).
      queueStatusEvents(auth.tenant, { ...created, status: null }, created, by, { at: new Date().toISOString() });
      return reply(201, presentAsset({ kind: 'staff' }, created));
    },
  }),
  // The same fields on many assets, applied by the bulk edit worker row by row as this update (lib bulk-edit/).
  'assets.bulkEdit': route({
    checksBody: true,
    run: async ({ auth, body, event }) => reply(202, await startBulkEdit(auth, 'assets', body, event)),
  }),
  'assets.bulkEditJob': route({
    run: ({ auth, params }) => followBulkEdit(auth, 'assets', String(params.jobId)),
  }),
  'assets.update': route({
    checksBody: true,
    run: async ({ auth, params, body, event }) => {
      const saved = await writeExpecting(
        expectationOf(event, bodyVersionOf(body)),
        () => assetRepository.getOrThrow(auth.tenant, params.id),
        (current) => editAsset(auth.tenant, current, body, actorOf(auth)),
      );
      return presentAsset({ kind: 'staff' }, saved);
    },
  }),
  'assets.delete': route({
    run: async ({ auth, params, logger, event }) => {
      const { id } = params;
      const asset = await writeExpecting(
        expectationOf(event),
        () => assetRepository.getOrThrow(auth.tenant, id),
        async (current) => {
          await deleteAsset(auth.tenant, current);
          return current;
        },
      );
      // Its open zone visits close (the visit history stays).
      await closeOpenVisitsOfAsset(auth.tenant, asset, new Date().toISOString());
      // Its open alarms leave the inboxes (the alarm records stay, as before).
      await moveOpenAlarmsOfAsset(auth.tenant, asset.id, 'deleted');
      // The record is gone first, so a failure here leaves only unreachable files; logged for a clean-up.
      await deleteAssetFolder(auth.tenant, asset.id).catch((error: unknown) =>
        logger.warn('attachment files of a deleted asset were not removed', { assetId: asset.id, error }),
      );
      return reply(204);
    },
  }),
  'assets.delivered': route({
    checksBody: true,
    run: async ({ auth, params, body, event, logger }) => {
      // Spec 000 s.4/s.6: a transporter's report; client users report empty only. A phone's position rides along.
      const phonePosition = validate(deliveryReportInputSchema, body)?.phone_position;
      const report = { kind: 'delivered' as const, at: new Date().toISOString(), by: actorOf(auth), phonePosition };
      const answer = await runAction(
        auth,
        event,
        params.id,
        body,
        async (asset, ctx) => {
          if (!canReportDelivered(asset.status?.status, asset.client !== null)) {
            throw unprocessable([{ propertyPath: 'status', message: ASSET_IS_DELIVERED }]);
          }
          return withStatus(ctx, asset, 'send_delivered');
        },
        // The report's item (its time, for the check against the tag) moves in the asset write's transaction.
        (asset) => [reportPut(auth.tenant, asset, report)],
      );
      await mailReportSafely(auth.tenant, reportOf(auth, answer, 'delivered'), logger);
      return answer;
    },
  }),
  'assets.deregister': route({
    checksBody: true,
    run: async ({ auth, params, body, event, logger }) => {
      const phonePosition = validate(deliveryReportInputSchema, body)?.phone_position;
      const report = { kind: 'empty' as const, at: new Date().toISOString(), by: actorOf(auth), phonePosition };
      const answer = await runAction(
        auth,
        event,
        params.id,
        body,
        async (asset, ctx) => {
          if (!canReportEmpty(asset.status?.status)) {
            throw unprocessable([{ propertyPath: 'status', message: ASSET_IS_SIGNED_OFF }]);
          }
          return withStatus(ctx, asset, 'send_deregistered');
        },
        (asset) => [reportPut(auth.tenant, asset, report)],
      );
      await mailReportSafely(auth.tenant, reportOf(auth, answer, 'empty'), logger);
      return answer;
    },
  }),
  'assets.confirmReport': route({
    checksBody: true,
    run: async ({ auth, params, body, event }) => {
      // Planners confirm; client users never write assets, whatever the matrix says.
      return runAction(auth, event, params.id, body, async (asset, ctx) => {
        const confirmed = asset.status ? CONFIRMED_REPORT_STATUS[asset.status.status] : undefined;
        if (!confirmed) throw unprocessable([{ propertyPath: 'status', message: NO_REPORT_TO_CONFIRM }]);
        return withStatus(ctx, asset, confirmed);
      });
    },
  }),
  // The newest report checked against the tag (functions/lib/report-check/report-check-answer.ts).
  'assets.reportCheck': route({
    run: ({ auth, params }) => reportCheckAnswer(auth, params.id),
  }),
  'assets.saveProfiles': route({
    run: async ({ auth, params, body }) => {
      const current = await assetRepository.getOrThrow(auth.tenant, params.id);
      const saved = await assignProfileDefinitions(auth.tenant, current, body.asset_profile_definitions);
      return presentAsset({ kind: 'staff' }, saved);
    },
  }),
  'assets.resetLoanDays': route({
    checksBody: true,
    run: async ({ auth, params, body, event }) => {
      // Who reset how many days, kept beside the month's loan-day records.
      const by = actorOf(auth);
      const keptYears = (await retentionOf(auth.tenant)).loanDayYears;
      return runAction(
        auth,
        event,
        params.id,
        body,
        async (asset) => ({ ...asset, days_outside_geo_zone: 0 }),
        (asset) => [resetRecordWrite(auth.tenant, asset, by, new Date(), keptYears)],
      );
    },
  }),
  'assetStatuses.list': route({
    run: async ({ auth, rawQuery }) => {
      const collection = parseCollectionQuery(rawQuery, {});
      const { search } = validate(assetStatusListQuerySchema, Object.fromEntries(collection.params));
      const members = (await listAssetStatuses(auth.tenant, search?.toLowerCase())).map(toApiAssetStatus);
      return toCollection('/api/asset-statuses', { ...collection, paginate: false }, members, members.length);
    },
  }),
});

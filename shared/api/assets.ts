import { z } from 'zod';
import type { RouteContract } from '../route-contracts';
import {
  ASSET_SORT_FIELDS,
  assetActionInputSchema,
  assetInputSchema,
  assetListQuerySchema,
  assetProfilesAssignInputSchema,
  assetSchema,
  assetUpdateInputSchema,
  assetViewSchema,
  deliveryReportInputSchema,
} from '../schemas/asset';
import { assetHistoryPageSchema, assetHistoryQuerySchema } from '../schemas/asset-history';
import {
  assetExportLayoutQuerySchema,
  assetImportPlanSchema,
  assetImportProgressSchema,
  assetImportQuerySchema,
} from '../schemas/asset-import';
import { assetMapAnswerSchema, assetMapQuerySchema } from '../schemas/asset-map';
import { assetStatusListQuerySchema, assetStatusSchema } from '../schemas/asset-status';
import {
  attachmentRegisterSchema,
  attachmentSchema,
  attachmentUploadQuerySchema,
  attachmentUploadTicketSchema,
} from '../schemas/attachment';
import { assetBulkEditInputSchema, bulkEditJobParamsSchema, bulkEditJobSchema } from '../schemas/bulk-edit';
import { exportQuerySchema } from '../schemas/common';
import { evidenceQuerySchema } from '../schemas/evidence';
import { exportJobSchema, exportResultSchema } from '../schemas/export';
import { assetMapDeltaSchema } from '../schemas/live';
import { reportCheckAnswerSchema } from '../schemas/report-check';
import { any, noClients, type RouteDef, staffOnly } from './route-def';

/** Assets: list, map, panel, writes, status actions, attachments and their exports (functions/http/assets.ts). */
export const ASSETS_ROUTES = [
  // spec 000: assets
  { id: 'assets.list', method: 'GET', path: '/api/assets', access: any('ASSET_READ'), handler: 'assets' },
  { id: 'assets.map', method: 'GET', path: '/api/assets/map', access: any('VIEW_ASSET_MAP'), handler: 'assets' },
  { id: 'assets.export', method: 'GET', path: '/api/assets/export', access: any('ASSET_READ'), handler: 'assets' },
  // The same export run in the background (large lists outlast API Gateway's 30 s); see docs/decisions/0111.
  {
    id: 'assets.exportJob',
    method: 'POST',
    path: '/api/assets/export',
    access: any('ASSET_READ'),
    handler: 'assets',
  },
  { id: 'assets.get', method: 'GET', path: '/api/assets/{id}', access: any('ASSET_READ'), handler: 'assets' },
  // An asset's track of a period, a page at a time: client users only their customer's, from when it came to it.
  {
    id: 'assets.history',
    method: 'GET',
    path: '/api/assets/{id}/history',
    access: any('ASSET_READ'),
    handler: 'assets',
  },
  // An asset's evidence of a period (PDF or JSON), written by the export worker: the history's visibility rules.
  {
    id: 'assets.evidenceJob',
    method: 'POST',
    path: '/api/assets/{id}/evidence',
    access: any('ASSET_READ'),
    handler: 'assets',
  },
  { id: 'assets.create', method: 'POST', path: '/api/assets', access: noClients('ASSET_CREATE'), handler: 'assets' },
  // The same fields on many assets in one job (docs/decisions/0331): whoever may edit one asset.
  {
    id: 'assets.bulkEdit',
    method: 'POST',
    path: '/api/assets/bulk-edit',
    access: noClients('ASSET_EDIT', 'ASSET_CREATE'),
    handler: 'assets',
  },
  {
    id: 'assets.bulkEditJob',
    method: 'GET',
    path: '/api/assets/bulk-edit/{jobId}',
    access: noClients('ASSET_EDIT', 'ASSET_CREATE'),
    handler: 'assets',
  },
  // The export's import layout edited and read back: a dry run first, then the same plan applied (0332).
  {
    id: 'assets.importDryRun',
    method: 'POST',
    path: '/api/assets/import/dry-run',
    access: noClients('ASSET_EDIT'),
    handler: 'assets',
  },
  {
    id: 'assets.import',
    method: 'POST',
    path: '/api/assets/import',
    access: noClients('ASSET_EDIT'),
    handler: 'assets',
  },
  {
    id: 'assets.importProgress',
    method: 'GET',
    path: '/api/assets/import/progress',
    access: noClients('ASSET_EDIT'),
    handler: 'assets',
  },
  {
    id: 'assets.update',
    method: 'PUT',
    path: '/api/assets/{id}',
    access: noClients('ASSET_EDIT', 'ASSET_CREATE'),
    handler: 'assets',
  },
  {
    id: 'assets.delete',
    method: 'DELETE',
    path: '/api/assets/{id}',
    access: staffOnly('ASSET_DELETE', 'ASSET_EDIT'),
    handler: 'assets',
  },
  {
    id: 'assets.saveProfiles',
    method: 'POST',
    path: '/api/assets/{id}/asset-profiles',
    access: noClients('ASSET_PROFILE_EDIT', 'ASSET_EDIT'),
    handler: 'assets',
  },
  {
    id: 'assets.delivered',
    method: 'PUT',
    path: '/api/assets/{id}/delivered',
    access: noClients('ROLE_TRANSPORTER', 'ASSET_EDIT'),
    handler: 'assets',
  },
  {
    id: 'assets.deregister',
    method: 'PUT',
    path: '/api/assets/{id}/deregister',
    access: any('ROLE_TRANSPORTER', 'ROLE_CLIENT', 'ASSET_EDIT'),
    handler: 'assets',
  },
  {
    // A planner confirms a delivered / empty report (send_delivered -> delivered, ...).
    id: 'assets.confirmReport',
    method: 'PUT',
    path: '/api/assets/{id}/confirm-report',
    access: noClients('ASSET_REPORT_CONFIRM'),
    handler: 'assets',
  },
  // The asset's newest delivered / empty report checked against its tag (docs/decisions/0324).
  {
    id: 'assets.reportCheck',
    method: 'GET',
    path: '/api/assets/{id}/report-check',
    access: any('ASSET_READ'),
    handler: 'assets',
  },
  {
    id: 'assets.resetLoanDays',
    method: 'PUT',
    path: '/api/assets/{id}/days-outside-geo-zone/reset',
    access: noClients('RESET_LOAN_DAYS'),
    handler: 'assets',
  },
  {
    // A transporter's photo goes with a delivered / empty report from the scan screen (docs/decisions/0329).
    id: 'assets.addAttachment',
    method: 'POST',
    path: '/api/assets/{id}/attachments',
    access: any('ASSET_EDIT', 'ASSET_CREATE', 'ROLE_TRANSPORTER'),
    handler: 'assets',
  },
  {
    id: 'assets.deleteAttachment',
    method: 'DELETE',
    path: '/api/assets/{id}/attachments/{attachmentId}',
    access: any('ASSET_EDIT'),
    handler: 'assets',
  },
  { id: 'storage.credentials', method: 'GET', path: '/api/aws/s3', access: any('ASSET_READ'), handler: 'assets' },
  {
    id: 'assetStatuses.list',
    method: 'GET',
    path: '/api/asset-statuses',
    access: any('ASSET_READ'),
    handler: 'assets',
  },
] as const satisfies readonly RouteDef[];

export const ASSETS_CONTRACTS = {
  'assets.bulkEdit': {
    summary: 'Set the same fields on many assets, as a job',
    body: assetBulkEditInputSchema,
    response: bulkEditJobSchema,
    status: 202,
  },
  'assets.bulkEditJob': {
    summary: "Follow a bulk edit of assets: progress and each row's result",
    params: bulkEditJobParamsSchema,
    response: bulkEditJobSchema,
  },
  'assets.list': {
    summary: 'List assets',
    query: assetListQuerySchema,
    orders: ASSET_SORT_FIELDS,
    collection: assetViewSchema,
  },
  'assets.map': {
    summary:
      'Assets on the map: every positioned asset in one columnar answer, compressed by Accept-Encoding (br, gzip); ' +
      '`next` names the rest only past the size bounds',
    query: assetMapQuerySchema,
    // With `since`: the delta, with an ETag; If-None-Match with it answers 304.
    response: z.union([assetMapAnswerSchema, assetMapDeltaSchema]),
    notModified: true,
  },
  'assets.export': {
    summary: 'Export the asset list (PDF, Excel, CSV)',
    query: [exportQuerySchema, assetExportLayoutQuerySchema, assetListQuerySchema],
    response: exportResultSchema,
  },
  'assets.exportJob': {
    summary: 'Export the asset list in the background',
    query: [exportQuerySchema, assetExportLayoutQuerySchema, assetListQuerySchema],
    response: exportJobSchema,
    status: 202,
  },
  'assets.get': { summary: 'Get an asset', response: assetViewSchema },
  'assets.history': {
    summary:
      "An asset's located events of a period (default the last 7 days, at most 366), oldest first, a page at a time",
    query: assetHistoryQuerySchema,
    response: assetHistoryPageSchema,
  },
  'assets.evidenceJob': {
    summary:
      "An asset's evidence of a period (at most 92 days) in the background: track map, stops, zone visits, loan days and positions as PDF or JSON, with the SHA-256 of its canonical content",
    query: evidenceQuerySchema,
    response: exportJobSchema,
    status: 202,
    errors: [404],
  },
  'assets.importDryRun': {
    summary: "Dry run of an asset import (CSV or Excel of the export's import layout): what each row would do",
    upload: true,
    response: assetImportPlanSchema,
  },
  'assets.import': {
    summary:
      'Import assets (CSV or Excel): the plan its dry run answered (409 if it changed), applied row by row by a worker',
    upload: true,
    query: assetImportQuerySchema,
    response: assetImportProgressSchema,
    status: 202,
    errors: [409],
  },
  'assets.importProgress': {
    summary: 'How far the newest import of a plan came (rows done of its total), and its result once it ended',
    query: assetImportQuerySchema,
    response: assetImportProgressSchema,
    errors: [404],
  },
  'assets.create': { summary: 'Create an asset', body: assetInputSchema, response: assetSchema, status: 201 },
  // Idempotent: the scan screen's depot check-in / check-out is this update, sent through the offline queue.
  'assets.update': {
    summary: 'Update an asset',
    body: assetUpdateInputSchema,
    response: assetSchema,
    ifMatch: true,
    idempotent: true,
  },
  'assets.delete': { summary: 'Delete an asset', ifMatch: true },
  'assets.saveProfiles': {
    summary: "Assign an asset's profiles",
    body: assetProfilesAssignInputSchema,
    response: assetSchema,
    errors: [409],
  },
  'assets.delivered': {
    summary: 'Report an asset delivered',
    body: deliveryReportInputSchema,
    response: assetViewSchema,
    ifMatch: true,
    idempotent: true,
  },
  'assets.deregister': {
    summary: 'Report an asset empty',
    body: deliveryReportInputSchema,
    response: assetViewSchema,
    ifMatch: true,
    idempotent: true,
  },
  'assets.confirmReport': {
    summary: 'Confirm a delivered or empty report (send_delivered to delivered, send_deregistered to deregistered)',
    body: assetActionInputSchema,
    response: assetViewSchema,
    ifMatch: true,
  },
  'assets.reportCheck': {
    summary:
      "The asset's newest delivered or empty report checked against its tag: agree, disagree or no data, with the " +
      "fixes within two hours of the report; client users only their customer's reports, without zones",
    response: reportCheckAnswerSchema,
  },
  'assets.resetLoanDays': {
    summary: 'Reset the days outside the geo zone',
    body: assetActionInputSchema,
    response: assetViewSchema,
    ifMatch: true,
  },
  'assets.addAttachment': {
    summary: 'Register an uploaded attachment',
    body: attachmentRegisterSchema,
    response: attachmentSchema,
    status: 201,
  },
  'assets.deleteAttachment': { summary: 'Delete an attachment' },
  'storage.credentials': {
    summary: 'A presigned POST (form upload, size-bound) for an attachment',
    query: attachmentUploadQuerySchema,
    response: attachmentUploadTicketSchema,
    errors: [404],
  },
  'assetStatuses.list': { summary: 'Asset statuses', query: assetStatusListQuerySchema, collection: assetStatusSchema },
} as const satisfies Record<(typeof ASSETS_ROUTES)[number]['id'], RouteContract>;

import type { RouteContract } from '../route-contracts';
import { exportQuerySchema } from '../schemas/common';
import { exportJobSchema } from '../schemas/export';
import { rentalAuditExportQuerySchema, rentalAuditQuerySchema, rentalAuditReportSchema } from '../schemas/rental-audit';
import {
  externalIdParamsSchema,
  rentalContractBulkInputSchema,
  rentalContractBulkReportSchema,
  rentalContractInputSchema,
  rentalContractListQuerySchema,
  rentalContractSchema,
  rentalContractWithVersionsSchema,
} from '../schemas/rental-contract';
import { any, type RouteDef, staffOnly } from './route-def';

/**
 * Rental contracts (functions/http/rental-contracts.ts): the ERP's contract lines by external id. Staff who
 * edit customers write them, as an API credential of such a role does; whoever reads customers reads them, and
 * client users read their own customer's lines (functions/lib/rental-contracts/rental-contract-reads.ts).
 */
const READ = any('CUSTOMER_READ', 'ROLE_CLIENT');
const WRITE = staffOnly('CUSTOMER_EDIT');

export const RENTAL_CONTRACTS_ROUTES = [
  {
    id: 'rentalContracts.bulk',
    method: 'POST',
    path: '/api/rental-contracts/bulk',
    access: WRITE,
    handler: 'rental-contracts',
  },
  {
    id: 'rentalContracts.get',
    method: 'GET',
    path: '/api/rental-contracts/{externalId}',
    access: READ,
    handler: 'rental-contracts',
  },
  {
    id: 'rentalContracts.put',
    method: 'PUT',
    path: '/api/rental-contracts/{externalId}',
    access: WRITE,
    handler: 'rental-contracts',
  },
  {
    id: 'rentalContracts.cancel',
    method: 'DELETE',
    path: '/api/rental-contracts/{externalId}',
    access: WRITE,
    handler: 'rental-contracts',
  },
  {
    id: 'rentalContracts.ofAsset',
    method: 'GET',
    path: '/api/assets/{id}/rental-contracts',
    access: READ,
    handler: 'rental-contracts',
  },
  {
    id: 'rentalContracts.ofClient',
    method: 'GET',
    path: '/api/clients/{id}/rental-contracts',
    access: READ,
    handler: 'rental-contracts',
  },
  // The month's rental audit of the lines (functions/lib/rental-audit/), for the ERP and the console: the same
  // audience as the lines, client users their own customer's only.
  {
    id: 'rentalAudit.month',
    method: 'GET',
    path: '/api/rental-audit',
    access: READ,
    handler: 'rental-contracts',
  },
  // The month's audit as a file through the export jobs (functions/lib/rental-audit/audit-export.ts), in the same
  // scope as the answer.
  {
    id: 'rentalAudit.exportJob',
    method: 'POST',
    path: '/api/rental-audit/export',
    access: READ,
    handler: 'rental-contracts',
  },
] as const satisfies readonly RouteDef[];

export const RENTAL_CONTRACTS_CONTRACTS = {
  'rentalContracts.bulk': {
    summary:
      'Create or replace up to 5,000 contract lines by external id: every line is checked on its own, the answer reports each (done, unchanged or refused with its violations); refused and unchanged lines write nothing',
    body: rentalContractBulkInputSchema,
    response: rentalContractBulkReportSchema,
  },
  'rentalContracts.get': {
    summary: "A contract line with its versions, newest first (client users: their customer's lines only)",
    params: externalIdParamsSchema,
    response: rentalContractWithVersionsSchema,
  },
  'rentalContracts.put': {
    summary:
      'Create or replace a contract line by its external id (idempotent: the same line again writes nothing); a version sent that is not the stored one answers 409',
    params: externalIdParamsSchema,
    body: rentalContractInputSchema,
    response: rentalContractSchema,
    errors: [409],
  },
  'rentalContracts.cancel': {
    summary: 'Cancel a contract line (its status becomes cancelled; the line and its versions stay)',
    params: externalIdParamsSchema,
  },
  'rentalContracts.ofAsset': {
    summary: "An asset's contract lines, latest on-hire first (status: only the lines of that status)",
    query: rentalContractListQuerySchema,
    collection: rentalContractSchema,
  },
  'rentalContracts.ofClient': {
    summary: "A customer's contract lines, latest on-hire first (status: only the lines of that status)",
    query: rentalContractListQuerySchema,
    collection: rentalContractSchema,
  },
  'rentalAudit.month': {
    summary:
      "A month's rental audit: per contract line and day what was billed against where the tag placed the asset (on-hire, over-billed, overdue, misplaced, unbilled, off-hire, no-data) with the evidence, and totals; client users their own customer's only",
    query: rentalAuditQuerySchema,
    response: rentalAuditReportSchema,
  },
  'rentalAudit.exportJob': {
    summary:
      "Export a month's rental audit (PDF, Excel, CSV) in the background: a row per contract line and day with its class, billed flag and fix counts; client users their own customer's lines only",
    query: [exportQuerySchema, rentalAuditExportQuerySchema],
    response: exportJobSchema,
    status: 202,
  },
} as const satisfies Record<(typeof RENTAL_CONTRACTS_ROUTES)[number]['id'], RouteContract>;

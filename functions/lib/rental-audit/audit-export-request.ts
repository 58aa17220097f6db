import { buildExportQuerySchema } from '../../../shared/schemas/export';
import { type RentalAuditLine, rentalAuditExportQuerySchema } from '../../../shared/schemas/rental-audit';
import type { AuthContext } from '../auth/auth-context';
import { type CheckedMonthlyExport, type ExportMonth, monthlyExportCheck } from '../exports/export-request';
import { readAuditPage } from './audit-report';

/**
 * The month's rental audit as a file (POST /api/rental-audit/export?month=&customer=&type=), through the export
 * jobs like every list: the request checked here, the rows audit-export.ts's (the export worker's). The scope is
 * the API's (audit-report.ts): a client user's file holds their own customer's lines, whatever they ask.
 */
export const RENTAL_AUDIT_COLUMN_IDS = [
  'customer',
  'customerName',
  'externalId',
  'asset',
  'assetName',
  'assetReference',
  'day',
  'class',
  'billed',
  'fixes',
  'deliveryZone',
  'depot',
  'otherZone',
  'outside',
] as const;
export const rentalAuditExportSchema = buildExportQuerySchema(RENTAL_AUDIT_COLUMN_IDS);

export type CheckedRentalAuditExport = CheckedMonthlyExport<RentalAuditLine>;

/** The month's lines an answer at a time (at most 5,000 day items, a line never split), in the API's order. */
export async function* auditLines(auth: AuthContext, report: ExportMonth): AsyncGenerator<RentalAuditLine[]> {
  let cursor: string | undefined;
  do {
    const page = await readAuditPage(auth, { month: report.month, customer: report.client ?? null, cursor });
    yield page.lines;
    cursor = page.cursor ?? undefined;
  } while (cursor);
}

export const checkRentalAuditExport = monthlyExportCheck(
  { file: rentalAuditExportSchema, month: rentalAuditExportQuerySchema },
  'customer',
  auditLines,
);

import { buildExportQuerySchema, type ExportLanguage, type ExportType } from '../../../shared/schemas/export';
import { rentalAuditExportQuerySchema } from '../../../shared/schemas/rental-audit';
import {
  classes as deClasses,
  columns as deColumns,
  no as deNo,
  fileTitle as deTitle,
  yes as deYes,
} from '../../../web/src/i18n/features/rentalAudit/de.json';
import {
  classes as enClasses,
  columns as enColumns,
  no as enNo,
  fileTitle as enTitle,
  yes as enYes,
} from '../../../web/src/i18n/features/rentalAudit/en.json';
import {
  classes as frClasses,
  columns as frColumns,
  no as frNo,
  fileTitle as frTitle,
  yes as frYes,
} from '../../../web/src/i18n/features/rentalAudit/fr.json';
import {
  classes as nlClasses,
  columns as nlColumns,
  no as nlNo,
  fileTitle as nlTitle,
  yes as nlYes,
} from '../../../web/src/i18n/features/rentalAudit/nl.json';
import type { AuthContext } from '../auth/auth-context';
import { assetExportTexts } from '../exports/asset-export-texts';
import { splitExportQuery } from '../exports/export-request';
import type { ExportColumn, ExportRow } from '../exports/export-table';
import { dateTimeFormatter, dayIn } from '../exports/export-values';
import type { ExportRun } from '../exports/run-export';
import { validate } from '../http/validation';
import { mailLanguage } from '../mail/mail-language';
import { auditNamesReader } from './audit-names';
import { readAuditPage } from './audit-report';

/**
 * The month's rental audit as a file (POST /api/rental-audit/export?month=&customer=&type=): one row per contract
 * line and day in the API's order (customer, line, day), with its class, whether it was billed and the evidence's
 * fix counts per place, the customer and the asset named beside their ids (the ids stay for the ERP to match), through the export jobs like every list (functions/lib/exports/run-export.ts). The scope is
 * the API's (audit-report.ts): a client user's file holds their own customer's lines, whatever they ask. The words
 * are the Rental audit screen's own (its translation files), so the file names a class as the screen does.
 */
const COLUMN_IDS = [
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
export const rentalAuditExportSchema = buildExportQuerySchema(COLUMN_IDS);

/**
 * The file's words only, by named imports of the JSON: esbuild then leaves the screen's other strings out of every
 * bundle that starts exports.
 */
interface FileTexts {
  fileTitle: string;
  columns: typeof enColumns;
  classes: typeof enClasses;
  yes: string;
  no: string;
}
const TEXTS: Record<ExportLanguage, FileTexts> = {
  en: { fileTitle: enTitle, columns: enColumns, classes: enClasses, yes: enYes, no: enNo },
  nl: { fileTitle: nlTitle, columns: nlColumns, classes: nlClasses, yes: nlYes, no: nlNo },
  de: { fileTitle: deTitle, columns: deColumns, classes: deClasses, yes: deYes, no: deNo },
  fr: { fileTitle: frTitle, columns: frColumns, classes: frClasses, yes: frYes, no: frNo },
};
const WIDTHS: Partial<Record<(typeof COLUMN_IDS)[number], number>> = {
  customerName: 24,
  externalId: 24,
  assetName: 24,
  assetReference: 16,
  class: 22,
  day: 12,
};

export async function prepareRentalAuditExport(
  auth: AuthContext,
  rawQuery: string,
  acceptLanguage: string | undefined,
): Promise<ExportRun<ExportRow>> {
  const { query, listQuery } = splitExportQuery(rawQuery, rentalAuditExportSchema);
  const params = new URLSearchParams(listQuery);
  const audit = validate(rentalAuditExportQuerySchema, {
    month: params.get('month') ?? undefined,
    customer: params.get('customer') ?? undefined,
  });
  return rentalAuditExportOf(
    auth,
    { month: audit.month, client: audit.customer ?? undefined },
    {
      type: query.type,
      language: (query.language ?? mailLanguage(acceptLanguage)) as ExportLanguage,
      timeZone: query.timeZone ?? 'Europe/Amsterdam',
    },
  );
}

/**
 * A month's audit as a file in the caller's scope: the export job's, and the scheduled report's
 * (functions/lib/report-subscriptions/kinds/rental-audit.ts), whose `client` is the subscription's customer.
 */
export function rentalAuditExportOf(
  auth: AuthContext,
  report: { month: string; client?: number },
  file: { type: ExportType; language: ExportLanguage; timeZone: string },
  now = new Date(),
): ExportRun<ExportRow> {
  const texts = TEXTS[file.language];
  const pageTexts = assetExportTexts(file.language);
  const columns: ExportColumn[] = COLUMN_IDS.map((id) => ({ id, label: texts.columns[id], width: WIDTHS[id] ?? 10 }));
  const who = report.client === undefined ? '' : `.${report.client}`;
  return {
    ctx: auth.tenant,
    entity: `RentalAudit.${report.month}${who}`,
    type: file.type,
    day: dayIn(file.timeZone, now),
    sheet: {
      title: `${texts.fileTitle} ${report.month}`,
      subtitle: pageTexts.exportedOn(dateTimeFormatter(file.timeZone)(now.toISOString())),
      columns,
      pageLabel: pageTexts.page,
    },
    batches: rowsOf(auth, report, texts),
    toRow: (row) => row,
  };
}

/**
 * The month an answer at a time (at most 5,000 day items, a line never split), each answer's days as rows, with
 * the names of the answer's customers and assets beside their ids (audit-names.ts, read once per export).
 */
async function* rowsOf(
  auth: AuthContext,
  report: { month: string; client?: number },
  texts: FileTexts,
): AsyncGenerator<ExportRow[]> {
  const namesOf = auditNamesReader(auth.tenant);
  let cursor: string | undefined;
  do {
    const page = await readAuditPage(auth, { month: report.month, customer: report.client ?? null, cursor });
    const names = await namesOf(page.lines);
    yield page.lines.flatMap((line) => {
      const asset = names.asset(line.asset);
      return line.days.map((day): ExportRow => {
        const places = day.evidence.places;
        return [
          line.customer,
          names.customer(line.customer),
          line.externalId,
          line.asset,
          asset.name,
          asset.reference,
          day.day,
          texts.classes[day.class],
          day.billed ? texts.yes : texts.no,
          day.evidence.fixes,
          places['delivery-zone'],
          places.depot,
          places['other-zone'],
          places.outside,
        ];
      });
    });
    cursor = page.cursor ?? undefined;
  } while (cursor);
}

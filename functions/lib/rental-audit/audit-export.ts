import type { ExportLanguage } from '../../../shared/schemas/export';
import type { RentalAuditLine } from '../../../shared/schemas/rental-audit';
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
import { buildRowsRun, labelColumns } from '../exports/build-export-run';
import type { ExportFileOptions, ExportMonth } from '../exports/export-request';
import type { ExportRow } from '../exports/export-table';
import type { ExportRun } from '../exports/run-export';
import { auditLines, type CheckedRentalAuditExport, RENTAL_AUDIT_COLUMN_IDS } from './audit-export-request';
import { auditNamesReader } from './audit-names';

/**
 * The month's rental audit file (request: audit-export-request.ts): one row per contract line and day in the
 * API's order (customer, line, day), with its class, whether it was billed and the evidence's fix counts per
 * place, the customer and the asset named beside their ids (the ids stay for the ERP to match). The words are
 * the Rental audit screen's own (its translation files), so the file names a class as the screen does.
 */

/**
 * The file's words only, by named imports of the JSON: esbuild then leaves the screen's other strings out of the
 * bundles that write exports.
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
const WIDTHS: Partial<Record<(typeof RENTAL_AUDIT_COLUMN_IDS)[number], number>> = {
  customerName: 24,
  externalId: 24,
  assetName: 24,
  assetReference: 16,
  class: 22,
  day: 12,
};

/** The export job's file, from its checked request. */
export const rentalAuditExportRun = (auth: AuthContext, checked: CheckedRentalAuditExport): ExportRun<ExportRow> =>
  auditRun(auth, checked.report, checked.file, checked.items);

/**
 * A month's audit as a file in the caller's scope: the scheduled report's
 * (functions/lib/report-subscriptions/kinds/rental-audit.ts), whose `client` is the subscription's customer.
 */
export const rentalAuditExportOf = (
  auth: AuthContext,
  report: ExportMonth,
  file: ExportFileOptions,
  now = new Date(),
): ExportRun<ExportRow> => auditRun(auth, report, file, auditLines(auth, report), now);

function auditRun(
  auth: AuthContext,
  report: ExportMonth,
  file: ExportFileOptions,
  lines: AsyncIterable<RentalAuditLine[]>,
  now = new Date(),
): ExportRun<ExportRow> {
  const texts = TEXTS[file.language];
  const who = report.client === undefined ? '' : `.${report.client}`;
  return buildRowsRun({
    ctx: auth.tenant,
    entity: `RentalAudit.${report.month}${who}`,
    file,
    title: `${texts.fileTitle} ${report.month}`,
    columns: labelColumns(
      RENTAL_AUDIT_COLUMN_IDS,
      (id) => texts.columns[id],
      (id) => WIDTHS[id] ?? 10,
    ),
    batches: rowsOf(auth, lines, texts),
    now,
  });
}

/**
 * Each answer's days as rows, with the names of the answer's customers and assets beside their ids
 * (audit-names.ts, read once per export).
 */
async function* rowsOf(
  auth: AuthContext,
  answers: AsyncIterable<RentalAuditLine[]>,
  texts: FileTexts,
): AsyncGenerator<ExportRow[]> {
  const namesOf = auditNamesReader(auth.tenant);
  for await (const lines of answers) {
    const names = await namesOf(lines);
    yield lines.flatMap((line) => {
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
  }
}

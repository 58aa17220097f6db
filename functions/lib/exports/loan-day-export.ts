import { buildExportQuerySchema, type ExportLanguage, type ExportType } from '../../../shared/schemas/export';
import type { LoanDayReport } from '../../../shared/schemas/loan-day';
import { loanDayReportQuerySchema } from '../../../shared/schemas/loan-day';
import type { AuthContext } from '../auth/auth-context';
import { validate } from '../http/validation';
import { loanDayReports } from '../loan-days/loan-day-report';
import { mailLanguage } from '../mail/mail-language';
import { assetExportTexts } from './asset-export-texts';
import { splitExportQuery } from './export-request';
import type { ExportColumn, ExportRow } from './export-table';
import { dateTimeFormatter, dayIn } from './export-values';
import type { ExportRun } from './run-export';

/**
 * The monthly loan-day report as a file (POST /api/loan-days/export?month=&client=&type=):
 * one row per customer and asset (the days outside as a count and as the days of the month), a total row per
 * customer and one for the month, through the export jobs like every list (run-export.ts).
 */
const COLUMN_IDS = ['customer', 'asset', 'count', 'days'] as const;
export const loanDayExportQuerySchema = buildExportQuerySchema(COLUMN_IDS);

const TEXTS: Record<
  ExportLanguage,
  { title: string; total: string; none: string } & Record<(typeof COLUMN_IDS)[number], string>
> = {
  en: {
    title: 'Loan days',
    customer: 'Customer',
    asset: 'Asset',
    count: 'Days outside',
    days: 'Days',
    total: 'Total',
    none: 'No customer',
  },
  nl: {
    title: 'Uitleendagen',
    customer: 'Klant',
    asset: 'Asset',
    count: 'Dagen buiten',
    days: 'Dagen',
    total: 'Totaal',
    none: 'Geen klant',
  },
  de: {
    title: 'Leihtage',
    customer: 'Kunde',
    asset: 'Asset',
    count: 'Tage außerhalb',
    days: 'Tage',
    total: 'Summe',
    none: 'Kein Kunde',
  },
  fr: {
    title: 'Jours de prêt',
    customer: 'Client',
    asset: 'Actif',
    count: 'Jours dehors',
    days: 'Jours',
    total: 'Total',
    none: 'Sans client',
  },
};

export async function prepareLoanDayExport(
  auth: AuthContext,
  rawQuery: string,
  acceptLanguage: string | undefined,
): Promise<ExportRun<ExportRow>> {
  const { query, listQuery } = splitExportQuery(rawQuery, loanDayExportQuerySchema);
  const params = new URLSearchParams(listQuery);
  const report = validate(loanDayReportQuerySchema, {
    month: params.get('month') ?? undefined,
    client: params.get('client') ?? undefined,
  });
  const language = (query.language ?? mailLanguage(acceptLanguage)) as ExportLanguage;
  return loanDayExportOf(
    auth,
    { month: report.month, client: report.client ?? undefined },
    {
      type: query.type,
      language,
      timeZone: query.timeZone ?? 'Europe/Amsterdam',
    },
  );
}

/**
 * A month's loan-day report as a file, in the caller's scope (a client user's: their customer's only): the
 * export job's, and the report subscriptions' mails (functions/lib/report-subscriptions/report-file.ts).
 */
export function loanDayExportOf(
  auth: AuthContext,
  report: { month: string; client?: number },
  file: { type: ExportType; language: ExportLanguage; timeZone: string },
  now = new Date(),
): ExportRun<ExportRow> {
  const texts = TEXTS[file.language];
  const pageTexts = assetExportTexts(file.language);
  const columns: ExportColumn[] = COLUMN_IDS.map((id) => ({
    id,
    label: texts[id],
    width: id === 'days' ? 40 : id === 'count' ? 12 : 24,
  }));
  return {
    ctx: auth.tenant,
    entity: `LoanDays.${report.month}`,
    type: file.type,
    day: dayIn(file.timeZone, now),
    sheet: {
      title: `${texts.title} ${report.month}`,
      subtitle: pageTexts.exportedOn(dateTimeFormatter(file.timeZone)(now.toISOString())),
      columns,
      pageLabel: pageTexts.page,
    },
    batches: rowsOf(loanDayReports(auth, report), texts),
    toRow: (row) => row,
  };
}

/**
 * The file's rows, an answer of the report at a time (~5,000 records, loan-day-pages.ts): a row per customer and
 * asset, a customer's total once its last asset is written (a customer may span answers), the month's total
 * last when there was any row.
 */
async function* rowsOf(
  answers: AsyncIterable<LoanDayReport>,
  texts: { total: string; none: string },
): AsyncGenerator<ExportRow[]> {
  let customer: { id: number | null; name: string; total: number } | undefined;
  let monthTotal = 0;
  for await (const answer of answers) {
    const rows: ExportRow[] = [];
    for (const part of answer.customers) {
      const id = part.client?.id ?? null;
      if (customer && customer.id !== id) rows.push([customer.name, texts.total, customer.total, null]);
      if (!customer || customer.id !== id) {
        customer = { id, name: part.client ? (part.client.company ?? `#${part.client.id}`) : texts.none, total: 0 };
      }
      for (const line of part.assets) {
        rows.push([
          customer.name,
          line.asset.name,
          line.count,
          line.days.map((d) => Number(d.day.slice(8))).join(', '),
        ]);
      }
      customer.total += part.total;
      monthTotal += part.total;
    }
    yield rows;
  }
  if (customer)
    yield [
      [customer.name, texts.total, customer.total, null],
      [texts.total, null, monthTotal, null],
    ];
}

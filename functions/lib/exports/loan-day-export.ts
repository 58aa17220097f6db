import { buildExportQuerySchema, type ExportLanguage } from '../../../shared/schemas/export';
import { loanDayReportQuerySchema } from '../../../shared/schemas/loan-day';
import type { AuthContext } from '../auth/auth-context';
import { validate } from '../http/validation';
import { readLoanDayReport } from '../loan-days/loan-day-report';
import { mailLanguage } from '../mail/mail-language';
import { assetExportTexts } from './asset-export-texts';
import { splitExportQuery } from './export-request';
import type { ExportColumn, ExportRow } from './export-table';
import { dateTimeFormatter, dayIn } from './export-values';
import type { ExportRun } from './run-export';

/**
 * The monthly loan-day report as a file (issue 18 part 5; POST /api/loan-days/export?month=&client=&type=):
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
  const texts = TEXTS[language];
  const pageTexts = assetExportTexts(language);
  const timeZone = query.timeZone ?? 'Europe/Amsterdam';
  const now = new Date();
  const answer = await readLoanDayReport(auth, report.month, report.client ?? undefined);
  const rows: ExportRow[] = [];
  for (const customer of answer.customers) {
    const name = customer.client ? (customer.client.company ?? `#${customer.client.id}`) : texts.none;
    for (const line of customer.assets) {
      rows.push([name, line.asset.name, line.count, line.days.map((d) => Number(d.day.slice(8))).join(', ')]);
    }
    rows.push([name, texts.total, customer.total, null]);
  }
  if (rows.length > 0) rows.push([texts.total, null, answer.total, null]);
  const columns: ExportColumn[] = COLUMN_IDS.map((id) => ({
    id,
    label: texts[id],
    width: id === 'days' ? 40 : id === 'count' ? 12 : 24,
  }));
  return {
    ctx: auth.tenant,
    entity: `LoanDays.${report.month}`,
    type: query.type,
    day: dayIn(timeZone, now),
    sheet: {
      title: `${texts.title} ${report.month}`,
      subtitle: pageTexts.exportedOn(dateTimeFormatter(timeZone)(now.toISOString())),
      columns,
      pageLabel: pageTexts.page,
    },
    batches: (async function* () {
      for (let i = 0; i < rows.length; i += 500) yield rows.slice(i, i + 500);
    })(),
    expectedRows: async () => rows.length,
    toRow: (row) => row,
  };
}

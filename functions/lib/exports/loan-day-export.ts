import type { ExportLanguage } from '../../../shared/schemas/export';
import type { AuthContext } from '../auth/auth-context';
import { buildRowsRun, labelColumns } from './build-export-run';
import type { ExportFileOptions, ExportMonth } from './export-request';
import type { ExportRow } from './export-table';
import {
  type CheckedLoanDayExport,
  LOAN_DAY_COLUMN_IDS,
  type LoanDayCustomer,
  loanDayCustomers,
} from './loan-day-export-request';
import type { ExportRun } from './run-export';

/**
 * The monthly loan-day report's file (request: loan-day-export-request.ts): one row per customer and asset (the
 * days outside as a count and as the days of the month), a total row per customer and one for the month.
 */
const TEXTS: Record<
  ExportLanguage,
  { title: string; total: string; none: string } & Record<(typeof LOAN_DAY_COLUMN_IDS)[number], string>
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

/** The export job's file, from its checked request. */
export const loanDayExportRun = (auth: AuthContext, checked: CheckedLoanDayExport): ExportRun<ExportRow> =>
  loanDayRun(auth, checked.report, checked.file, checked.items);

/**
 * A month's loan-day report as a file, in the caller's scope (a client user's: their customer's only): the
 * report subscriptions' mails (functions/lib/report-subscriptions/report-file.ts).
 */
export const loanDayExportOf = (
  auth: AuthContext,
  report: ExportMonth,
  file: ExportFileOptions,
  now = new Date(),
): ExportRun<ExportRow> => loanDayRun(auth, report, file, loanDayCustomers(auth, report), now);

function loanDayRun(
  auth: AuthContext,
  report: ExportMonth,
  file: ExportFileOptions,
  customers: AsyncIterable<LoanDayCustomer[]>,
  now = new Date(),
): ExportRun<ExportRow> {
  const texts = TEXTS[file.language];
  return buildRowsRun({
    ctx: auth.tenant,
    entity: `LoanDays.${report.month}`,
    file,
    title: `${texts.title} ${report.month}`,
    columns: labelColumns(
      LOAN_DAY_COLUMN_IDS,
      (id) => texts[id],
      (id) => (id === 'days' ? 40 : id === 'count' ? 12 : 24),
    ),
    batches: rowsOf(customers, texts),
    now,
  });
}

/**
 * The file's rows, an answer of the report at a time (~5,000 records, loan-day-pages.ts): a row per customer and
 * asset, a customer's total once its last asset is written (a customer may span answers), the month's total
 * last when there was any row.
 */
async function* rowsOf(
  answers: AsyncIterable<LoanDayCustomer[]>,
  texts: { total: string; none: string },
): AsyncGenerator<ExportRow[]> {
  let customer: { id: number | null; name: string; total: number } | undefined;
  let monthTotal = 0;
  for await (const answer of answers) {
    const rows: ExportRow[] = [];
    for (const part of answer) {
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

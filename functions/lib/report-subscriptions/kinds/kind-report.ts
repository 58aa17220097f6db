import type { ExportLanguage } from '../../../../shared/schemas/export';
import type { AnyReportOptions } from '../../../../shared/schemas/report-kinds';
import { PRODUCT_TIME_ZONE } from '../../../../shared/wall-clock';
import type { AuthContext } from '../../auth/auth-context';
import { buildRowsRun } from '../../exports/build-export-run';
import type { ExportRow } from '../../exports/export-table';
import type { ExportRun } from '../../exports/run-export';
import { previousMonthOf } from '../next-due';
import type { ReportSubscriptionRecord } from '../subscription-repository';

/**
 * One kind of report as the job mails it: the file's rows (an export run, read from the list the console shows
 * for the same question) and the mail's words in the subscriber's language, saying what the report is.
 * `state.truncated` is set while the rows are read: the list held more than the report's row limit.
 */
export interface KindWords {
  subject: string;
  attached: string;
  empty: string;
  tooLarge: (megabytes: string) => string;
}

export interface KindReport {
  run: ExportRun<ExportRow>;
  words: KindWords;
  state: { truncated: boolean };
}

/** What a kind is given: the owner as the report reads them, the subscription, the period's due time and now. */
export interface KindInput {
  owner: AuthContext;
  subscription: ReportSubscriptionRecord;
  options: AnyReportOptions;
  due: Date;
  now: Date;
}

export type KindColumns = readonly { id: string; width: number }[];

/** The export run of a kind's rows, its sheet titled and its columns labelled in the subscriber's language. */
export function kindRun(
  input: KindInput,
  entity: string,
  title: string,
  columns: readonly { id: string; label: string; width: number }[],
  batches: AsyncIterable<ExportRow[]>,
): ExportRun<ExportRow> {
  const { subscription, owner, now } = input;
  return buildRowsRun({
    ctx: owner.tenant,
    entity,
    file: { type: subscription.format, language: subscription.language, timeZone: PRODUCT_TIME_ZONE },
    title,
    columns,
    batches,
    now,
  });
}

/** Labels for the columns of a kind from its texts in one language. */
export const labelled = (columns: KindColumns, labels: Record<string, string>) =>
  columns.map((column) => ({ ...column, label: labels[column.id] ?? column.id }));

export type Texts<T> = Record<ExportLanguage, T>;

/** "The report is too large to attach", the same for every kind but loan days. */
export const tooLarge: Texts<(title: string, day: string, mb: string) => string> = {
  en: (title, day, mb) =>
    `The report "${title}" of ${day} is too large to attach (over ${mb} MB). See the list in the console.`,
  nl: (title, day, mb) =>
    `Het rapport "${title}" van ${day} is te groot om mee te sturen (meer dan ${mb} MB). Bekijk de lijst in de console.`,
  de: (title, day, mb) =>
    `Der Bericht „${title}“ vom ${day} ist zu groß für einen Anhang (über ${mb} MB). Sehen Sie die Liste in der Konsole an.`,
  fr: (title, day, mb) =>
    `Le rapport « ${title} » du ${day} est trop volumineux pour être joint (plus de ${mb} Mo). Consultez la liste dans la console.`,
};

/** A month's words of a kind whose report is the month before the due day. */
export interface MonthTexts {
  subject: (month: string) => string;
  attached: (month: string) => string;
  empty: (month: string) => string;
  tooLarge: (month: string, megabytes: string) => string;
}

/** What a monthly export of the owner's scope takes: the month, the subscription's customer, its file. */
type MonthlyExportOf = (
  owner: AuthContext,
  report: { month: string; client?: number },
  file: { type: ReportSubscriptionRecord['format']; language: ExportLanguage; timeZone: string },
  now: Date,
) => ExportRun<ExportRow>;

/** The report of the month before the due day (loan days, utilisation): that month's export and its words. */
export function monthlyReport(input: KindInput, exportOf: MonthlyExportOf, texts: Texts<MonthTexts>): KindReport {
  const { owner, subscription, due, now } = input;
  const month = previousMonthOf(due);
  const words = texts[subscription.language];
  const run = exportOf(
    owner,
    { month, ...(subscription.client_id === null ? {} : { client: subscription.client_id }) },
    { type: subscription.format, language: subscription.language, timeZone: PRODUCT_TIME_ZONE },
    now,
  );
  return {
    run,
    words: {
      subject: words.subject(month),
      attached: words.attached(month),
      empty: words.empty(month),
      tooLarge: (mb) => words.tooLarge(month, mb),
    },
    state: { truncated: false },
  };
}

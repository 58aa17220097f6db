import type { z } from 'zod';
import type { ExportJobType, ExportLanguage, ExportType } from '../../../shared/schemas/export';
import type { AuthContext } from '../auth/auth-context';
import { validate } from '../http/validation';
import { mailLanguage } from '../mail/mail-language';

/** Export parameters and paging are not list filters; the rest of the query goes to the list's parser. */
const NOT_LIST_PARAMETERS = ['type', 'columns', 'language', 'timeZone', 'layout', 'page', 'itemsPerPage', 'pagination'];

/**
 * Splits an export request (GET …/export?type=…&columns=…&<the list's filters and order>) into the export's
 * own validated parameters and the list query, shared by every list's export.
 */
export function splitExportQuery<S extends z.ZodType>(rawQuery: string, schema: S) {
  const params = new URLSearchParams(rawQuery);
  const query = validate(schema, {
    type: params.get('type') ?? undefined,
    columns: params.getAll('columns'),
    language: params.get('language') ?? undefined,
    timeZone: params.get('timeZone') ?? undefined,
    layout: params.get('layout') ?? undefined,
  });
  for (const name of NOT_LIST_PARAMETERS) params.delete(name);
  return { query, listQuery: params.toString() };
}

/** The file a request asks for: its format, the reader's language and time zone. */
export interface ExportFileOptions {
  type: ExportType;
  language: ExportLanguage;
  /** The reader's zone: a Lambda runs in UTC, the file's dates read as they do on screen. */
  timeZone: string;
}

/** The file of a validated export query: the language asked for, else Accept-Language's; the zone, else the kind's. */
export const exportFileOf = (
  query: { type: ExportType; language?: ExportLanguage; timeZone?: string },
  acceptLanguage: string | undefined,
  defaultTimeZone: string,
): ExportFileOptions => ({
  type: query.type,
  language: query.language ?? mailLanguage(acceptLanguage),
  timeZone: query.timeZone ?? defaultTimeZone,
});

/**
 * A request checked as the caller may make it (422, 403, 404), before any row is built: what an export route
 * needs to start a job (the format, whether the list has an item, its expected size) and what the export worker
 * builds the file's rows from. `items` are the kind's items in file order, read lazily; a kind without them (an
 * evidence document) is never empty.
 */
export interface CheckedExport {
  type: ExportJobType;
  items?: AsyncIterable<unknown[]>;
  /** The rows the file will have, when known without reading the list (an unfiltered list: its counter). */
  expectedRows?: () => Promise<number>;
}

/** A month's report (loan days, rental audit): the month and its customer, when one is asked for. */
export interface ExportMonth {
  month: string;
  client?: number;
}

/** A month's report checked: its file, the month and customer, and its items (read by the worker, or for a first one). */
export interface CheckedMonthlyExport<T> extends CheckedExport {
  type: ExportType;
  file: ExportFileOptions;
  report: ExportMonth;
  items: AsyncIterable<T[]>;
}

/**
 * The check of a month's report as a file (POST …/export?month=&<customer>=&type=): the file's own parameters, then
 * the month and the customer (the list names it `customer` or `client`) by the report's own query schema; read in
 * Amsterdam's zone unless the reader names theirs.
 */
export const monthlyExportCheck =
  <P extends string, T>(
    schemas: {
      file: z.ZodType<{ type: ExportType; language?: ExportLanguage; timeZone?: string }>;
      month: z.ZodType<{ month: string } & Partial<Record<P, number | null>>>;
    },
    customerParam: P,
    itemsOf: (auth: AuthContext, report: ExportMonth) => AsyncIterable<T[]>,
  ) =>
  async (auth: AuthContext, rawQuery: string, acceptLanguage: string | undefined): Promise<CheckedMonthlyExport<T>> => {
    const { query, listQuery } = splitExportQuery(rawQuery, schemas.file);
    const params = new URLSearchParams(listQuery);
    const validated = validate(schemas.month, {
      month: params.get('month') ?? undefined,
      [customerParam]: params.get(customerParam) ?? undefined,
    });
    const report = { month: validated.month, client: validated[customerParam] ?? undefined };
    const file = exportFileOf(query, acceptLanguage, 'Europe/Amsterdam');
    return { type: file.type, file, report, items: itemsOf(auth, report) };
  };

import type { z } from 'zod';
import type { ExportJobType, ExportLanguage, ExportType } from '../../../shared/schemas/export';
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

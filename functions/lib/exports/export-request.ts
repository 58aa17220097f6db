import type { z } from 'zod';
import { validate } from '../http/validation';

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

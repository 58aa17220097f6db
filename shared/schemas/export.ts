import { z } from 'zod';
import { EXPORT_TYPES, exportQuerySchema } from './common';

/**
 * List exports (spec 000: GET /api/assets/export/ and /api/devices/export/ with type=pdf|excel|csv, "saved as
 * Assets.{date}.{ext}"). The file is written to object storage and answered as a short-lived download URL;
 * small files also carry the base64 `data` of the legacy contract (docs/decisions/0107).
 */
export type ExportType = (typeof EXPORT_TYPES)[number];
export { EXPORT_TYPES };

export const EXPORT_FILE_TYPES: Readonly<Record<ExportType, { extension: string; mimeType: string }>> = {
  pdf: { extension: 'pdf', mimeType: 'application/pdf' },
  excel: { extension: 'xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  csv: { extension: 'csv', mimeType: 'text/csv; charset=utf-8' },
};

/** Object-storage prefix of export files; a lifecycle rule on it deletes them after a day (infra data stack). */
export const EXPORT_STORAGE_PREFIX = 'exports/';
export const EXPORT_RETENTION_DAYS = 1;

export const EXPORT_LANGUAGES = ['en', 'nl', 'de', 'fr'] as const;
export type ExportLanguage = (typeof EXPORT_LANGUAGES)[number];

export const NOTHING_TO_EXPORT = 'There is nothing to export: no item matches the current filters';
export const UNKNOWN_COLUMN = 'Unknown column';
export const COLUMN_NOT_AVAILABLE = 'This column is not available to you';
export const NO_COLUMNS = 'Choose at least one column';
export const INVALID_TIME_ZONE = 'Unknown time zone';
export const INVALID_LANGUAGE = 'The language must be en, nl, de or fr';

export const isTimeZone = (value: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

export const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/**
 * The export query of one list. `columns` is the list's visible columns in order (comma separated, or the
 * parameter repeated); without it the server exports what the list shows by default. `language` and
 * `timeZone` make the file read like the console that asked for it; the list's own filters and `order[...]`
 * are read by the list's query parser, not here.
 */
export const buildExportQuerySchema = <C extends string>(columnIds: readonly [C, ...C[]]) =>
  exportQuerySchema.extend({
    columns: z.preprocess(
      (value) => {
        const list = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
        const ids = list.flatMap((v) => v.split(',')).map((v) => v.trim());
        return ids.filter(Boolean).length === 0 ? undefined : ids.filter(Boolean);
      },
      z
        .array(z.enum(columnIds, { error: UNKNOWN_COLUMN }))
        .transform((ids) => [...new Set(ids)])
        .optional(),
    ),
    language: z.preprocess(blankToUndefined, z.enum(EXPORT_LANGUAGES, { error: INVALID_LANGUAGE }).optional()),
    timeZone: z.preprocess(
      blankToUndefined,
      z.string().max(64).refine(isTimeZone, { error: INVALID_TIME_ZONE }).optional(),
    ),
  });

/** What the export answers: `url` downloads the file (minutes); `data` only when the file is small. */
export const exportResultSchema = z.object({
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int().nonnegative(),
  url: z.string(),
  data: z.string().optional(),
});
export type ExportResult = z.infer<typeof exportResultSchema>;

/** Assets.2026-05-04.csv: the entity's file name, the day of the export in the reader's time zone. */
export const exportFileName = (entity: string, type: ExportType, day: string) =>
  `${entity}.${day}.${EXPORT_FILE_TYPES[type].extension}`;

/**
 * A list export run in the background (POST on the list's export path): the request validates and answers
 * 202 with the job; a worker writes the file and the job's progress; GET /api/exports/{id} reads it, with a
 * fresh download URL once it is done. Jobs expire with their files after EXPORT_RETENTION_DAYS.
 */
export const EXPORT_JOB_STATUSES = ['running', 'done', 'failed'] as const;
export type ExportJobStatus = (typeof EXPORT_JOB_STATUSES)[number];
export const EXPORT_JOB_FAILED = 'The export could not be completed. Please try again.';
/** A synchronous export (GET …/export) that would outlast the request: nothing is stored, the job way is named. */
export const EXPORT_TOO_SLOW_FOR_REQUEST =
  'This export takes longer than a request may: start it in the background (POST with the same query)';

/** What a job writes: a list's format, or an evidence document's JSON (shared/schemas/evidence.ts). */
export const EXPORT_JOB_TYPES = [...EXPORT_TYPES, 'json'] as const;
export type ExportJobType = (typeof EXPORT_JOB_TYPES)[number];

export const exportJobSchema = z.object({
  id: z.string(),
  list: z.string(),
  type: z.enum(EXPORT_JOB_TYPES),
  status: z.enum(EXPORT_JOB_STATUSES),
  /** Rows written so far (the progress the console shows). */
  rows: z.number().int().nonnegative(),
  /** The rows the file will have, when known at the start (an unfiltered list). */
  total: z.number().int().nonnegative().optional(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Once done: the file, as the synchronous export answers it (without `data`). */
  result: exportResultSchema.omit({ data: true }).optional(),
  /** Once failed: the status and message the synchronous export would have answered. */
  error: z.object({ status: z.number().int(), message: z.string() }).optional(),
});
export type ExportJob = z.infer<typeof exportJobSchema>;

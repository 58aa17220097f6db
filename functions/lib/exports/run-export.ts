import { EXPORT_FILE_TYPES, type ExportType, exportFileName, NOTHING_TO_EXPORT } from '../../../shared/schemas/export';
import type { TenantContext } from '../data/tenant-context';
import { unprocessable } from '../http/errors';
import { type ExportFile, exportResultOf, openExportUpload } from './export-storage';
import type { ExportRow, ExportSheet } from './export-table';
import { EXPORT_WRITERS } from './writers';

/**
 * The export mechanism every list shares: batches of items in list order -> rows -> the format's writer ->
 * straight into S3 -> `{fileName, mimeType, size, url, data?}`. Nothing is held but the batch being written
 * and the upload's parts. An entity adapter (asset-export.ts; devices later) supplies the batches, the
 * columns and how one item reads as a row.
 */
export interface ExportRun<T> {
  ctx: TenantContext;
  /** File name prefix: "Assets" gives Assets.2026-05-04.csv. */
  entity: string;
  type: ExportType;
  /** yyyy-MM-dd in the reader's time zone. */
  day: string;
  sheet: ExportSheet;
  batches: AsyncIterable<T[]>;
  toRow: (item: T) => ExportRow;
  /** The rows the file will have, when known without reading the list (an unfiltered list: its counter). */
  expectedRows?: () => Promise<number>;
}

/** Called after each batch with the number of rows written so far. */
export type ExportProgress = (rows: number) => void | Promise<void>;

/** The first non-empty batch, or undefined when the list is empty. */
async function firstBatch<T>(iterator: AsyncIterator<T[]>): Promise<T[] | undefined> {
  for (;;) {
    const next = await iterator.next();
    if (next.done) return undefined;
    if (next.value.length > 0) return next.value;
  }
}

async function* rowsOf<T>(
  first: T[],
  rest: AsyncIterator<T[]>,
  toRow: (item: T) => ExportRow,
  onProgress: ExportProgress | undefined,
) {
  let rows = 0;
  let batch: T[] | undefined = first;
  while (batch) {
    yield batch.map(toRow);
    rows += batch.length;
    await onProgress?.(rows);
    const next = await rest.next();
    batch = next.done ? undefined : next.value;
  }
}

/**
 * Whether the list has any item: lets a background export refuse an empty list before it starts. A rare
 * filter over a big tenant may need many pages to tell, so after `withinMs` the answer is 'unknown' (the
 * worker then finds out, and records the same 422 on the job).
 */
export async function hasAnyItem<T>(batches: AsyncIterable<T[]>, withinMs: number): Promise<boolean | 'unknown'> {
  const iterator = batches[Symbol.asyncIterator]();
  const deadline = Date.now() + withinMs;
  try {
    for (;;) {
      const next = await iterator.next();
      if (next.done) return false;
      if (next.value.length > 0) return true;
      if (Date.now() > deadline) return 'unknown';
    }
  } finally {
    await iterator.return?.();
  }
}

/** Writes the export file to storage (422 for an empty list, nothing stored). */
export async function writeExport<T>(job: ExportRun<T>, onProgress?: ExportProgress): Promise<ExportFile> {
  const iterator = job.batches[Symbol.asyncIterator]();
  // Read before anything is written: an empty list answers 422 and leaves no file behind.
  const first = await firstBatch(iterator);
  if (!first) throw unprocessable([{ propertyPath: '', message: NOTHING_TO_EXPORT }]);
  const fileName = exportFileName(job.entity, job.type, job.day);
  const { mimeType } = EXPORT_FILE_TYPES[job.type];
  const upload = openExportUpload(job.ctx, fileName, mimeType);
  try {
    await EXPORT_WRITERS[job.type](job.sheet, rowsOf(first, iterator, job.toRow, onProgress), upload.body);
  } catch (error) {
    await upload.abort(error as Error);
    await iterator.return?.();
    throw error;
  }
  const stored = await upload.done;
  return {
    key: stored.key,
    fileName,
    mimeType,
    size: stored.size,
    ...(stored.inline ? { inline: stored.inline } : {}),
  };
}

/** The synchronous export (GET …/export): write, then answer the file. */
export const runExport = async <T>(job: ExportRun<T>) => exportResultOf(await writeExport(job));

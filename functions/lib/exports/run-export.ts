import {
  EXPORT_FILE_TYPES,
  type ExportResult,
  type ExportType,
  exportFileName,
  NOTHING_TO_EXPORT,
} from '../../../shared/schemas/export';
import type { TenantContext } from '../data/tenant-context';
import { unprocessable } from '../http/errors';
import { openExportUpload, presignExportDownload } from './export-storage';
import type { ExportRow, ExportSheet } from './export-table';
import { EXPORT_WRITERS } from './writers';

/**
 * The export mechanism every list shares: batches of items in list order -> rows -> the format's writer ->
 * straight into S3 -> `{fileName, mimeType, size, url, data?}`. Nothing is held but the batch being written
 * and the upload's parts. An entity adapter (asset-export.ts; devices later) supplies the batches, the
 * columns and how one item reads as a row.
 */
export interface ExportJob<T> {
  ctx: TenantContext;
  /** File name prefix: "Assets" gives Assets.2026-05-04.csv. */
  entity: string;
  type: ExportType;
  /** yyyy-MM-dd in the reader's time zone. */
  day: string;
  sheet: ExportSheet;
  batches: AsyncIterable<T[]>;
  toRow: (item: T) => ExportRow;
}

/** The first non-empty batch, or undefined when the list is empty. */
async function firstBatch<T>(iterator: AsyncIterator<T[]>): Promise<T[] | undefined> {
  for (;;) {
    const next = await iterator.next();
    if (next.done) return undefined;
    if (next.value.length > 0) return next.value;
  }
}

async function* rowsOf<T>(first: T[], rest: AsyncIterator<T[]>, toRow: (item: T) => ExportRow) {
  yield first.map(toRow);
  for (;;) {
    const next = await rest.next();
    if (next.done) return;
    if (next.value.length > 0) yield next.value.map(toRow);
  }
}

export async function runExport<T>(job: ExportJob<T>): Promise<ExportResult> {
  const iterator = job.batches[Symbol.asyncIterator]();
  // Read before anything is written: an empty list answers 422 and leaves no file behind.
  const first = await firstBatch(iterator);
  if (!first) throw unprocessable([{ propertyPath: '', message: NOTHING_TO_EXPORT }]);
  const fileName = exportFileName(job.entity, job.type, job.day);
  const { mimeType } = EXPORT_FILE_TYPES[job.type];
  const upload = openExportUpload(job.ctx, fileName, mimeType);
  try {
    await EXPORT_WRITERS[job.type](job.sheet, rowsOf(first, iterator, job.toRow), upload.body);
  } catch (error) {
    await upload.abort(error as Error);
    await iterator.return?.();
    throw error;
  }
  const stored = await upload.done;
  return {
    fileName,
    mimeType,
    size: stored.size,
    url: await presignExportDownload(stored.key, fileName, mimeType),
    ...(stored.inline ? { data: stored.inline.toString('base64') } : {}),
  };
}

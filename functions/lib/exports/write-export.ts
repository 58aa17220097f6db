import { EXPORT_FILE_TYPES, exportFileName, NOTHING_TO_EXPORT } from '../../../shared/schemas/export';
import { writeEvidence } from '../evidence/evidence-file';
import { type EvidenceRun, isEvidenceRun } from '../evidence/evidence-request';
import { unprocessable } from '../http/errors';
import { type ExportFile, openExportUpload } from './export-storage';
import type { ExportRow } from './export-table';
import type { ExportProgress, ExportRun } from './run-export';
import { EXPORT_WRITERS } from './writers';

/**
 * The export mechanism every list shares, run by the export worker only (it imports the file writers):
 * batches of items in list order -> rows -> the format's writer -> straight into S3. Nothing is held but the
 * batch being written, the one being read and the upload's parts.
 */

/** The first non-empty batch, or undefined when the list is empty. */
async function firstBatch<T>(iterator: AsyncIterator<T[]>): Promise<T[] | undefined> {
  for (;;) {
    const next = await iterator.next();
    if (next.done) return undefined;
    if (next.value.length > 0) return next.value;
  }
}

/**
 * Rows batch by batch, reading one batch ahead: the next page's Query is in flight while the writer formats
 * and uploads the current one, so the export takes about as long as its reads instead of reads plus writes
 * (docs/performance.md "Exports"). One page more in memory, never more.
 */
export async function* readAhead<T>(
  first: T[],
  rest: AsyncIterator<T[]>,
  toRow: (item: T) => ExportRow,
  onProgress?: ExportProgress,
): AsyncGenerator<ExportRow[]> {
  let rows = 0;
  let batch: T[] | undefined = first;
  while (batch) {
    const pending = rest.next();
    // If the writer stops early the read is abandoned: its failure must not surface as an unhandled rejection.
    pending.catch(() => undefined);
    yield batch.map(toRow);
    rows += batch.length;
    await onProgress?.(rows);
    const next = await pending;
    batch = next.done ? undefined : next.value;
  }
}

/**
 * Writes the export file to storage (422 for an empty list, nothing stored); `prefix` as openExportUpload's.
 * An evidence run is one document, not rows: its own writer (functions/lib/evidence/evidence-file.ts).
 */
export async function writeExport<T>(
  job: ExportRun<T> | EvidenceRun,
  onProgress?: ExportProgress,
  prefix?: string,
): Promise<ExportFile> {
  if (isEvidenceRun(job)) return writeEvidence(job, onProgress, prefix);
  const iterator = job.batches[Symbol.asyncIterator]();
  // Read before anything is written: an empty list answers 422 and leaves no file behind.
  const first = await firstBatch(iterator);
  if (!first) throw unprocessable([{ propertyPath: '', message: NOTHING_TO_EXPORT }]);
  const fileName = exportFileName(job.entity, job.type, job.day);
  const { mimeType } = EXPORT_FILE_TYPES[job.type];
  const upload = openExportUpload(job.ctx, fileName, mimeType, prefix);
  try {
    await EXPORT_WRITERS[job.type](job.sheet, readAhead(first, iterator, job.toRow, onProgress), upload.body);
  } catch (error) {
    await upload.abort(error as Error);
    await iterator.return?.().catch(() => undefined);
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

import { Writable } from 'node:stream';
import { EXPORT_FILE_TYPES, exportFileName } from '../../../shared/schemas/export';
import type { ExportRow } from '../exports/export-table';
import type { ExportRun } from '../exports/run-export';
import { readAhead } from '../exports/write-export';
import { EXPORT_WRITERS } from '../exports/writers';

/**
 * A subscription's report as a file in memory, through the export writers every list uses: the rows of its
 * kind (report-kind-runs.ts) in the owner's scope (a client user's: their customer's only, whatever is stored).
 * Past `limit` bytes the writing stops and only the size so far is answered: such a file is not attached.
 */
export interface ReportFile {
  fileName: string;
  mimeType: string;
  /** Undefined when the report has no row, or the file outgrew the limit. */
  content?: Buffer;
  size: number;
  empty: boolean;
}

class TooLarge extends Error {}

export async function buildReportFile(run: ExportRun<ExportRow>, limit: number): Promise<ReportFile> {
  const fileName = exportFileName(run.entity, run.type, run.day);
  const { mimeType } = EXPORT_FILE_TYPES[run.type];
  const iterator = run.batches[Symbol.asyncIterator]();
  let first = await iterator.next();
  while (!first.done && first.value.length === 0) first = await iterator.next();
  if (first.done) return { fileName, mimeType, size: 0, empty: true };
  const chunks: Buffer[] = [];
  let size = 0;
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > limit) return done(new TooLarge());
      chunks.push(Buffer.from(chunk));
      done();
    },
  });
  try {
    await EXPORT_WRITERS[run.type](run.sheet, readAhead(first.value, iterator, run.toRow), out);
  } catch (error) {
    if (!(error instanceof TooLarge) && size <= limit) throw error;
    await iterator.return?.(undefined).catch(() => undefined);
    return { fileName, mimeType, size, empty: false };
  }
  return { fileName, mimeType, content: Buffer.concat(chunks), size, empty: false };
}

import type { Writable } from 'node:stream';
import type { ExportType } from '../../../../shared/schemas/export';
import type { ExportRow, ExportSheet } from '../export-table';
import { writeCsv } from './csv-writer';
import { writeExcel } from './excel-writer';
import { writePdf } from './pdf-writer';

/** Writes the sheet and every batch of rows to `out` and ends it; rejects (leaving `out` to the caller) on failure. */
export type ExportWriter = (sheet: ExportSheet, batches: AsyncIterable<ExportRow[]>, out: Writable) => Promise<void>;

export const EXPORT_WRITERS: Readonly<Record<ExportType, ExportWriter>> = {
  csv: writeCsv,
  excel: writeExcel,
  pdf: writePdf,
};

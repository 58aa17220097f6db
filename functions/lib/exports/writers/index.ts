import type { Writable } from 'node:stream';
import type { ExportType } from '../../../../shared/schemas/export';
import type { ExportRow, ExportSheet } from '../export-table';

/** Writes the sheet and every batch of rows to `out` and ends it; rejects (leaving `out` to the caller) on failure. */
export type ExportWriter = (sheet: ExportSheet, batches: AsyncIterable<ExportRow[]>, out: Writable) => Promise<void>;

/**
 * Each writer is loaded when its format is first written: a CSV export never initialises exceljs or pdfkit
 * (their module graphs are most of the worker's start-up time and baseline memory).
 */
export const EXPORT_WRITERS: Readonly<Record<ExportType, ExportWriter>> = {
  csv: async (...args) => (await import('./csv-writer')).writeCsv(...args),
  excel: async (...args) => (await import('./excel-writer')).writeExcel(...args),
  pdf: async (...args) => (await import('./pdf-writer')).writePdf(...args),
};

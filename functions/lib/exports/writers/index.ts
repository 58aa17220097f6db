import type { Writable } from 'node:stream';
import type { Evidence } from '../../../../shared/schemas/evidence';
import type { ExportType } from '../../../../shared/schemas/export';
import type { ExportRow, ExportSheet } from '../export-table';

/** Writes the sheet and every batch of rows to `out` and ends it; rejects (leaving `out` to the caller) on failure. */
export type ExportWriter = (sheet: ExportSheet, batches: AsyncIterable<ExportRow[]>, out: Writable) => Promise<void>;

type ExcelWriterModule = typeof import('./excel-writer');
type PdfWriterModule = typeof import('./pdf-writer');

/**
 * Each writer is loaded when its format is first written: a CSV export never initialises exceljs or pdfkit
 * (their module graphs are most of the worker's start-up time and baseline memory). The Excel and PDF writers
 * are `require`d, not `import()`ed: in the Lambda they are bundles of their own beside index.js (esbuild leaves
 * these two paths external, infra/constructs/export-worker-bundling.ts), which keeps index.js under 1 MB, and
 * Node resolves `./pdf-writer` to `pdf-writer.js` for require only.
 */
export const EXPORT_WRITERS: Readonly<Record<ExportType, ExportWriter>> = {
  csv: async (...args) => (await import('./csv-writer')).writeCsv(...args),
  excel: async (...args) => (require('./excel-writer') as ExcelWriterModule).writeExcel(...args),
  pdf: async (...args) => (require('./pdf-writer') as PdfWriterModule).writePdf(...args),
};

/** An asset's evidence as a PDF (functions/lib/evidence/evidence-pdf.ts), from pdf-writer's bundle like the list PDF. */
export const writeEvidencePdf = async (evidence: Evidence, hash: string, out: Writable): Promise<void> =>
  (require('./pdf-writer') as PdfWriterModule).writeEvidencePdf(evidence, hash, out);

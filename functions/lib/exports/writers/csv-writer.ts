import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { ExportRow, ExportSheet } from '../export-table';
import { safeCell, safeText } from './safe-cell';

/**
 * CSV with a header row, RFC 4180 quoting and a UTF-8 byte-order mark (Excel otherwise reads UTF-8 as the
 * local code page and mangles é, ü, ß). Rows are written as they come, waiting whenever the stringifier's
 * buffer is full, so memory holds one batch of rows at most. Cells and headers that a spreadsheet would run as
 * a formula are quoted (safe-cell.ts).
 */
export async function writeCsv(sheet: ExportSheet, batches: AsyncIterable<ExportRow[]>, out: Writable) {
  const csv = stringify({ bom: true, header: true, columns: sheet.columns.map((c) => safeText(c.label, 'csv')) });
  const piped = pipeline(csv, out);
  try {
    for await (const rows of batches) {
      for (const row of rows) {
        if (!csv.write(row.map((cell) => safeCell(cell, 'csv') ?? ''))) await once(csv, 'drain');
      }
    }
    csv.end();
  } catch (error) {
    csv.destroy(error as Error);
  }
  await piped;
}

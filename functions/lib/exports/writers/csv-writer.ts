import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { ExportRow, ExportSheet } from '../export-table';
import { safeCell, safeText } from './safe-cell';

/**
 * CSV with a header row, RFC 4180 quoting and a UTF-8 byte-order mark (Excel otherwise reads UTF-8 as the
 * local code page and mangles é, ü, ß). Each batch is stringified at once and written as one chunk, waiting
 * whenever the destination is full, so memory holds one batch of rows at most; a stream write per row was most
 * of the CSV writer's time at 100k rows (docs/performance.md "Exports"). Cells and headers that a spreadsheet
 * would run as a formula are quoted (safe-cell.ts).
 */
export async function writeCsv(sheet: ExportSheet, batches: AsyncIterable<ExportRow[]>, out: Writable) {
  const header = sheet.columns.map((c) => safeText(c.label, 'csv'));
  await write(out, stringify([header], { bom: true }));
  for await (const rows of batches) {
    await write(out, stringify(rows.map((row) => row.map((cell) => safeCell(cell, 'csv') ?? ''))));
  }
  out.end();
  await once(out, 'finish');
}

async function write(out: Writable, text: string) {
  if (out.destroyed) throw new Error('The export destination closed early');
  if (!out.write(text)) await once(out, 'drain');
}

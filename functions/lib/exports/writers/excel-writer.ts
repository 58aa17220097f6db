import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
// Only the streaming writer: exceljs' index also loads its readers (unzipper, jszip, fast-csv, tar), which an
// export never uses and which would double the worker's bundle (docs/performance.md "Lambda bundles").
import WorkbookWriterModule from 'exceljs/lib/stream/xlsx/workbook-writer';

const WorkbookWriter = WorkbookWriterModule as unknown as typeof ExcelJS.stream.xlsx.WorkbookWriter;

import type { ExportRow, ExportSheet } from '../export-table';
import { safeCell, safeText } from './safe-cell';

/** Excel sheet names: at most 31 characters, none of : \ / ? * [ ]. */
const sheetName = (title: string) => title.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1';

/**
 * .xlsx through exceljs' streaming WorkbookWriter: each row is committed (serialised into the zip stream and
 * dropped) as soon as it is added, so a 100k-row sheet never exists in memory. No shared strings table, which
 * would otherwise grow with every distinct text. Numbers stay numbers so the sheet can sum and sort them;
 * texts are plain string cells, never formulas (safe-cell.ts).
 */
export async function writeExcel(sheet: ExportSheet, batches: AsyncIterable<ExportRow[]>, out: Writable) {
  const workbook = new WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const worksheet = workbook.addWorksheet(sheetName(sheet.title), { views: [{ state: 'frozen', ySplit: 1 }] });
  worksheet.columns = sheet.columns.map((column) => ({
    header: safeText(column.label, 'excel'),
    key: column.id,
    width: Math.max(column.width, column.label.length + 2),
  }));
  worksheet.getRow(1).font = { bold: true };
  worksheet.getRow(1).commit();
  for await (const rows of batches) {
    for (const row of rows) worksheet.addRow(row.map((cell) => safeCell(cell, 'excel'))).commit();
    await drained(out);
  }
  worksheet.commit();
  await workbook.commit();
}

/** Waits while the destination is saturated, so the zip stream does not buffer ahead of the upload. */
async function drained(out: Writable) {
  while (out.writableNeedDrain) await once(out, 'drain');
}

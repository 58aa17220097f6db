import { CsvError, parse } from 'csv-parse/sync';
import type { Violation } from '../../../shared/errors';
import {
  ASSET_IMPORT_COLUMNS,
  ASSET_IMPORT_MAX_CELL,
  ASSET_IMPORT_MAX_ROWS,
  type AssetImportColumn,
} from '../../../shared/schemas/asset-import';
import { ASSET_IMPORT_MESSAGES as M } from '../../../shared/schemas/asset-import-messages';
import { decodeCsvText, detectDelimiter } from '../devices/device-import-csv';
import { HttpError, unprocessable } from '../http/errors';
import type { UploadedFile } from '../http/upload-body';

/** One data row of the file: the line it starts on (header = 1) and its cells by column. */
export interface AssetImportRecord {
  line: number;
  cells: Partial<Record<AssetImportColumn, string>>;
}

type RawRow = { line: number; values: string[] };

const at = (line: number, column?: string) => (column ? `row ${line}.${column}` : `row ${line}`);
const headerKey = (header: string) =>
  header
    .toLowerCase()
    .trim()
    .replace(/[\s-]+/g, '_');

/**
 * CSV only, by file name for a form upload (as the device import), by type for a raw body. An Excel workbook is
 * turned into this CSV by the console (web/src/assets/import/excelToCsv.ts): no handler bundle may carry exceljs
 * (test/infra/bundle-size.test.ts), and the values read back the same either way.
 */
function assertCsv(file: UploadedFile): void {
  if (file.filename === '') throw unprocessable([{ propertyPath: 'file', message: M.noFile }]);
  const name = file.filename;
  if (name !== undefined ? /\.csv$/i.test(name) : /^(text|application)\/csv\b/i.test(file.contentType)) return;
  throw new HttpError(415, M.onlyCsv);
}

function csvRows(content: Buffer): RawRow[] {
  const text = decodeCsvText(content);
  try {
    const records = parse(text, {
      delimiter: detectDelimiter(text),
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    // csv-parse reports the line a record ends on; a quoted value may span lines.
    return records.map(({ record, info }) => ({
      line: info.lines - record.reduce((n, value) => n + (value.match(/\n/g)?.length ?? 0), 0),
      values: record,
    }));
  } catch (error) {
    if (error instanceof CsvError) {
      const line = Number((error as CsvError & { lines?: number }).lines) || 1;
      throw unprocessable([{ propertyPath: at(line), message: M.malformed }]);
    }
    throw error;
  }
}

/**
 * The export quotes a CSV text that a spreadsheet would run as a formula (shared/safe-text.ts: `'=x`); read
 * back, the quote goes again, so such a value round-trips. Excel cells are written as text and need nothing.
 */
const unquoteFormulaGuards = (row: RawRow): RawRow => ({
  ...row,
  values: row.values.map((value) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value)),
});

/** The header's cells as columns: unknown or repeated ones are violations of row 1. */
function readHeader(header: RawRow | undefined): (AssetImportColumn | undefined)[] {
  const cells = (header?.values ?? []).map((cell) => cell.trim());
  const columns = cells.map((cell) => ASSET_IMPORT_COLUMNS.find((column) => column === headerKey(cell)));
  const violations: Violation[] = [];
  const seen = new Set<AssetImportColumn>();
  cells.forEach((cell, i) => {
    const column = columns[i];
    if (!column && cell !== '') violations.push({ propertyPath: at(1, cell), message: M.unknownColumn });
    else if (column && seen.has(column)) violations.push({ propertyPath: at(1, column), message: M.duplicateColumn });
    if (column) seen.add(column);
  });
  if (!seen.has('name') && !seen.has('id')) violations.unshift({ propertyPath: at(1), message: M.noHeader });
  if (violations.length) throw unprocessable(violations);
  return columns;
}

/**
 * Reads the whole file into rows by column. What makes the file unreadable as a whole answers 422 at once:
 * malformed CSV, a bad header, no rows or more than ASSET_IMPORT_MAX_ROWS, a cell longer than
 * ASSET_IMPORT_MAX_CELL (no field takes it; a huge cell is a broken file, not a value).
 */
export function readAssetImportFile(file: UploadedFile): AssetImportRecord[] {
  assertCsv(file);
  const raw = csvRows(file.content).map(unquoteFormulaGuards);
  const [header, ...data] = raw;
  const columns = readHeader(header);
  const rows = data.filter((row) => row.values.some((value) => value.trim() !== ''));
  if (rows.length === 0) throw unprocessable([{ propertyPath: 'file', message: M.noRows }]);
  if (rows.length > ASSET_IMPORT_MAX_ROWS) throw unprocessable([{ propertyPath: 'file', message: M.tooManyRows }]);
  const tooLong = rows.flatMap((row) =>
    row.values.some((value) => value.length > ASSET_IMPORT_MAX_CELL) ? [row.line] : [],
  );
  if (tooLong.length)
    throw unprocessable(tooLong.slice(0, 10).map((line) => ({ propertyPath: at(line), message: M.cellTooLong })));
  return rows.map(({ line, values }) => {
    const cells: AssetImportRecord['cells'] = {};
    columns.forEach((column, i) => {
      if (column) cells[column] = (values[i] ?? '').trim();
    });
    return { line, cells };
  });
}

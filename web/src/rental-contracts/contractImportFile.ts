import { EMPTY_LINE, LINE_COLUMNS, type LineColumn, type LineText } from './contractLine';

/**
 * Reading an import file in the browser: a CSV (comma or semicolon) or an Excel workbook's first sheet, its
 * first row naming the columns (LINE_COLUMNS, in any order and case). Each further row becomes a line's text,
 * numbered as the file's row (header = row 1), so a refused line is found in the file. The parsers load
 * when a file is chosen: the console's first load carries neither.
 */
export interface FileRow {
  row: number;
  text: LineText;
}
export type ReadFile =
  | { ok: true; rows: FileRow[] }
  | { ok: false; reason: 'type' | 'header' | 'empty' | 'unreadable' };

export const IMPORT_ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const IMPORT_TEMPLATE = `${LINE_COLUMNS.join(',')}\nERP-1001,1,,1,3,2026-03-02,2026-04-30,,"Havenweg 1, Rotterdam",,12.50,EUR,active\n`;

const normalised = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '');
const COLUMN_BY_NAME = new Map(LINE_COLUMNS.map((column) => [normalised(column), column]));

/** The rows of cells as lines, by the header's names; undefined when the header names no external id. */
function toRows(cells: string[][]): FileRow[] | undefined {
  const [header = [], ...body] = cells;
  const columns = header.map((name) => COLUMN_BY_NAME.get(normalised(name)));
  if (!columns.includes('externalId')) return undefined;
  const rows: FileRow[] = [];
  body.forEach((values, index) => {
    if (values.every((value) => value.trim() === '')) return;
    const text: LineText = { ...EMPTY_LINE };
    columns.forEach((column: LineColumn | undefined, i) => {
      if (column) text[column] = values[i]?.trim() ?? '';
    });
    rows.push({ row: index + 2, text });
  });
  return rows;
}

async function csvCells(file: File): Promise<string[][]> {
  const { parse } = await import('csv-parse/browser/esm/sync');
  const source = await file.text();
  const firstLine = source.split('\n', 1)[0] ?? '';
  // A spreadsheet saved as CSV in Dutch or German separates by semicolons: the header says which.
  const delimiter = firstLine.split(';').length > firstLine.split(',').length ? ';' : ',';
  return parse(source, { delimiter, bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
}

/** A cell as text: a date as its calendar day (Excel keeps days without a zone, read as UTC). */
function cellText(value: unknown): string {
  if (value == null) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const cell = value as { text?: unknown; result?: unknown; richText?: { text: string }[] };
    if (cell.richText) return cell.richText.map((part) => part.text).join('');
    if (cell.result !== undefined) return cellText(cell.result);
    if (cell.text !== undefined) return String(cell.text);
  }
  return String(value);
}

async function excelCells(file: File): Promise<string[][]> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await file.arrayBuffer());
  const sheet = workbook.worksheets[0];
  const cells: string[][] = [];
  sheet?.eachRow({ includeEmpty: true }, (row, number) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    cells[number - 1] = values.map(cellText);
  });
  return Array.from(cells, (row) => row ?? []);
}

export async function readImportFile(file: File): Promise<ReadFile> {
  const name = file.name.toLowerCase();
  const read = name.endsWith('.csv') ? csvCells : name.endsWith('.xlsx') ? excelCells : undefined;
  if (!read) return { ok: false, reason: 'type' };
  let cells: string[][];
  try {
    cells = await read(file);
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  const rows = toRows(cells);
  if (!rows) return { ok: false, reason: 'header' };
  return rows.length ? { ok: true, rows } : { ok: false, reason: 'empty' };
}

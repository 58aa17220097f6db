import { CsvError, parse } from 'csv-parse/sync';
import type { Violation } from '../../../shared/errors';
import {
  DEVICE_IMPORT_MAX_ROWS,
  DEVICE_IMPORT_MAX_VIOLATIONS,
  type DeviceImportColumn,
  type DeviceImportRow,
  deviceImportRowSchema,
  importColumnOf,
  DEVICE_IMPORT_MESSAGES as M,
} from '../../../shared/schemas/device-import';
import { unprocessable } from '../http/errors';

/** A valid data row and the file line it starts on (what the user looks for in an editor). */
export interface ParsedDeviceRow {
  line: number;
  device: DeviceImportRow;
}

const at = (line: number, column?: string) => (column ? `row ${line}.${column}` : `row ${line}`);

/**
 * Excel's "CSV" on Windows is Windows-1252, "CSV UTF-8" has a BOM; both are read. A NUL byte means a binary
 * file (a spreadsheet renamed to .csv), which no decoding turns into rows.
 */
export function decodeCsvText(content: Buffer): string {
  if (content.includes(0)) throw unprocessable([{ propertyPath: 'file', message: M.notText }]);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    text = new TextDecoder('windows-1252').decode(content);
  }
  return text.replace(/^\uFEFF/, '');
}

/** Dutch and German Excel write ';' because ',' is their decimal mark; the header row tells which it is. */
export function detectDelimiter(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((d) => [d, header.split(d).length - 1] as const);
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : ',';
}

type CsvRecord = { record: string[]; info: { lines: number } };

function readRecords(text: string): CsvRecord[] {
  try {
    return parse(text, {
      delimiter: detectDelimiter(text),
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as unknown as CsvRecord[];
  } catch (error) {
    if (error instanceof CsvError) {
      const line = Number((error as CsvError & { lines?: number }).lines) || 1;
      throw unprocessable([{ propertyPath: at(line), message: M.malformed }]);
    }
    throw error;
  }
}

/** A record's first line: csv-parse reports the line it ends on, and a quoted value may span lines. */
const startLine = ({ record, info }: CsvRecord) =>
  info.lines - record.reduce((n, value) => n + (value.match(/\n/g)?.length ?? 0), 0);

/** Header cells -> import columns; unknown or repeated headers are violations on row 1. */
function readHeader(header: CsvRecord | undefined): (DeviceImportColumn | undefined)[] {
  const cells = header?.record ?? [];
  const columns = cells.map(importColumnOf);
  const violations: Violation[] = [];
  const seen = new Set<DeviceImportColumn>();
  cells.forEach((cell, i) => {
    const column = columns[i];
    if (!column && cell !== '') violations.push({ propertyPath: at(1, cell), message: M.unknownColumn });
    else if (column && seen.has(column)) violations.push({ propertyPath: at(1, column), message: M.duplicateColumn });
    if (column) seen.add(column);
  });
  if (!seen.has('deveui')) violations.unshift({ propertyPath: at(1), message: M.noHeader });
  if (violations.length) throw unprocessable(violations);
  return columns;
}

function checkRow(record: CsvRecord, columns: (DeviceImportColumn | undefined)[], violations: Violation[]) {
  const line = startLine(record);
  if (record.record.length > columns.length && record.record.slice(columns.length).some((v) => v !== '')) {
    violations.push({ propertyPath: at(line), message: M.columnCount });
    return undefined;
  }
  const values: Partial<{ [column in DeviceImportColumn]: string }> = {};
  columns.forEach((column, i) => {
    if (column) values[column] = record.record[i] ?? '';
  });
  const result = deviceImportRowSchema.safeParse(values);
  if (!result.success) {
    for (const issue of result.error.issues)
      violations.push({ propertyPath: at(line, String(issue.path[0] ?? '')), message: issue.message });
    return undefined;
  }
  return { line, device: result.data };
}

/** The valid rows of a file and the problems of the others, each naming its row. */
export interface ParsedDeviceCsv {
  rows: ParsedDeviceRow[];
  violations: Violation[];
}

/**
 * Reads the whole file: a file that cannot be read as rows (malformed, no header, unknown columns, no or too
 * many rows) answers 422 at once; row problems (field rules, a DEVEUI repeated within the file) are returned
 * with the valid rows, so the caller can add its own checks and report everything in one answer.
 */
export function parseDeviceCsv(content: Buffer): ParsedDeviceCsv {
  const [header, ...records] = readRecords(decodeCsvText(content));
  const columns = readHeader(header);
  const data = records.filter((r) => r.record.some((value) => value !== '')); // Excel's ",,,," lines
  if (data.length === 0) throw unprocessable([{ propertyPath: 'file', message: M.noRows }]);
  if (data.length > DEVICE_IMPORT_MAX_ROWS) throw unprocessable([{ propertyPath: 'file', message: M.tooManyRows }]);
  const violations: Violation[] = [];
  const rows: ParsedDeviceRow[] = [];
  const seen = new Set<string>();
  for (const record of data) {
    const row = checkRow(record, columns, violations);
    if (!row) continue;
    if (seen.has(row.device.deveui))
      violations.push({ propertyPath: at(row.line, 'deveui'), message: M.duplicateInFile });
    else rows.push(row);
    seen.add(row.device.deveui);
  }
  return { rows, violations };
}

/** Row order ("row 10" after "row 9"), at most DEVICE_IMPORT_MAX_VIOLATIONS and a note that more exist. */
export function capViolations(violations: Violation[]): Violation[] {
  const sorted = [...violations].sort((a, b) =>
    a.propertyPath.localeCompare(b.propertyPath, undefined, { numeric: true }),
  );
  if (sorted.length <= DEVICE_IMPORT_MAX_VIOLATIONS) return sorted;
  return [...sorted.slice(0, DEVICE_IMPORT_MAX_VIOLATIONS), { propertyPath: 'file', message: M.moreProblems }];
}

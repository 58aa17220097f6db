import { safeText } from '@shared/safe-text';
import type { AssetImportResult } from '@shared/schemas/asset-import';
import { rowsToCsv } from './excelToCsv';

/** The refused and failed rows as CSV: the file's line, the asset, the column and the reason. */
export function errorReportCsv(rows: AssetImportResult['rows'], translate: (message: string) => string): string {
  const lines = [['line', 'id', 'name', 'column', 'reason']];
  for (const row of rows)
    if (row.action === 'refused' || row.action === 'failed')
      for (const problem of row.problems)
        lines.push([
          String(row.line),
          row.id === null ? '' : String(row.id),
          row.name,
          problem.column,
          translate(problem.message),
        ]);
  // A name typed as =HYPERLINK(...) must not run in the reader's spreadsheet (shared/safe-text.ts).
  return rowsToCsv(lines.map((line) => line.map((cell) => safeText(cell, 'csv'))));
}

/**
 * An Excel workbook's first sheet as the CSV the asset import takes (docs/decisions/0332-asset-import-round-trips-the-export-per-row-behind-a-dry-run.md):
 * no handler bundle may carry exceljs, so the console reads the workbook and sends its rows as CSV. exceljs is
 * loaded only when a workbook is picked. Dates become ISO days (the export writes days), rich text its text,
 * a formula its result.
 */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; result?: unknown; text?: unknown };
    if (v.richText) return v.richText.map((part) => part.text).join('');
    if ('result' in v) return cellText(v.result);
    return typeof v.text === 'string' ? v.text : '';
  }
  return String(value);
}

const quote = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The rows as CSV text; blank rows keep their place, so the dry run's line numbers are the sheet's. */
export function rowsToCsv(rows: readonly (readonly string[])[]): string {
  return `${rows.map((row) => row.map(quote).join(',')).join('\r\n')}\r\n`;
}

export async function excelToCsv(file: File): Promise<File> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await file.arrayBuffer());
  const sheet = workbook.worksheets[0];
  const rows: string[][] = [];
  sheet?.eachRow({ includeEmpty: true }, (row, line) => {
    while (rows.length < line - 1) rows.push(['']);
    rows.push(Array.from({ length: row.cellCount }, (_, i) => cellText(row.getCell(i + 1).value)));
  });
  return new File([rowsToCsv(rows)], file.name.replace(/\.xlsx$/i, '.csv'), { type: 'text/csv' });
}

import { execFile } from 'node:child_process';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';

/**
 * Reads export files back the way a user's tools would: CSV rows, the first sheet's rows, a PDF's text. A CSV is
 * read as a file or as text (a report mail's attachment), by RFC 4180 (a quoted cell may hold commas, line breaks
 * and doubled quotes); a row of another width than the header's throws.
 */
export function readCsv(file: Buffer | string): string[][] {
  return parse(file, { bom: true, relax_column_count: false }) as string[][];
}

export async function readXlsx(file: Buffer): Promise<(string | number | null)[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('The workbook has no sheet');
  const rows: (string | number | null)[][] = [];
  // row.values is 1-based and stops at the last filled cell: pad to the sheet's width.
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const values = row.values as unknown[];
    rows.push(Array.from({ length: sheet.columnCount }, (_, i) => (values[i + 1] ?? null) as string | number | null));
  });
  return rows;
}

/**
 * pdf-parse (pdf.js) loads its worker with a dynamic import, which jest's CommonJS sandbox refuses; it runs
 * in a plain Node process instead, reading the file from stdin.
 */
const PDF_SCRIPT = `
import { PDFParse } from 'pdf-parse';
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) });
const result = await parser.getText();
await parser.destroy();
process.stdout.write(JSON.stringify({ pages: result.total, text: result.text }));
`;

export function readPdf(file: Buffer): Promise<{ pages: number; text: string }> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['--input-type=module', '-e', PDF_SCRIPT],
      { cwd: process.cwd(), maxBuffer: 256 * 1024 * 1024 },
      (error, stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout)),
    );
    child.stdin?.end(file);
  });
}

/** The first sheet's XML as stored in the .xlsx zip, to see how cells are typed (a formula is an <f> element). */
export async function xlsxSheetXml(file: Buffer): Promise<string> {
  const zip = await JSZip.loadAsync(file);
  const sheet = zip.file('xl/worksheets/sheet1.xml');
  if (!sheet) throw new Error('The workbook has no sheet1.xml');
  return sheet.async('string');
}

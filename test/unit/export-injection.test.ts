import { PassThrough } from 'node:stream';
import type { ExportRow, ExportSheet } from '../../functions/lib/exports/export-table';
import { EXPORT_WRITERS } from '../../functions/lib/exports/writers';
import { safeCell } from '../../functions/lib/exports/writers/safe-cell';
import { readCsv, readPdf, readXlsx, xlsxSheetXml } from '../harness/export-files';

/**
 * Exported names must not run as spreadsheet formulas (OWASP CSV injection), whatever a user
 * typed, and numbers stay numbers. The attack strings are the ones a ROLE_USER can give an asset.
 */
const ATTACKS = ['=HYPERLINK("http://x","y")', '+1+1', '@SUM(A1)', '-2+3', '\tX', '\rX'];

const sheet: ExportSheet = {
  title: 'Assets',
  subtitle: 'Exported on 04/05/2026 10:00',
  columns: [
    { id: 'asset', label: 'Asset', width: 20 },
    { id: 'number', label: '=Renamed header', width: 8 },
  ],
  pageLabel: (page) => `Page ${page}`,
};
const rows: ExportRow[] = [...ATTACKS.map((name, i): ExportRow => [name, -3.5 - i]), ['Plain name', -12]];

async function write(type: keyof typeof EXPORT_WRITERS): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => out.on('end', resolve));
  await EXPORT_WRITERS[type](
    sheet,
    (async function* () {
      yield rows;
    })(),
    out,
  );
  await ended;
  return Buffer.concat(chunks);
}

describe('spreadsheet formula injection in exports', () => {
  // The worker loads a format's writer on first use (writers/index.ts); loading pdfkit and exceljs is not what is tested.
  beforeAll(
    () =>
      Promise.all([
        import('../../functions/lib/exports/writers/pdf-writer'),
        import('../../functions/lib/exports/writers/excel-writer'),
      ]),
    60_000,
  );

  it('quotes every CSV text cell and header that starts with = + - @ tab or CR, and leaves numbers alone', async () => {
    const parsed = readCsv(await write('csv'));
    expect(parsed[0]).toEqual(['Asset', "'=Renamed header"]);
    expect(parsed.slice(1, -1).map((row) => row[0])).toEqual(ATTACKS.map((name) => `'${name}`));
    expect(parsed.slice(1).map((row) => row[1])).toEqual(['-3.5', '-4.5', '-5.5', '-6.5', '-7.5', '-8.5', '-12']);
    expect(parsed.at(-1)).toEqual(['Plain name', '-12']);
  });

  it('writes Excel texts as string cells, never formulas, and numbers as numbers', async () => {
    const file = await write('excel');
    const xml = await xlsxSheetXml(file);
    expect(xml).not.toMatch(/<f[\s>]/);
    const parsed = await readXlsx(file);
    expect(parsed[0]).toEqual(['Asset', '=Renamed header']);
    // XML reads a raw carriage return as a line feed: the text is otherwise kept as typed, no quote needed.
    const texts = [...ATTACKS.map((name) => name.replace('\r', '\n')), 'Plain name'];
    expect(parsed.slice(1).map((row) => row[0])).toEqual(texts);
    expect(parsed.slice(1).map((row) => row[1])).toEqual([-3.5, -4.5, -5.5, -6.5, -7.5, -8.5, -12]);
  });

  it('draws the PDF texts literally (a PDF has no formulas)', async () => {
    const { text } = await readPdf(await write('pdf'));
    for (const literal of ['=HYPERLINK("http://x","y")', '+1+1', '@SUM(A1)', '-2+3', '=Renamed header', '-3.5'])
      expect(text).toContain(literal);
  });

  it('replaces control characters and bidi overrides stored before names refused them, in every format', () => {
    const stored = 'Reel\u0007 \u202Eabc\u2066 \u0085x\ty';
    expect(safeCell(stored, 'excel')).toBe('Reel\uFFFD \uFFFDabc\uFFFD \uFFFDx\ty');
    expect(safeCell(stored, 'pdf')).toBe('Reel\uFFFD \uFFFDabc\uFFFD \uFFFDx\ty');
    // A control character in front does not hide a formula from the CSV rule.
    expect(safeCell('\u202E=1+1', 'csv')).toBe('\uFFFD=1+1');
    expect(safeCell('\u0000', 'csv')).toBe('\uFFFD');
    expect(safeCell(-7, 'csv')).toBe(-7);
    expect(safeCell(null, 'csv')).toBeNull();
  });
});

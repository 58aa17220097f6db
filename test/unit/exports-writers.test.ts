import { PassThrough } from 'node:stream';
import type { ExportRow, ExportSheet } from '../../functions/lib/exports/export-table';
import { EXPORT_WRITERS } from '../../functions/lib/exports/writers';
import { readCsv, readPdf, readXlsx } from '../harness/export-files';

/** Each format writer, end to end in memory: what it writes parses back to the same table. */
const sheet: ExportSheet = {
  title: 'Assets',
  subtitle: 'Exported on 04/05/2026 10:00',
  columns: [
    { id: 'id', label: 'ID', width: 6 },
    { id: 'asset', label: 'Asset', width: 20 },
    { id: 'days', label: 'Days outside geo zone', width: 8 },
  ],
  pageLabel: (page) => `Page ${page}`,
};

const rowsOf = (count: number): ExportRow[] =>
  Array.from({ length: count }, (_, i) => [
    i + 1,
    i === 0 ? 'Kabelhaspel, "groß" – één' : `Asset ${i + 1}`,
    i % 3 === 0 ? null : i,
  ]);

async function* batches(rows: ExportRow[], size = 512) {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

async function write(type: keyof typeof EXPORT_WRITERS, rows: ExportRow[]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => out.on('end', resolve));
  await EXPORT_WRITERS[type](sheet, batches(rows), out);
  await ended;
  return Buffer.concat(chunks);
}

describe('export writers', () => {
  // The worker loads a format's writer on first use (writers/index.ts); loading pdfkit and exceljs is not what is tested.
  beforeAll(
    () =>
      Promise.all([
        import('../../functions/lib/exports/writers/pdf-writer'),
        import('../../functions/lib/exports/writers/excel-writer'),
      ]),
    60_000,
  );

  const rows = rowsOf(1200);

  it('CSV: a BOM, the header, every row, quoting and empty cells', async () => {
    const file = await write('csv', rows);
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const parsed = readCsv(file);
    expect(parsed[0]).toEqual(['ID', 'Asset', 'Days outside geo zone']);
    expect(parsed).toHaveLength(1201);
    expect(parsed[1]).toEqual(['1', 'Kabelhaspel, "groß" – één', '']);
    expect(parsed[1200]).toEqual(['1200', 'Asset 1200', '1199']);
  });

  it('Excel: the header and every row, numbers as numbers', async () => {
    const parsed = await readXlsx(await write('excel', rows));
    expect(parsed[0]).toEqual(['ID', 'Asset', 'Days outside geo zone']);
    expect(parsed).toHaveLength(1201);
    expect(parsed[1]).toEqual([1, 'Kabelhaspel, "groß" – één', null]);
    expect(parsed[1200]).toEqual([1200, 'Asset 1200', 1199]);
  });

  it('PDF: pages with the heading, the header on each page, page numbers and the cells', async () => {
    const { pages, text } = await readPdf(await write('pdf', rows));
    expect(pages).toBeGreaterThan(20);
    expect(text).toContain('Kabelhaspel');
    expect(text).toContain('Asset 1200');
    expect(text.match(/Days outside/g)).toHaveLength(pages);
    expect(text).toContain(`Page ${pages}`);
  });

  it('PDF: cuts a cell that is too long for its column instead of overflowing', async () => {
    const long = 'x'.repeat(400);
    const { text } = await readPdf(await write('pdf', [[1, long, 2]]));
    expect(text).toContain('…');
    expect(text).not.toContain(long);
  });
});

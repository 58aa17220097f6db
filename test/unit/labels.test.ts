import { inflateSync } from 'node:zlib';
import { create } from 'qrcode';
import { code128Bars, qrMatrix } from '../../functions/lib/labels/label-codes';
import { writeLabelPdf } from '../../functions/lib/labels/label-pdf';
import { LABEL_SHEET_SIZES, labelPosition, labelsPerPage, pt } from '../../functions/lib/labels/label-sheets';
import { LABEL_SHEETS } from '../../shared/schemas/labels';

/** The label sheets' geometry (functions/lib/labels/label-sheets.ts) and the codes as the PDF draws them. */
describe('label sheets', () => {
  it('places Avery 3474 labels edge to edge, 3 × 8, 0.5 mm from the top', () => {
    const sheet = LABEL_SHEET_SIZES['a4-3x8'];
    expect(labelsPerPage(sheet)).toBe(24);
    expect(labelPosition(sheet, 0)).toEqual({ page: 0, x: 0, y: 0.5 });
    expect(labelPosition(sheet, 2)).toEqual({ page: 0, x: 140, y: 0.5 });
    expect(labelPosition(sheet, 3)).toEqual({ page: 0, x: 0, y: 37.5 });
    expect(labelPosition(sheet, 23)).toEqual({ page: 0, x: 140, y: 259.5 });
    expect(labelPosition(sheet, 24)).toEqual({ page: 1, x: 0, y: 0.5 });
  });

  it('places Avery L7163 labels 2 × 7 with the 2.5 mm gap between the columns', () => {
    const sheet = LABEL_SHEET_SIZES['a4-2x7'];
    expect(labelsPerPage(sheet)).toBe(14);
    expect(labelPosition(sheet, 0)).toEqual({ page: 0, x: 4.65, y: 15.15 });
    expect(labelPosition(sheet, 1)).toEqual({ page: 0, x: 106.25, y: 15.15 });
    const last = labelPosition(sheet, 13);
    expect(last.page).toBe(0);
    expect(last.x + sheet.label.width).toBeCloseTo(210 - 4.65, 6);
    expect(last.y + sheet.label.height).toBeCloseTo(297 - 15.15, 6);
    expect(labelPosition(sheet, 14)).toEqual({ page: 1, x: 4.65, y: 15.15 });
  });

  it('puts one 62 × 29 mm label on each page of a roll', () => {
    const sheet = LABEL_SHEET_SIZES['roll-62x29'];
    expect(labelPosition(sheet, 0)).toEqual({ page: 0, x: 0, y: 0 });
    expect(labelPosition(sheet, 5)).toEqual({ page: 5, x: 0, y: 0 });
  });

  it.each([...LABEL_SHEETS])('%s: every label lies on its page, none overlaps the next', (name) => {
    const sheet = LABEL_SHEET_SIZES[name];
    for (let n = 0; n < labelsPerPage(sheet); n++) {
      const { x, y } = labelPosition(sheet, n);
      expect(x + sheet.label.width).toBeLessThanOrEqual(sheet.page.width + 1e-9);
      expect(y + sheet.label.height).toBeLessThanOrEqual(sheet.page.height + 1e-9);
    }
    expect(sheet.pitch.x).toBeGreaterThanOrEqual(sheet.label.width);
    expect(sheet.pitch.y).toBeGreaterThanOrEqual(sheet.label.height);
  });
});

/** The rectangles (x y w h re, in points from the top left) of the PDF's page content streams. */
function rectanglesOf(pdf: Buffer): number[][][] {
  const pages: number[][][] = [];
  const text = pdf.toString('latin1');
  for (const match of text.matchAll(/stream\n([\s\S]*?)\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    if (!content.includes(' re')) continue;
    pages.push([...content.matchAll(/([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) re/g)].map((m) => m.slice(1).map(Number)));
  }
  return pages;
}

describe('label codes', () => {
  const url = 'https://console.example.com/assets/4711';

  it('draws the QR modules of the URL exactly, and one page per sheet of labels', async () => {
    const sheet = LABEL_SHEET_SIZES['roll-62x29'];
    const labels = [{ url, barcode: 'REEL-4711', title: 'Reel', subtitle: 'REEL-4711' }];
    const pages = rectanglesOf(await writeLabelPdf(sheet, [...labels, ...labels], 'test'));
    expect(pages).toHaveLength(2);
    const { size, data } = create(url, { errorCorrectionLevel: 'M' }).modules;
    // The QR code is the square top left: its first rectangle is the finder pattern's top row at the padding.
    const rects = pages[0] ?? [];
    const [left = 0, top = 0] = rects[0] ?? [];
    const qrSide = sheet.label.height - 2 * 2.5 - (sheet.label.height - 5) * 0.25 - 2;
    const module = pt(qrSide) / size;
    const drawn = new Uint8Array(size * size);
    for (const [x, y, w, h] of rects) {
      if ((x as number) >= left + pt(qrSide) - 0.01 || (y as number) >= top + pt(qrSide) - 0.01) continue;
      expect(h).toBeCloseTo(module, 3);
      const row = Math.round(((y as number) - top) / module);
      const from = Math.round(((x as number) - left) / module);
      for (let c = from; c < from + Math.round((w as number) / module); c++) drawn[row * size + c] = 1;
    }
    expect([...drawn]).toEqual([...data]);
    expect(qrMatrix(url).size).toBe(size);
  });

  it('reads Code 128 bars from bwip-js: start, data, checksum and stop in modules', () => {
    const { bars, modules } = code128Bars('0018B20000000001');
    // Each symbol character is 11 modules with 3 bars; the stop pattern is 13 modules with 4 bars.
    expect((modules - 13) % 11).toBe(0);
    expect(bars.length).toBe(((modules - 13) / 11) * 3 + 4);
    expect(bars[0]).toEqual({ x: 0, width: 2 });
  });
});

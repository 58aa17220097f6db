import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import PDFDocument from 'pdfkit';
import type { CellValue, ExportRow, ExportSheet } from '../export-table';
import { safeCell, safeText } from './safe-cell';

/** The evidence PDF goes in this file's bundle, beside pdfkit (infra/bundle-files/export-worker/place-files.cjs). */
export { writeEvidencePdf } from '../../evidence/evidence-pdf';

/**
 * A landscape A4 table through pdfkit, streamed: pages are flushed to `out` as the next one starts (no
 * bufferPages), the header row repeats on every page and each page says its number. Cells are single lines
 * cut to their column with an ellipsis; text is drawn without pdfkit's line wrapper, which would be the
 * slowest part of a 100k-row file and could add pages on its own.
 */
const PAGE = { width: 841.89, height: 595.28, margin: 28 };
const FONT_SIZE = 7;
const ROW_HEIGHT = 12;
/** Headers may wrap onto three lines: a header cut short would leave a column unnamed. */
const HEADER_HEIGHT = 30;
const CELL_PADDING = 3;
const TOP = PAGE.margin + 34;
const BOTTOM = PAGE.height - PAGE.margin - 14;
/** Bytes pdfkit may hold ahead of a slow destination before the writer waits. */
const HIGH_WATER = 1024 * 1024;

interface Layout {
  x: number[];
  widths: number[];
}

function layoutOf(sheet: ExportSheet): Layout {
  const usable = PAGE.width - 2 * PAGE.margin;
  const total = sheet.columns.reduce((sum, c) => sum + c.width, 0);
  const widths = sheet.columns.map((c) => (c.width / total) * usable);
  const x = widths.map((_, i) => PAGE.margin + widths.slice(0, i).reduce((sum, w) => sum + w, 0));
  return { x, widths };
}

/** Fits text into a width: short texts are drawn as they are, only long ones are measured and cut. */
function fitText(doc: PDFKit.PDFDocument, value: CellValue, width: number): string {
  const cell = safeCell(value, 'pdf');
  const text = cell === null ? '' : String(cell).replace(/\s+/g, ' ');
  const room = width - 2 * CELL_PADDING;
  // No Helvetica glyph is wider than 1 em, so this many characters always fit without measuring.
  if (text.length * FONT_SIZE <= room || doc.widthOfString(text) <= room) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (doc.widthOfString(`${text.slice(0, mid)}…`) <= room) low = mid;
    else high = mid - 1;
  }
  return `${text.slice(0, low)}…`;
}

function drawRow(doc: PDFKit.PDFDocument, layout: Layout, cells: CellValue[], y: number) {
  cells.forEach((cell, i) => {
    doc.text(fitText(doc, cell, layout.widths[i] ?? 0), (layout.x[i] ?? 0) + CELL_PADDING, y + 3, { lineBreak: false });
  });
}

function startPage(doc: PDFKit.PDFDocument, sheet: ExportSheet, layout: Layout, page: number) {
  if (page > 1) doc.addPage();
  doc.font('Helvetica-Bold').fontSize(12).fillColor('#252525');
  doc.text(sheet.title, PAGE.margin, PAGE.margin, { lineBreak: false });
  doc.font('Helvetica').fontSize(FONT_SIZE).fillColor('#555555');
  doc.text(sheet.subtitle, PAGE.margin, PAGE.margin + 16, { lineBreak: false });
  doc.text(sheet.pageLabel(page), PAGE.width - PAGE.margin - 60, BOTTOM + 4, { lineBreak: false });
  doc.rect(PAGE.margin, TOP, PAGE.width - 2 * PAGE.margin, HEADER_HEIGHT).fill('#e8e8e8');
  doc.font('Helvetica-Bold').fillColor('#252525');
  sheet.columns.forEach((column, i) => {
    const width = (layout.widths[i] ?? 0) - 2 * CELL_PADDING;
    doc.text(safeText(column.label, 'pdf'), (layout.x[i] ?? 0) + CELL_PADDING, TOP + 3, {
      width,
      height: HEADER_HEIGHT - 4,
      ellipsis: true,
    });
  });
  doc.font('Helvetica');
  return TOP + HEADER_HEIGHT;
}

async function drained(doc: Readable, out: Writable) {
  while (doc.readableLength > HIGH_WATER) {
    if (out.destroyed) throw new Error('The export destination closed early');
    await (out.writableNeedDrain ? once(out, 'drain') : new Promise((resolve) => setImmediate(resolve)));
  }
}

export async function writePdf(sheet: ExportSheet, batches: AsyncIterable<ExportRow[]>, out: Writable) {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: PAGE.margin,
    info: { Title: sheet.title, Producer: 'Tracking console' },
  });
  doc.pipe(out);
  const layout = layoutOf(sheet);
  let page = 1;
  let y = startPage(doc, sheet, layout, page);
  for await (const rows of batches) {
    for (const row of rows) {
      if (y + ROW_HEIGHT > BOTTOM) y = startPage(doc, sheet, layout, ++page);
      drawRow(doc, layout, row, y);
      doc
        .moveTo(PAGE.margin, y + ROW_HEIGHT)
        .lineTo(PAGE.width - PAGE.margin, y + ROW_HEIGHT)
        .lineWidth(0.3)
        .stroke('#cccccc');
      doc.fillColor('#252525');
      y += ROW_HEIGHT;
    }
    await drained(doc as unknown as Readable, out);
  }
  doc.end();
}

import { safeText } from '../exports/writers/safe-cell';

/**
 * Page layout of the evidence PDF: A4 portrait, content flowing down the page and onto the next, tables whose
 * header row repeats on every page they continue on. Every text is drawn as one line at a set place (pdfkit's
 * line wrapper is used only for the notes, inside the top of a page), so nothing adds a page by itself.
 */
export const PAGE = { width: 595.28, height: 841.89, margin: 36 };
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
/** Content ends above the footer, which sits in the bottom margin. */
const BOTTOM = PAGE.height - 52;
const ROW = 11;
const FONT = 7;
const PADDING = 2.5;

export interface Column {
  label: string;
  /** Relative width. */
  width: number;
}

export class Flow {
  y = PAGE.margin;
  constructor(readonly doc: PDFKit.PDFDocument) {}

  /** Goes to a new page unless `height` still fits on this one; true when it did. */
  ensure(height: number): boolean {
    if (this.y + height <= BOTTOM) return false;
    this.doc.addPage();
    this.y = PAGE.margin;
    return true;
  }

  heading(text: string) {
    this.ensure(40);
    this.y += 6;
    this.doc.font('Helvetica-Bold').fontSize(11).fillColor('#212121');
    this.doc.text(safeText(text, 'pdf'), PAGE.margin, this.y, { lineBreak: false });
    this.y += 16;
  }

  /** A paragraph wrapped to the content width. */
  note(value: string, size = 7.5, colour = '#424242') {
    const text = safeText(value, 'pdf');
    this.doc.font('Helvetica').fontSize(size).fillColor(colour);
    const height = this.doc.heightOfString(text, { width: CONTENT_WIDTH });
    this.ensure(height + 4);
    this.doc.text(text, PAGE.margin, this.y, { width: CONTENT_WIDTH });
    this.y += height + 4;
  }

  /** "Label: value" lines in two columns. */
  facts(rows: [string, string][]) {
    for (const [label, value] of rows) {
      this.ensure(13);
      this.doc.font('Helvetica-Bold').fontSize(9).fillColor('#424242');
      this.doc.text(safeText(label, 'pdf'), PAGE.margin, this.y, { lineBreak: false });
      this.doc.font('Helvetica').fillColor('#212121');
      this.doc.text(fitText(this.doc, value, CONTENT_WIDTH - 120), PAGE.margin + 120, this.y, { lineBreak: false });
      this.y += 13;
    }
  }

  table(columns: Column[], rows: string[][], empty: string) {
    const total = columns.reduce((sum, column) => sum + column.width, 0);
    const widths = columns.map((column) => (column.width / total) * CONTENT_WIDTH);
    const xs = widths.map((_, i) => PAGE.margin + widths.slice(0, i).reduce((sum, w) => sum + w, 0));
    const header = () => {
      this.doc.rect(PAGE.margin, this.y, CONTENT_WIDTH, ROW + 2).fill('#e8e8e8');
      this.doc.font('Helvetica-Bold').fontSize(FONT).fillColor('#212121');
      columns.forEach((column, i) => {
        const text = fitText(this.doc, column.label, (widths[i] ?? 0) - 2 * PADDING);
        this.doc.text(text, (xs[i] ?? 0) + PADDING, this.y + 3, { lineBreak: false });
      });
      this.y += ROW + 2;
    };
    this.ensure(3 * ROW);
    header();
    if (rows.length === 0) return this.note(empty);
    for (const row of rows) {
      if (this.ensure(ROW)) header();
      this.doc.font('Helvetica').fontSize(FONT).fillColor('#212121');
      row.forEach((cell, i) => {
        const text = fitText(this.doc, cell, (widths[i] ?? 0) - 2 * PADDING);
        this.doc.text(text, (xs[i] ?? 0) + PADDING, this.y + 2.5, { lineBreak: false });
      });
      this.doc.moveTo(PAGE.margin, this.y + ROW).lineTo(PAGE.margin + CONTENT_WIDTH, this.y + ROW);
      this.doc.lineWidth(0.3).stroke('#d0d0d0');
      this.y += ROW;
    }
    this.y += 6;
  }
}

/** Cuts a text to a width with an ellipsis; names typed by users are made safe as the list PDF makes them. */
export function fitText(doc: PDFKit.PDFDocument, value: string, width: number): string {
  const text = safeText(value, 'pdf').replace(/\s+/g, ' ');
  if (doc.widthOfString(text) <= width) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (doc.widthOfString(`${text.slice(0, mid)}…`) <= width) low = mid;
    else high = mid - 1;
  }
  return `${text.slice(0, low)}…`;
}

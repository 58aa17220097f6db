import PDFDocument from 'pdfkit';
import { safeText } from '../exports/writers/safe-cell';
import { code128Bars, qrMatrix } from './label-codes';
import { type LabelSheet, labelPosition, labelsPerPage, pt } from './label-sheets';

/** What one label shows: the QR code's URL, the barcode's value and two lines of text. */
export interface Label {
  url: string;
  barcode: string;
  title: string;
  subtitle: string;
}

/** Inside a label, in mm: printers and die-cut edges need some white around the codes. */
const PADDING = 2.5;
const GAP = 2;
/** A bar module wider than this makes a long barcode for nothing; narrower ones are what a 203 dpi printer needs. */
const MAX_MODULE = 0.5;
/** White on either side of the bars, in modules, which scanners need to find the symbol. */
const QUIET_ZONE = 10;
const INK = '#000000';

/** Dark modules as horizontal runs: one rectangle per run keeps the PDF small and leaves no hairline seams. */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const matrix = qrMatrix(text);
  const module = size / matrix.size;
  for (let row = 0; row < matrix.size; row++) {
    for (let column = 0; column < matrix.size; ) {
      if (!matrix.dark(column, row)) {
        column++;
        continue;
      }
      const start = column;
      while (column < matrix.size && matrix.dark(column, row)) column++;
      doc.rect(pt(x + start * module), pt(y + row * module), pt((column - start) * module), pt(module));
    }
  }
  doc.fill(INK);
}

function drawBarcode(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number, height: number) {
  const { bars, modules } = code128Bars(text);
  const module = Math.min(MAX_MODULE, width / (modules + 2 * QUIET_ZONE));
  const left = x + (width - modules * module) / 2;
  for (const bar of bars) doc.rect(pt(left + bar.x * module), pt(y), pt(bar.width * module), pt(height));
  doc.fill(INK);
}

/** A label's parts inside its box: the QR code top left, the text beside it, the barcode along the bottom. */
function drawLabel(doc: PDFKit.PDFDocument, sheet: LabelSheet, label: Label, x: number, y: number) {
  const inner = { width: sheet.label.width - 2 * PADDING, height: sheet.label.height - 2 * PADDING };
  const barHeight = inner.height * 0.25;
  const qrSize = inner.height - barHeight - GAP;
  drawQr(doc, label.url, x + PADDING, y + PADDING, qrSize);
  const textX = x + PADDING + qrSize + GAP;
  const textWidth = pt(inner.width - qrSize - GAP);
  doc
    .font('Helvetica-Bold')
    .fontSize(sheet.label.height < 30 ? 8 : 10)
    .fillColor(INK);
  doc.text(safeText(label.title, 'pdf'), pt(textX), pt(y + PADDING), {
    width: textWidth,
    height: pt(qrSize * 0.6),
    ellipsis: true,
  });
  doc.font('Helvetica').fontSize(7);
  doc.text(safeText(label.subtitle, 'pdf'), pt(textX), pt(y + PADDING + qrSize * 0.65), {
    width: textWidth,
    lineBreak: false,
    ellipsis: true,
  });
  drawBarcode(doc, label.barcode, x + PADDING, y + PADDING + qrSize + GAP, inner.width, barHeight);
}

/** The label sheet as a PDF: labels row by row, a new page when a sheet is full. */
export async function writeLabelPdf(sheet: LabelSheet, labels: readonly Label[], title: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: [pt(sheet.page.width), pt(sheet.page.height)],
    margin: 0,
    autoFirstPage: false,
    info: { Title: title, Producer: 'Tracking console' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  labels.forEach((label, n) => {
    if (n % labelsPerPage(sheet) === 0) doc.addPage();
    const { x, y } = labelPosition(sheet, n);
    drawLabel(doc, sheet, label, x, y);
  });
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

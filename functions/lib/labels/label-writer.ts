import type { Label } from './label-pdf';
import type { LabelSheet } from './label-sheets';

export type { Label };

type LabelPdfModule = typeof import('./label-pdf');

/**
 * The label sheet writer, loaded when a sheet is drawn: `require`d, not imported, because in the Lambda it is a
 * bundle of its own beside index.js (infra/constructs/labels-bundling.ts), which keeps pdfkit, qrcode and
 * bwip-js (~3 MB) out of index.js; Node resolves `./label-pdf` to `label-pdf.js` for require only.
 */
export const writeLabels = (sheet: LabelSheet, labels: readonly Label[], title: string): Promise<Buffer> =>
  (require('./label-pdf') as LabelPdfModule).writeLabelPdf(sheet, labels, title);

import bwipjs from 'bwip-js/node';
import { create } from 'qrcode';

/**
 * The codes of a label as geometry, so the PDF draws them as vectors (sharp at any printer resolution): a QR
 * code's dark modules and a Code 128 barcode's bars. The libraries encode; nothing here knows a symbology.
 */
export interface QrMatrix {
  size: number;
  dark: (x: number, y: number) => boolean;
}

/** Level M (15 % recovery): a scuffed label on a reel still reads, and a console URL stays a small version. */
export function qrMatrix(text: string): QrMatrix {
  const { size, data } = create(text, { errorCorrectionLevel: 'M' }).modules;
  return { size, dark: (x, y) => data[y * size + x] === 1 };
}

/** Code 128 bars in modules: each bar's start and width, and the whole symbol's width (no quiet zone). */
export function code128Bars(text: string): { bars: { x: number; width: number }[]; modules: number } {
  const [symbol] = bwipjs.raw('code128', text, '');
  const widths = (symbol as { sbs: number[] }).sbs;
  const bars: { x: number; width: number }[] = [];
  let x = 0;
  widths.forEach((width, i) => {
    // sbs alternates bar, space, bar… from a bar.
    if (i % 2 === 0) bars.push({ x, width });
    x += width;
  });
  return { bars, modules: x };
}

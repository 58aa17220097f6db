import type { LabelSheetName } from '../../../shared/schemas/labels';

/**
 * The label sheets, in millimetres as their makers publish them (page, first label's corner, label size and the
 * pitch from one label's corner to the next). Sources:
 * - a4-3x8: Avery 3474 (A4, 3 × 8, 70 × 37 mm): no side margins (3 × 70 = 210), the 8 rows of 37 mm leave
 *   0.5 mm at top and bottom (297 − 296);
 * - a4-2x7: Avery L7163 (A4, 2 × 7, 99.1 × 38.1 mm): top margin 15.15 mm, side margin 4.65 mm, horizontal pitch
 *   101.6 mm (2.5 mm gap), vertical pitch 38.1 mm (no gap): 2 × 4.65 + 99.1 + 101.6 = 210 and
 *   2 × 15.15 + 7 × 38.1 = 297;
 * - roll-62x29: Brother DK-11209 die-cut labels (62 × 29 mm), one label a page as the printer driver expects.
 */
export interface LabelSheet {
  page: { width: number; height: number };
  columns: number;
  rows: number;
  label: { width: number; height: number };
  /** The top left corner of the first label. */
  margin: { left: number; top: number };
  pitch: { x: number; y: number };
}

export const LABEL_SHEET_SIZES: Readonly<Record<LabelSheetName, LabelSheet>> = {
  'a4-3x8': {
    page: { width: 210, height: 297 },
    columns: 3,
    rows: 8,
    label: { width: 70, height: 37 },
    margin: { left: 0, top: 0.5 },
    pitch: { x: 70, y: 37 },
  },
  'a4-2x7': {
    page: { width: 210, height: 297 },
    columns: 2,
    rows: 7,
    label: { width: 99.1, height: 38.1 },
    margin: { left: 4.65, top: 15.15 },
    pitch: { x: 101.6, y: 38.1 },
  },
  'roll-62x29': {
    page: { width: 62, height: 29 },
    columns: 1,
    rows: 1,
    label: { width: 62, height: 29 },
    margin: { left: 0, top: 0 },
    pitch: { x: 62, y: 29 },
  },
};

export const labelsPerPage = (sheet: LabelSheet) => sheet.columns * sheet.rows;

/** Where the n-th label (from 0) goes: its page (from 0) and its top left corner in mm, row by row. */
export function labelPosition(sheet: LabelSheet, n: number) {
  const perPage = labelsPerPage(sheet);
  const onPage = n % perPage;
  const column = onPage % sheet.columns;
  const row = Math.floor(onPage / sheet.columns);
  return {
    page: Math.floor(n / perPage),
    x: sheet.margin.left + column * sheet.pitch.x,
    y: sheet.margin.top + row * sheet.pitch.y,
  };
}

/** PDF points of a length in millimetres. */
export const pt = (mm: number) => (mm * 72) / 25.4;

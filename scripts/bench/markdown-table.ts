/**
 * The markdown tables the scripts write into docs (docs/performance.md from `npm run bench`,
 * docs/device-payloads.md). One writer for the header, the alignment row and the cells, so a `|` in a cell
 * (an error message, a reason) cannot split its row, and a row with a cell too many or too few fails the run
 * instead of shifting the columns of the document. No padding: biome formats the written markdown and aligns
 * the columns itself.
 */
export type Align = 'left' | 'right' | 'center';

export interface Column {
  heading: string;
  /** Left when left out. */
  align?: Align;
}

export type Cell = string | number;

const RULE: Record<Align, string> = { left: '---', right: '---:', center: ':---:' };

const cellText = (cell: Cell) => String(cell).replace(/\|/g, '\\|');

// An empty cell is written `| |`, as the tables were written by hand before.
const line = (cells: string[]) => `|${cells.map((cell) => (cell === '' ? ' ' : ` ${cell} `)).join('|')}|`;

/** The table's lines: header, alignment row, one line a row. Cells are text, not markdown to escape twice. */
export function markdownTable(columns: Column[], rows: Cell[][]): string[] {
  for (const [index, row] of rows.entries()) {
    if (row.length !== columns.length) {
      throw new Error(
        `table row ${index + 1} has ${row.length} cells for ${columns.length} columns: ${row.join(', ')}`,
      );
    }
  }
  return [
    line(columns.map((column) => cellText(column.heading))),
    line(columns.map((column) => RULE[column.align ?? 'left'])),
    ...rows.map((row) => line(row.map(cellText))),
  ];
}

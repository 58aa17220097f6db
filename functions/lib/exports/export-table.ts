/**
 * The format-agnostic shape of an export: a titled table whose columns already carry their header text in
 * the reader's language, and rows of plain cell values. Every format writer takes exactly this, so an entity
 * (assets, later devices) only has to say which columns it has and how a row reads.
 */
export type CellValue = string | number | null;
export type ExportRow = CellValue[];

export interface ExportColumn {
  id: string;
  /** Header text: the user's renamed header, else the translated one. */
  label: string;
  /** Relative width (characters, roughly) for the paged and spreadsheet formats. */
  width: number;
}

export interface ExportSheet {
  /** Sheet name and PDF heading ("Assets"). */
  title: string;
  /** Line under the PDF heading ("Exported on 04/05/2026 10:12"). */
  subtitle: string;
  columns: readonly ExportColumn[];
  /** "Page 3" in the reader's language (a streamed PDF does not know its page count in advance). */
  pageLabel: (page: number) => string;
}

import type { ExportType } from '../../../shared/schemas/export';
import type { TenantContext } from '../data/tenant-context';
import type { ExportRow, ExportSheet } from './export-table';

/**
 * What an export run is: batches of items in list order, the columns and how one item reads as a row. An
 * entity adapter (asset-export.ts, device-export.ts, ...) describes it; the export worker writes it
 * (write-export.ts, the only module with the file writers). This module carries no writer, so HTTP handlers
 * can validate a run and look for a first item without pdfkit or exceljs in their bundle.
 */
export interface ExportRun<T> {
  ctx: TenantContext;
  /** File name prefix: "Assets" gives Assets.2026-05-04.csv. */
  entity: string;
  type: ExportType;
  /** yyyy-MM-dd in the reader's time zone. */
  day: string;
  sheet: ExportSheet;
  batches: AsyncIterable<T[]>;
  toRow: (item: T) => ExportRow;
  /** The rows the file will have, when known without reading the list (an unfiltered list: its counter). */
  expectedRows?: () => Promise<number>;
}

/** Called after each batch with the number of rows written so far. */
export type ExportProgress = (rows: number) => void | Promise<void>;

/**
 * Whether the list has any item: lets a background export refuse an empty list before it starts. A rare
 * filter over a big tenant may need many pages to tell, so after `withinMs` the answer is 'unknown' (the
 * worker then finds out, and records the same 422 on the job).
 */
export async function hasAnyItem<T>(batches: AsyncIterable<T[]>, withinMs: number): Promise<boolean | 'unknown'> {
  const iterator = batches[Symbol.asyncIterator]();
  const deadline = Date.now() + withinMs;
  try {
    for (;;) {
      const next = await iterator.next();
      if (next.done) return false;
      if (next.value.length > 0) return true;
      if (Date.now() > deadline) return 'unknown';
    }
  } finally {
    await iterator.return?.();
  }
}

import type { TenantContext } from '../data/tenant-context';
import { assetExportTexts } from './asset-export-texts';
import type { ExportFileOptions } from './export-request';
import type { ExportColumn, ExportRow } from './export-table';
import { dateTimeFormatter, dayIn } from './export-values';
import type { ExportRun } from './run-export';

/**
 * What every export kind's run shares, so a kind says only what differs (its title, columns, items and rows):
 * the file's day and the sheet's "Exported on …" and "Page n" in the reader's language and time zone (the page
 * words are the asset export's, one source for every file). Worker side: it carries the translations.
 */
interface RunParts<T> {
  ctx: TenantContext;
  /** File name prefix: "Assets" gives Assets.2026-05-04.csv. */
  entity: string;
  file: ExportFileOptions;
  title: string;
  columns: readonly ExportColumn[];
  batches: AsyncIterable<T[]>;
  toRow: (item: T) => ExportRow;
  expectedRows?: () => Promise<number>;
  now?: Date;
}

export function buildExportRun<T>(parts: RunParts<T>): ExportRun<T> {
  const { file, now = new Date() } = parts;
  const pageTexts = assetExportTexts(file.language);
  return {
    ctx: parts.ctx,
    entity: parts.entity,
    type: file.type,
    day: dayIn(file.timeZone, now),
    sheet: {
      title: parts.title,
      subtitle: pageTexts.exportedOn(dateTimeFormatter(file.timeZone)(now.toISOString())),
      columns: parts.columns,
      pageLabel: pageTexts.page,
    },
    batches: parts.batches,
    toRow: parts.toRow,
    ...(parts.expectedRows ? { expectedRows: parts.expectedRows } : {}),
  };
}

/** A run whose batches are rows already (a report's totals, a month's lines): each item is its row. */
export const buildRowsRun = (parts: Omit<RunParts<ExportRow>, 'toRow'>): ExportRun<ExportRow> =>
  buildExportRun({ ...parts, toRow: (row) => row });

/** The columns of the given ids, labelled in the reader's language, each with its width. */
export const labelColumns = <Id extends string>(
  ids: readonly Id[],
  label: (id: Id) => string,
  width: (id: Id) => number,
): ExportColumn[] => ids.map((id) => ({ id, label: label(id), width: width(id) }));

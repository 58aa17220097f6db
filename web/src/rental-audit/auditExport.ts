import type { RentalAuditClass } from '@shared/rental-audit/classify-day';
import { safeText } from '@shared/safe-text';
import type { RentalAuditLine, RentalAuditReport } from '@shared/schemas/rental-audit';
import { api } from '../api/apiClient';

/**
 * The month's audit as CSV, written in the browser: one row per line and day. The console's export menu goes
 * through the server's export kinds, which have no rental audit; the rows are all here already (the first answer
 * on screen, the rest of the month by its `next` path), so the file is made where they are.
 */
export const CSV_COLUMNS = [
  'customer',
  'externalId',
  'asset',
  'day',
  'class',
  'billed',
  'fixes',
  'deliveryZone',
  'depot',
  'otherZone',
  'outside',
] as const;

/** The whole month: the answer on screen, then each further answer until the last. */
export async function allLines(first: RentalAuditReport): Promise<RentalAuditLine[]> {
  const lines = [...first.lines];
  let next = first.next;
  while (next) {
    const page = await api.get<RentalAuditReport>(next);
    lines.push(...page.lines);
    next = page.next;
  }
  return lines;
}

type Cell = string | number;

/** The class's and the billed flag's words in the user's language. */
export interface AuditWords {
  className: (name: RentalAuditClass) => string;
  billed: (billed: boolean) => string;
}

export function auditCsvRows(lines: readonly RentalAuditLine[], words: AuditWords): Cell[][] {
  return lines.flatMap((line) =>
    line.days.map((day) => {
      const places = day.evidence.places;
      return [
        line.customer,
        line.externalId,
        line.asset ?? '',
        day.day,
        words.className(day.class),
        words.billed(day.billed),
        day.evidence.fixes,
        places['delivery-zone'],
        places.depot,
        places['other-zone'],
        places.outside,
      ];
    }),
  );
}

/** The CSV, its headings in the user's language; text cells through the exports' formula-safe rule. */
export async function auditCsv(header: readonly string[], rows: readonly Cell[][]): Promise<string> {
  // The CSV writer's browser build carries its own Buffer: loaded when a CSV is asked for, not with the screen.
  const { stringify } = await import('csv-stringify/browser/esm/sync');
  const safe = (cell: Cell) => (typeof cell === 'string' ? safeText(cell, 'csv') : cell);
  return stringify([header.map((label) => safeText(label, 'csv')), ...rows.map((row) => row.map(safe))], {
    bom: true,
  });
}

export function downloadCsv(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

import type { Violation } from '@shared/errors';
import { safeText } from '@shared/safe-text';
import {
  RENTAL_CONTRACT_MESSAGES,
  type RentalContractBulkReport,
  type RentalContractLine,
} from '@shared/schemas/rental-contract';
import type { FileRow } from './contractImportFile';
import { checkLine, columnOf } from './contractLine';

/**
 * An import's lines from check to report. Each file row is checked by the shared schema before anything is
 * sent; the valid ones go to the bulk route in chunks (the route takes 5,000 lines, a chunk of 1,000 keeps each
 * answer quick and the progress visible), and each answer's lines, numbered within their chunk, are mapped
 * back to the file's rows.
 */
export const IMPORT_CHUNK = 1000;

export type RowResult = 'done' | 'unchanged' | 'refused' | 'pending';
export interface RowOutcome {
  row: number;
  externalId: string;
  result: RowResult;
  violations: Violation[];
}

export interface CheckedFile {
  outcomes: RowOutcome[];
  /** The lines to send, with the index of their outcome. */
  valid: { index: number; line: RentalContractLine }[];
}

/** Every row checked alone, and an external id that an earlier row of the file already has refused. */
export function checkRows(rows: readonly FileRow[]): CheckedFile {
  const seen = new Set<string>();
  const valid: CheckedFile['valid'] = [];
  const outcomes = rows.map(({ row, text }, index): RowOutcome => {
    const checked = checkLine(text);
    const externalId = text.externalId;
    if (!checked.ok) return { row, externalId, result: 'refused', violations: checked.violations };
    if (seen.has(checked.line.externalId)) {
      return {
        row,
        externalId,
        result: 'refused',
        violations: [{ propertyPath: 'externalId', message: RENTAL_CONTRACT_MESSAGES.duplicate }],
      };
    }
    seen.add(checked.line.externalId);
    valid.push({ index, line: checked.line });
    return { row, externalId, result: 'pending', violations: [] };
  });
  return { outcomes, valid };
}

export const chunksOf = <T>(items: readonly T[], size = IMPORT_CHUNK): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** A chunk's answer written onto the outcomes of its rows (the answer's `line` is 1-based within the chunk). */
export function applyReport(
  outcomes: RowOutcome[],
  chunk: readonly CheckedFile['valid'][number][],
  report: RentalContractBulkReport,
): RowOutcome[] {
  const next = [...outcomes];
  for (const answered of report.lines) {
    const sent = chunk[answered.line - 1];
    const outcome = sent && next[sent.index];
    if (!sent || !outcome) continue;
    const violations = answered.violations.map((v) => ({
      ...v,
      propertyPath: columnOf(v.propertyPath) ?? v.propertyPath,
    }));
    next[sent.index] = { ...outcome, result: answered.result, violations };
  }
  return next;
}

/** A chunk the server did not answer (network, 5xx): its rows are refused with the reason. */
export function refuseChunk(
  outcomes: RowOutcome[],
  chunk: readonly CheckedFile['valid'][number][],
  message: string,
): RowOutcome[] {
  const next = [...outcomes];
  for (const { index } of chunk) {
    const outcome = next[index];
    if (outcome) next[index] = { ...outcome, result: 'refused', violations: [{ propertyPath: '', message }] };
  }
  return next;
}

export const countOf = (outcomes: readonly RowOutcome[], result: RowResult) =>
  outcomes.filter((outcome) => outcome.result === result).length;

/** The error report: one row per violation of a refused line, in the file's order. */
export async function errorReportCsv(
  header: readonly string[],
  outcomes: readonly RowOutcome[],
  translate: (message: string) => string,
): Promise<string> {
  const { stringify } = await import('csv-stringify/browser/esm/sync');
  const rows = outcomes
    .filter((outcome) => outcome.result === 'refused')
    .flatMap((outcome) =>
      outcome.violations.map((v) => [
        outcome.row,
        safeText(outcome.externalId, 'csv'),
        v.propertyPath,
        safeText(translate(v.message), 'csv'),
      ]),
    );
  return stringify([header.map((label) => safeText(label, 'csv')), ...rows], { bom: true });
}

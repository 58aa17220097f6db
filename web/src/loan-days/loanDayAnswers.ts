import type { LoanDayReport } from '../../../shared/schemas/loan-day';

/** The cursor of an answer's `next` (the path of the rest of the month), undefined on the last answer. */
export const cursorOfNext = (report: LoanDayReport): string | undefined =>
  report.next ? (new URLSearchParams(report.next.split('?')[1]).get('cursor') ?? undefined) : undefined;

/**
 * The answers read so far as one report: a customer whose assets span two answers is one customer (an asset is
 * never split: loan-day-pages.ts), and the totals add up.
 */
export function mergeReports(answers: readonly LoanDayReport[]): LoanDayReport | undefined {
  const [first, ...rest] = answers;
  if (!first) return undefined;
  const customers = first.customers.map((customer) => ({ ...customer, assets: [...customer.assets] }));
  for (const answer of rest) {
    for (const part of answer.customers) {
      const last = customers.at(-1);
      if (last && (last.client?.id ?? null) === (part.client?.id ?? null)) {
        last.assets.push(...part.assets);
        last.total += part.total;
      } else customers.push({ ...part, assets: [...part.assets] });
    }
  }
  const total = answers.reduce((sum, answer) => sum + answer.total, 0);
  return { ...first, customers, total, next: answers.at(-1)?.next ?? null };
}

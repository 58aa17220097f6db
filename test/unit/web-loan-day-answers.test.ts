import type { LoanDayReport } from '../../shared/schemas/loan-day';
import { cursorOfNext, mergeReports } from '../../web/src/loan-days/loanDayAnswers';

/**
 * The Loan days screen reads a big month in answers (GET /api/loan-days, `next`) and shows them as one report: a
 * customer whose assets go on in the next answer stays one customer, and the totals add up.
 */
const line = (id: number, days: number) => ({
  asset: { id, name: `Reel ${id}` },
  days: Array.from({ length: days }, (_, i) => ({
    day: `2025-07-${String(i + 1).padStart(2, '0')}`,
    zone: null,
    last_fix: null,
    outside_since: null,
    days_outside: i + 1,
  })),
  count: days,
  resets: [],
});
const customer = (id: number | null, lines: ReturnType<typeof line>[]) => ({
  client: id === null ? null : { id, company: `Customer ${id}` },
  assets: lines,
  total: lines.reduce((sum, l) => sum + l.count, 0),
});
const answer = (customers: ReturnType<typeof customer>[], next: string | null): LoanDayReport => ({
  '@id': '/api/loan-days?month=2025-07',
  '@type': 'LoanDayReport',
  month: '2025-07',
  customers,
  total: customers.reduce((sum, c) => sum + c.total, 0),
  next,
});

describe('loan-day answers on the Loan days screen', () => {
  it('reads the cursor of the next answer, none on the last', () => {
    expect(cursorOfNext(answer([], '/api/loan-days?month=2025-07&client=7&cursor=0000000007-0000000162'))).toBe(
      '0000000007-0000000162',
    );
    expect(cursorOfNext(answer([], null))).toBeUndefined();
  });

  it('joins a customer that goes on in the next answer, and adds the totals', () => {
    const first = answer([customer(null, [line(1, 2)]), customer(7, [line(2, 31), line(3, 31)])], '/next');
    const second = answer([customer(7, [line(4, 5)]), customer(9, [line(5, 1)])], null);
    const merged = mergeReports([first, second]);
    expect(merged?.customers.map((c) => [c.client?.id ?? null, c.assets.map((a) => a.asset.id), c.total])).toEqual([
      [null, [1], 2],
      [7, [2, 3, 4], 67],
      [9, [5], 1],
    ]);
    expect(merged?.total).toBe(70);
    expect(merged?.next).toBeNull();
    // The answers read are not changed by the join (the query cache keeps them).
    expect(first.customers[1]?.assets).toHaveLength(2);
  });

  it('has nothing before the first answer', () => {
    expect(mergeReports([])).toBeUndefined();
  });
});

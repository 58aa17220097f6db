import { amsterdamMonthBounds } from '../../functions/lib/rental-audit/audit-report';

/** A month of the audit is a month of Amsterdam days: its bounds are Amsterdam midnights, summer or winter. */
describe('the instants of an audit month', () => {
  it('runs from Amsterdam midnight on the 1st to the last millisecond before the next month', () => {
    expect(amsterdamMonthBounds('2026-04')).toEqual({
      from: '2026-03-31T22:00:00.000Z',
      to: '2026-04-30T21:59:59.999Z',
    });
  });

  it('follows the clock change inside the month and the year change at its end', () => {
    // March begins in winter time and ends in summer time.
    expect(amsterdamMonthBounds('2026-03')).toEqual({
      from: '2026-02-28T23:00:00.000Z',
      to: '2026-03-31T21:59:59.999Z',
    });
    expect(amsterdamMonthBounds('2026-12')).toEqual({
      from: '2026-11-30T23:00:00.000Z',
      to: '2026-12-31T22:59:59.999Z',
    });
  });
});

import { loanDayReportOf } from '../../functions/lib/loan-days/loan-day-records';
import { waitingTime } from '../../web/src/pickups/waiting';

/** The month's report from its records (customer, asset, day order as stored) and the waiting time. */
const day = (clientId: number | null, assetId: number, d: string, daysOutside: number) => ({
  kind: 'day' as const,
  assetId,
  assetName: `Reel ${assetId}`,
  client: clientId === null ? null : { id: clientId, company: `C${clientId}` },
  day: d,
  zone: { id: 1, name: 'Yard' },
  last_fix: null,
  outside_since: null,
  days_outside: daysOutside,
});

describe('loan-day report', () => {
  it('groups records per customer and asset with counts, resets and totals', () => {
    const report = loanDayReportOf('2026-03', [
      day(null, 4, '2026-03-02', 1),
      day(1, 2, '2026-03-01', 5),
      day(1, 2, '2026-03-02', 6),
      {
        kind: 'reset',
        assetId: 2,
        assetName: 'Reel 2',
        client: { id: 1, company: 'C1' },
        at: '2026-03-03T10:00:00.000Z',
        by: { id: 7 },
        count: 6,
      },
      day(1, 3, '2026-03-02', 1),
    ]);
    expect(report.total).toBe(4);
    expect(report.customers.map((c) => [c.client?.id ?? null, c.total])).toEqual([
      [null, 1],
      [1, 3],
    ]);
    const reel2 = report.customers[1]?.assets[0];
    expect(reel2?.days.map((d) => d.day)).toEqual(['2026-03-01', '2026-03-02']);
    expect(reel2?.count).toBe(2);
    expect(reel2?.resets).toEqual([{ at: '2026-03-03T10:00:00.000Z', by: { id: 7 }, count: 6 }]);
    expect(loanDayReportOf('2026-04', [])).toMatchObject({ customers: [], total: 0 });
  });

  it('reads waiting times in whole days and hours', () => {
    const now = Date.parse('2026-03-05T12:30:00Z');
    expect(waitingTime('2026-03-02T08:00:00Z', now)).toEqual({ days: 3, hours: 4 });
    expect(waitingTime('2026-03-05T12:00:00Z', now)).toEqual({ days: 0, hours: 0 });
    expect(waitingTime('2026-03-06T12:00:00Z', now)).toEqual({ days: 0, hours: 0 });
  });
});

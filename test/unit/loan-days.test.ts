import {
  addDays,
  amsterdamDay,
  dayEndedBefore,
  endOfAmsterdamDay,
  isDay,
  startOfAmsterdamDay,
} from '../../functions/lib/loan-days/amsterdam-day';

describe('Amsterdam calendar days (loan-day job)', () => {
  it('starts a winter day at 23:00 UTC and a summer day at 22:00 UTC the day before', () => {
    expect(startOfAmsterdamDay('2026-01-15').toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(startOfAmsterdamDay('2026-07-15').toISOString()).toBe('2026-07-14T22:00:00.000Z');
  });

  it('knows the 23-hour and 25-hour days of the clock changes', () => {
    const hours = (day: string) => (endOfAmsterdamDay(day).getTime() - startOfAmsterdamDay(day).getTime()) / 3.6e6;
    expect(hours('2026-03-29')).toBe(23);
    expect(hours('2026-10-25')).toBe(25);
    expect(hours('2026-11-20')).toBe(24);
  });

  it('counts at midnight the day that just ended there', () => {
    // 00:00:30 Amsterdam on 21 November is 23:00:30 UTC on the 20th.
    expect(dayEndedBefore(new Date('2026-11-20T23:00:30Z'))).toBe('2026-11-20');
    expect(amsterdamDay(new Date('2026-11-20T22:59:59Z'))).toBe('2026-11-20');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('accepts only real days as --date', () => {
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('20-11-2026')).toBe(false);
  });
});

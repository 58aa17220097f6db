import { nextDueAfter, previousMonthOf } from '../../functions/lib/report-subscriptions/next-due';
import { reportScheduleSchema } from '../../shared/schemas/report-subscription';
import { instantOfWallClock } from '../../shared/wall-clock';

/**
 * When a report subscription is due next (functions/lib/report-subscriptions/next-due.ts): wall-clock times in
 * Europe/Amsterdam across both clock changes, month ends and the schedule kinds.
 */
const schedule = (input: Record<string, unknown>) => reportScheduleSchema.parse(input);
const at = (iso: string) => new Date(iso);
const next = (input: Record<string, unknown>, after: string) => nextDueAfter(schedule(input), at(after)).toISOString();

describe('report subscription due times', () => {
  it('keep 07:00 Amsterdam on both sides of the spring change', () => {
    const daily = { every: 'day', time: '07:00' };
    expect(next(daily, '2026-03-28T06:00:00.000Z')).toBe('2026-03-29T05:00:00.000Z');
    expect(next(daily, '2026-03-27T06:00:00.000Z')).toBe('2026-03-28T06:00:00.000Z');
    expect(next(daily, '2026-03-29T05:00:00.000Z')).toBe('2026-03-30T05:00:00.000Z');
  });

  it('keep 07:00 Amsterdam on both sides of the autumn change', () => {
    const daily = { every: 'day', time: '07:00' };
    expect(next(daily, '2026-10-24T05:00:00.000Z')).toBe('2026-10-25T06:00:00.000Z');
    expect(next(daily, '2026-10-25T06:00:00.000Z')).toBe('2026-10-26T06:00:00.000Z');
  });

  it('send a time the spring change skips an hour later by the clock, a repeated one the first time', () => {
    expect(instantOfWallClock({ year: 2026, month: 3, day: 29 }, '02:30').toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(instantOfWallClock({ year: 2026, month: 10, day: 25 }, '02:30').toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
  });

  it('is strictly after the time given: the period just sent is never due again', () => {
    expect(next({ every: 'day', time: '00:00' }, '2026-01-14T23:00:00.000Z')).toBe('2026-01-15T23:00:00.000Z');
    expect(next({ every: 'day', time: '00:00' }, '2026-01-14T22:59:59.999Z')).toBe('2026-01-14T23:00:00.000Z');
  });

  it('go weekly to the weekday asked, across a month end and the year end', () => {
    // 2026-12-30 is a Wednesday; Monday 1 is 2027-01-04.
    expect(next({ every: 'week', weekday: 1, time: '08:15' }, '2026-12-30T12:00:00.000Z')).toBe(
      '2027-01-04T07:15:00.000Z',
    );
    expect(next({ every: 'week', weekday: 7, time: '23:59' }, '2026-03-01T12:00:00.000Z')).toBe(
      '2026-03-01T22:59:00.000Z',
    );
  });

  it('go monthly to the day asked, past short months and into summer time', () => {
    expect(next({ every: 'month', day: 28, time: '06:00' }, '2026-01-28T05:00:00.000Z')).toBe(
      '2026-02-28T05:00:00.000Z',
    );
    expect(next({ every: 'month', day: 1, time: '06:00' }, '2026-03-01T05:00:00.000Z')).toBe(
      '2026-04-01T04:00:00.000Z',
    );
    expect(next({ every: 'month', day: 1, time: '00:30' }, '2026-12-31T23:30:00.000Z')).toBe(
      '2027-01-31T23:30:00.000Z',
    );
  });

  it('name the month before the due day in Amsterdam as the statement', () => {
    // 00:30 on 1 January in Amsterdam is still 31 December in UTC.
    expect(previousMonthOf(at('2026-12-31T23:30:00.000Z'))).toBe('2026-12');
    expect(previousMonthOf(at('2026-03-01T05:00:00.000Z'))).toBe('2026-02');
    expect(previousMonthOf(at('2026-01-15T05:00:00.000Z'))).toBe('2025-12');
  });

  it('refuse a schedule without its weekday or day, or with one it does not take', () => {
    const issues = (input: Record<string, unknown>) =>
      reportScheduleSchema.safeParse(input).error?.issues.map((issue) => issue.path.join('.'));
    expect(issues({ every: 'week', time: '07:00' })).toEqual(['weekday']);
    expect(issues({ every: 'month', time: '07:00', day: 29 })).toEqual(['day']);
    expect(issues({ every: 'day', time: '07:00', day: 3 })).toEqual(['day']);
    expect(issues({ every: 'day', time: '24:00' })).toEqual(['time']);
  });
});

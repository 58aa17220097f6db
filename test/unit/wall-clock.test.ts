import { calendarDay, instantOfWallClock, PRODUCT_TIME_ZONE, wallClock } from '../../shared/wall-clock';

/**
 * The one wall-clock reader (shared/wall-clock.ts) that loan days, report schedules and working hours share:
 * the clock changes of the product's zone and of a zone on the other side of the world.
 */
describe('The wall clock', () => {
  it('reads an instant as Amsterdam shows it, winter and summer', () => {
    expect(wallClock(new Date('2026-01-15T06:30:00Z'))).toEqual({
      year: 2026,
      month: 1,
      day: 15,
      hour: 7,
      minute: 30,
      weekday: 4,
    });
    expect(wallClock(new Date('2026-07-05T21:59:00Z'))).toMatchObject({ day: 5, hour: 23, minute: 59, weekday: 7 });
  });

  it('gives the calendar day in the zone asked for, not the process', () => {
    expect(calendarDay(new Date('2026-11-20T23:00:00Z'))).toBe('2026-11-21');
    expect(calendarDay(new Date('2026-11-20T22:59:59Z'), PRODUCT_TIME_ZONE)).toBe('2026-11-20');
    expect(calendarDay(new Date('2026-11-20T12:00:00Z'), 'Pacific/Auckland')).toBe('2026-11-21');
  });

  it('finds the instant of a wall-clock time across both clock changes', () => {
    // Spring: 02:30 does not exist; autumn: 02:30 happens twice, the first one counts.
    expect(instantOfWallClock({ year: 2026, month: 3, day: 29 }, '02:30').toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(instantOfWallClock({ year: 2026, month: 10, day: 25 }, '02:30').toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
    expect(instantOfWallClock({ year: 2026, month: 10, day: 25 }, '12:00').toISOString()).toBe(
      '2026-10-25T11:00:00.000Z',
    );
  });

  it('reads a southern zone whose summer is our winter', () => {
    // Sydney leaves daylight saving time on 2026-04-05 at 03:00 (back to 02:00).
    expect(instantOfWallClock({ year: 2026, month: 4, day: 5 }, '12:00', 'Australia/Sydney').toISOString()).toBe(
      '2026-04-05T02:00:00.000Z',
    );
    expect(wallClock(new Date('2026-01-10T00:00:00Z'), 'Australia/Sydney')).toMatchObject({ hour: 11, day: 10 });
  });
});

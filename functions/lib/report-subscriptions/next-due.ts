import type { ReportSchedule } from '../../../shared/schemas/report-subscription';
import { instantOfWallClock, PRODUCT_TIME_ZONE, wallClock } from '../../../shared/wall-clock';

/**
 * When a report subscription is due next: its schedule (daily, weekly on a weekday, monthly on day 1-28, at
 * HH:MM) read as wall-clock time in the product's time zone (shared/wall-clock.ts), so a report at 07:00
 * stays at 07:00 across the clock changes. A time the spring change skips (02:30 on its day) goes out when
 * the clock then shows 03:30; a time the autumn change repeats goes out the first time.
 */
const matches = (schedule: ReportSchedule, date: { day: number; weekday: number }) =>
  schedule.every === 'day' ||
  (schedule.every === 'week' && date.weekday === schedule.weekday) ||
  (schedule.every === 'month' && date.day === schedule.day);

/** The first time the schedule comes round strictly after `after`. */
export function nextDueAfter(schedule: ReportSchedule, after: Date, timeZone = PRODUCT_TIME_ZONE): Date {
  const start = wallClock(after, timeZone);
  // A month and a bit covers every schedule (a monthly day is at most 28).
  for (let offset = 0; offset <= 62; offset++) {
    const day = new Date(Date.UTC(start.year, start.month - 1, start.day + offset));
    const date = {
      year: day.getUTCFullYear(),
      month: day.getUTCMonth() + 1,
      day: day.getUTCDate(),
      weekday: ((day.getUTCDay() + 6) % 7) + 1,
    };
    if (!matches(schedule, date)) continue;
    const instant = instantOfWallClock(date, schedule.time, timeZone);
    if (instant.getTime() > after.getTime()) return instant;
  }
  throw new Error(`No due time within two months for ${JSON.stringify(schedule)}`);
}

/** The month before the one the due time falls in, in the zone: the loan-day statement a mail carries. */
export function previousMonthOf(due: Date, timeZone = PRODUCT_TIME_ZONE): string {
  const wall = wallClock(due, timeZone);
  const month = new Date(Date.UTC(wall.year, wall.month - 2, 1));
  return `${month.getUTCFullYear()}-${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
}

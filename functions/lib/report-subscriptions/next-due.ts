import type { ReportSchedule } from '../../../shared/schemas/report-subscription';

/**
 * When a report subscription is due next: its schedule (daily, weekly on a weekday, monthly on day 1-28, at
 * HH:MM) read as wall-clock time in the product's time zone (functions/lib/loan-days/amsterdam-day.ts), so a
 * report at 07:00 stays at 07:00 across the clock changes. A time the spring change skips (02:30 on its
 * day) goes out at the same moment the clock then shows an hour later; a time the autumn change repeats goes out
 * the first time.
 */
export const REPORT_TIME_ZONE = 'Europe/Amsterdam';

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterOf = (timeZone: string) => {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
};

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** The wall clock of an instant in a time zone. */
export function wallClockOf(instant: Date, timeZone = REPORT_TIME_ZONE) {
  const parts = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    weekday: WEEKDAYS[parts.weekday as string] as number,
  };
}

/** Minutes the zone is ahead of UTC at an instant. */
function offsetMinutes(instantMs: number, timeZone: string): number {
  const wall = wallClockOf(new Date(instantMs), timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  return Math.round((asUtc - Math.floor(instantMs / 60_000) * 60_000) / 60_000);
}

/** The instant a wall-clock time happens in the zone (see the module's comment for the skipped and repeated hour). */
export function instantOfWallClock(
  date: { year: number; month: number; day: number },
  time: string,
  timeZone = REPORT_TIME_ZONE,
): Date {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const local = Date.UTC(date.year, date.month - 1, date.day, hour, minute);
  const offsets = [
    ...new Set([offsetMinutes(local - 14 * 3_600_000, timeZone), offsetMinutes(local + 14 * 3_600_000, timeZone)]),
  ];
  const fits = offsets
    .map((offset) => local - offset * 60_000)
    .filter((instant) => {
      const wall = wallClockOf(new Date(instant), timeZone);
      return wall.day === date.day && wall.hour === hour && wall.minute === minute;
    })
    .sort((a, b) => a - b);
  if (fits[0] !== undefined) return new Date(fits[0]);
  // Skipped by the spring change: the offset before it, which the clock shows an hour later.
  return new Date(local - (offsets[0] as number) * 60_000);
}

const matches = (schedule: ReportSchedule, date: { day: number; weekday: number }) =>
  schedule.every === 'day' ||
  (schedule.every === 'week' && date.weekday === schedule.weekday) ||
  (schedule.every === 'month' && date.day === schedule.day);

/** The first time the schedule comes round strictly after `after`. */
export function nextDueAfter(schedule: ReportSchedule, after: Date, timeZone = REPORT_TIME_ZONE): Date {
  const start = wallClockOf(after, timeZone);
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
export function previousMonthOf(due: Date, timeZone = REPORT_TIME_ZONE): string {
  const wall = wallClockOf(due, timeZone);
  const month = new Date(Date.UTC(wall.year, wall.month - 2, 1));
  return `${month.getUTCFullYear()}-${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
}

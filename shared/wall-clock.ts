/**
 * Reading an instant as a clock on the wall shows it in a time zone, and back. The product counts days, sends
 * reports and judges working hours in one zone (PRODUCT_TIME_ZONE); a user's own zone is read the same way.
 * Intl knows each zone's rules, so the clock changes need no arithmetic here: 02:30 on a spring-forward
 * night never shows, 02:30 on the autumn night shows twice. Lambdas run in UTC, so nothing here reads the
 * process's own zone.
 */
export const PRODUCT_TIME_ZONE = 'Europe/Amsterdam';

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** 1 (Monday) to 7 (Sunday), ISO 8601. */
  weekday: number;
}

const ISO_WEEKDAY: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

// One formatter of each kind per zone for the process: making one costs far more than formatting with it,
// and the loan-day job and the after-hours rule ask per asset.
const clockFormatters = new Map<string, Intl.DateTimeFormat>();
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

function cached(cache: Map<string, Intl.DateTimeFormat>, timeZone: string, make: () => Intl.DateTimeFormat) {
  let formatter = cache.get(timeZone);
  if (!formatter) {
    formatter = make();
    cache.set(timeZone, formatter);
  }
  return formatter;
}

const clockFormatter = (timeZone: string) =>
  cached(
    clockFormatters,
    timeZone,
    () =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        weekday: 'short',
      }),
  );

// en-CA writes YYYY-MM-DD, and `format` is much cheaper than `formatToParts` when only the day is wanted.
const dayFormatter = (timeZone: string) =>
  cached(
    dayFormatters,
    timeZone,
    () => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
  );

/** The wall clock of an instant in a time zone. */
export function wallClock(instant: Date, timeZone = PRODUCT_TIME_ZONE): WallClock {
  const parts: Record<string, string> = {};
  for (const part of clockFormatter(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    weekday: ISO_WEEKDAY[parts.weekday as string] as number,
  };
}

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
export const calendarDay = (instant: Date, timeZone = PRODUCT_TIME_ZONE): string =>
  dayFormatter(timeZone).format(instant);

/** Minutes the zone is ahead of UTC at an instant. */
function offsetMinutes(instantMs: number, timeZone: string): number {
  const wall = wallClock(new Date(instantMs), timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  return Math.round((asUtc - Math.floor(instantMs / 60_000) * 60_000) / 60_000);
}

/**
 * The instant a wall-clock time (HH:MM) happens on a date in the zone. A time the spring change skips (02:30
 * on its day) is the moment the clock then shows an hour later; a time the autumn change repeats is its
 * first showing.
 */
export function instantOfWallClock(
  date: { year: number; month: number; day: number },
  time: string,
  timeZone = PRODUCT_TIME_ZONE,
): Date {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const local = Date.UTC(date.year, date.month - 1, date.day, hour, minute);
  // The offsets in force half a day either side cover both sides of any change on that date.
  const offsets = [
    ...new Set([offsetMinutes(local - 14 * 3_600_000, timeZone), offsetMinutes(local + 14 * 3_600_000, timeZone)]),
  ];
  const fits = offsets
    .map((offset) => local - offset * 60_000)
    .filter((instant) => {
      const wall = wallClock(new Date(instant), timeZone);
      return wall.day === date.day && wall.hour === hour && wall.minute === minute;
    })
    .sort((a, b) => a - b);
  if (fits[0] !== undefined) return new Date(fits[0]);
  return new Date(local - (offsets[0] as number) * 60_000);
}

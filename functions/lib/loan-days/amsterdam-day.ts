import { calendarDay, PRODUCT_TIME_ZONE } from '../../../shared/wall-clock';

/**
 * Calendar days in the product's time zone. The loan-day job runs at 00:00 Europe/Amsterdam and counts the
 * day that just ended there; DST shifts make that day 23 or 25 hours long, so its bounds are computed, never
 * assumed to be 24 h.
 */
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export const isDay = (day: string): boolean => {
  const m = DAY_PATTERN.exec(day);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().slice(0, 10) === day;
};

/** The Amsterdam calendar day (YYYY-MM-DD) of an instant. */
export const amsterdamDay = (instant: Date): string => calendarDay(instant, PRODUCT_TIME_ZONE);

export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The day before the Amsterdam day of `now`: what a run at midnight counts. */
export const dayEndedBefore = (now: Date): string => addDays(amsterdamDay(now), -1);

/** The instant the Amsterdam day starts (UTC+1 in winter, UTC+2 in summer). */
export function startOfAmsterdamDay(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  for (const offsetHours of [1, 2]) {
    const candidate = new Date(Date.UTC(y, m - 1, d, -offsetHours));
    if (amsterdamDay(candidate) === day && amsterdamDay(new Date(candidate.getTime() - 1)) !== day) return candidate;
  }
  throw new Error(`No Amsterdam midnight found for ${day}`);
}

export const endOfAmsterdamDay = (day: string): Date => startOfAmsterdamDay(addDays(day, 1));

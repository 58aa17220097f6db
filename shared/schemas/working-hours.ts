import { z } from 'zod';
import { PRODUCT_TIME_ZONE, wallClock } from '../wall-clock';

/**
 * Working hours of a "moved outside working hours" rule (docs/decisions/0311-moved-outside-working-hours-alarm-rule.md):
 * per weekday zero or more intervals "HH:MM-HH:MM" in the product's time zone (the tenant stores none; loan
 * days count in the same zone). A day without intervals is closed all day. The console sends a weekday as one
 * text ("07:00-12:00, 13:00-18:00"); the API answers arrays.
 */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const MAX_INTERVALS_PER_DAY = 4;

export const INTERVAL_INVALID = 'Write each interval as HH:MM-HH:MM, for example 07:00-18:00';
export const INTERVAL_EMPTY = 'An interval must end after it starts';
export const INTERVALS_OVERLAP = 'The intervals of a day must not overlap';
export const TOO_MANY_INTERVALS = `At most ${MAX_INTERVALS_PER_DAY} intervals a day`;
export const WORKING_HOURS_REQUIRED = 'Working hours are required for this type';
export const WORKING_HOURS_NOT_TAKEN = 'This type takes no working hours';

/** 00:00 to 23:59 for a start; an end may also be 24:00 (the day's end). */
const INTERVAL = /^([01]\d|2[0-3]):([0-5]\d)-(([01]\d|2[0-3]):([0-5]\d)|24:00)$/;

/** Minutes since midnight of "HH:MM". */
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** An interval as minutes of the day, [start, end). */
export function intervalMinutes(interval: string): [number, number] {
  const [start, end] = interval.split('-') as [string, string];
  return [minutesOf(start), minutesOf(end)];
}

/** The console's one text per day ("07:00-12:00, 13:00-18:00"), or an array of intervals as the API takes them. */
const splitDay = (value: unknown) =>
  typeof value === 'string'
    ? value
        .split(/[,;]/)
        .map((part) => part.replace(/\s+/g, '').replace(/[–—]/g, '-'))
        .filter(Boolean)
    : value;

const daySchema = z
  .preprocess(
    splitDay,
    z.array(z.string().regex(INTERVAL, { error: INTERVAL_INVALID }), { error: INTERVAL_INVALID }).default([]),
  )
  .superRefine((intervals, context) => {
    if (intervals.length > MAX_INTERVALS_PER_DAY) context.addIssue({ code: 'custom', message: TOO_MANY_INTERVALS });
    const spans = intervals.map(intervalMinutes);
    if (spans.some(([start, end]) => start >= end)) context.addIssue({ code: 'custom', message: INTERVAL_EMPTY });
    const sorted = [...spans].sort((a, b) => a[0] - b[0]);
    if (sorted.some((span, i) => i > 0 && span[0] < (sorted[i - 1] as [number, number])[1]))
      context.addIssue({ code: 'custom', message: INTERVALS_OVERLAP });
  });

export const workingHoursSchema = z.object(
  Object.fromEntries(WEEKDAYS.map((day) => [day, daySchema])) as Record<Weekday, typeof daySchema>,
  { error: WORKING_HOURS_REQUIRED },
);
export type WorkingHours = Record<Weekday, string[]>;

/** Mon-Fri 07:00-18:00: what a new rule of the type starts with in the console. */
export const DEFAULT_WORKING_HOURS: WorkingHours = {
  mon: ['07:00-18:00'],
  tue: ['07:00-18:00'],
  wed: ['07:00-18:00'],
  thu: ['07:00-18:00'],
  fri: ['07:00-18:00'],
  sat: [],
  sun: [],
};

/**
 * The weekday and minute of the day an instant shows on a clock in `timeZone` (shared/wall-clock.ts reads
 * the clock, the clock changes included).
 */
export function wallClockOf(instant: Date, timeZone = PRODUCT_TIME_ZONE): { day: Weekday; minute: number } {
  const clock = wallClock(instant, timeZone);
  return { day: WEEKDAYS[clock.weekday - 1] as Weekday, minute: clock.hour * 60 + clock.minute };
}

/** Whether the business is open at `instant`: its wall-clock time falls in one of that weekday's intervals. */
export function isWithinWorkingHours(hours: WorkingHours, instant: Date, timeZone = PRODUCT_TIME_ZONE): boolean {
  const { day, minute } = wallClockOf(instant, timeZone);
  return (hours[day] ?? []).some((interval) => {
    const [start, end] = intervalMinutes(interval);
    return minute >= start && minute < end;
  });
}

const MINUTE = 60_000;

/**
 * Whether the business was open at any minute after `from` up to `to` (both instants). Intervals start and end
 * on whole minutes of the clock, so looking at each whole minute finds every opening; `to - from` is bounded by
 * the caller (an episode lasts at most an hour without a move).
 */
export function openedBetween(hours: WorkingHours, from: Date, to: Date, timeZone = PRODUCT_TIME_ZONE): boolean {
  const first = Math.floor(from.getTime() / MINUTE) * MINUTE + MINUTE;
  for (let at = first; at <= to.getTime(); at += MINUTE)
    if (isWithinWorkingHours(hours, new Date(at), timeZone)) return true;
  return false;
}

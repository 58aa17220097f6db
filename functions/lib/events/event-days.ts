import { addDays, isDay, startOfAmsterdamDay } from '../loan-days/amsterdam-day';

/**
 * The event list's fromDate/toDate name days as the console's users live them: Europe/Amsterdam days, not UTC
 * days (docs/decisions/0241-map-status-levels-event-list-days-small-circles-panel-map-layers.md). An event at 23:30 UTC on a summer day happened at 01:30 the next
 * Amsterdam day and belongs to that day; a DST day is 23 or 25 hours long. Instants (with a time) are taken as
 * they are.
 */
const plainDay = (value: string) => (isDay(value.trim()) ? value.trim() : undefined);

const instantKey = (value: string) => {
  const parsed = new Date(value);
  if (Number.isNaN(parsed.getTime())) throw new RangeError(`Invalid event date: ${value}`);
  return parsed.toISOString();
};

/** The first instant a fromDate admits: the start of its Amsterdam day, or the instant itself. */
export function eventFromKey(value: string): string {
  const day = plainDay(value);
  return day ? startOfAmsterdamDay(day).toISOString() : instantKey(value);
}

/** The last instant a toDate admits: the last millisecond of its Amsterdam day, or the instant itself. */
export function eventToKey(value: string): string {
  const day = plainDay(value);
  return day ? new Date(startOfAmsterdamDay(addDays(day, 1)).getTime() - 1).toISOString() : instantKey(value);
}

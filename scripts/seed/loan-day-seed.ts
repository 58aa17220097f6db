import type { EventRecord } from '../../functions/lib/events/event-repository';
import { addDays, amsterdamDay } from '../../functions/lib/loan-days/amsterdam-day';
import { COUNTED_FOR } from '../../functions/lib/loan-days/loan-day-counter';
import { nextRest, type RestPosition } from '../../functions/lib/loan-days/loan-day-state';
import type { ZoneMembership } from '../../functions/lib/pipeline/contracts';

/**
 * A demo asset's loan-day state as the pipeline and the daily job would have left it after its seeded events
 * (seeded days outside without the outside state were never counted on). The zone state follows the
 * events' zone (the seed's tracks rest well inside or well outside), the rest position folds the fixes through
 * the pipeline's own rule, and both counters hold the days the job would have counted up to the day before
 * `reference`, which is the day marked as counted.
 */
export interface SeededLoanDayState {
  daysOutside: number;
  daysStill: number;
  attributes: { zone_membership?: ZoneMembership; rest_position?: RestPosition; [COUNTED_FOR]: string };
}

/** Whole Amsterdam days from `from`'s day to `to`'s day. */
const daysBetween = (from: Date, to: Date) =>
  Math.round((Date.parse(amsterdamDay(to)) - Date.parse(amsterdamDay(from))) / 86_400_000);

export function loanDayStateOf(
  events: readonly EventRecord[],
  zoneId: number | null,
  reference: Date,
): SeededLoanDayState {
  let rest: RestPosition | undefined;
  for (const event of events) {
    if (event.latitude === null || event.longitude === null) continue;
    const fix = { latitude: event.latitude, longitude: event.longitude, accuracy: event.radius ?? undefined };
    rest = nextRest(rest, fix, event.date).rest;
  }
  const attributes: SeededLoanDayState['attributes'] = { [COUNTED_FOR]: addDays(amsterdamDay(reference), -1) };
  if (rest) attributes.rest_position = rest;
  // The job counts still days after the day it came to rest, outside days from the day it left.
  const daysStill = rest ? Math.max(0, daysBetween(new Date(rest.since), reference) - 1) : 0;
  let daysOutside = 0;
  if (zoneId !== null && events.length > 0) {
    const lastInside = events.findLastIndex((event) => event.geo_zone?.id === zoneId);
    const leftAt = events[lastInside + 1];
    attributes.zone_membership = leftAt
      ? { state: 'outside', pending: 0, zoneId, since: leftAt.date }
      : { state: 'inside', pending: 0, zoneId };
    if (leftAt) daysOutside = Math.max(0, daysBetween(new Date(leftAt.date), reference));
  }
  return { daysOutside, daysStill, attributes };
}

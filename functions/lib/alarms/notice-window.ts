import type { NoticeSettings } from '../../../shared/schemas/alarm-notice';
import { isWithinWorkingHours, wallClockOf } from '../../../shared/schemas/working-hours';

/**
 * A user's notice window (docs/decisions/0316-alarm-notices-per-user-held-repeated-and-escalated-by-one-due-job.md):
 * open inside their working hours (any hour without them) and outside their quiet hours, on the clock of their
 * time zone. Intl knows the zone's rules, so a clock change needs no arithmetic: a window edge on the skipped
 * hour of a spring-forward night opens at the first minute the clock shows after it.
 */
type Hours = Pick<NoticeSettings, 'working_hours' | 'quiet_hours' | 'time_zone'>;

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

export function isInNoticeWindow(hours: Hours, instant: Date): boolean {
  if (hours.working_hours && !isWithinWorkingHours(hours.working_hours, instant, hours.time_zone)) return false;
  if (!hours.quiet_hours) return true;
  const { minute } = wallClockOf(instant, hours.time_zone);
  const from = minutesOf(hours.quiet_hours.from);
  const to = minutesOf(hours.quiet_hours.to);
  const quiet = from < to ? minute >= from && minute < to : minute >= from || minute < to;
  return !quiet;
}

const MINUTE = 60_000;
/** How far ahead a held notice may wait: past a week and a day, hours that never open drop it. */
export const HOLD_HORIZON_MS = 8 * 24 * 60 * MINUTE;

/**
 * The first instant from `instant` on at which the window is open: `instant` itself when it is, else the first
 * whole minute after it (window edges are whole minutes of the clock, and every zone's offset is too); null when
 * it does not open within HOLD_HORIZON_MS.
 */
export function nextNoticeWindow(hours: Hours, instant: Date): Date | null {
  if (isInNoticeWindow(hours, instant)) return instant;
  const first = Math.floor(instant.getTime() / MINUTE) * MINUTE + MINUTE;
  for (let at = first; at <= instant.getTime() + HOLD_HORIZON_MS; at += MINUTE) {
    const candidate = new Date(at);
    if (isInNoticeWindow(hours, candidate)) return candidate;
  }
  return null;
}

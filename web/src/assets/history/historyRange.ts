import { HISTORY_DEFAULT_DAYS, HISTORY_MAX_DAYS } from '@shared/schemas/asset-history';
import { todayInputDay } from '../assetFormat';

/**
 * The history's period: whole days of the user's calendar (yyyy-MM-dd), both inclusive. It lives in the
 * address as `?history=<from>..<to>` (with the tab's `#history`), so a link shows the same period again.
 */
export interface HistoryRange {
  from: string;
  to: string;
}

export const HISTORY_PARAM = 'history';
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

function shiftDay(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return todayInputDay(new Date(y, m - 1, d + days));
}

/** The last 7 days, today included. */
export const defaultRange = (now = new Date()): HistoryRange => {
  const to = todayInputDay(now);
  return { from: shiftDay(to, 1 - HISTORY_DEFAULT_DAYS), to };
};

/** The period in the address, else the default; one that does not read as a period is the default too. */
export function rangeOf(search: string, now = new Date()): HistoryRange {
  const value = new URLSearchParams(search).get(HISTORY_PARAM) ?? '';
  const [from, to] = value.split('..');
  if (from && to && DAY.test(from) && DAY.test(to) && rangeProblem({ from, to }) === null) return { from, to };
  return defaultRange(now);
}

export const rangeParam = (range: HistoryRange) => `${range.from}..${range.to}`;

/** The API's instants: from the start of the first day to the end of the last, in the user's time zone. */
export const rangeInstants = (range: HistoryRange) => ({
  from: new Date(`${range.from}T00:00:00`).toISOString(),
  to: new Date(`${range.to}T23:59:59.999`).toISOString(),
});

/** Why a period cannot be asked for (the API's own bounds), null when it can. */
export function rangeProblem(range: HistoryRange): 'incomplete' | 'reversed' | 'tooLong' | null {
  if (!DAY.test(range.from) || !DAY.test(range.to)) return 'incomplete';
  const { from, to } = rangeInstants(range);
  const span = Date.parse(to) - Date.parse(from);
  if (Number.isNaN(span)) return 'incomplete';
  if (span < 0) return 'reversed';
  return span > HISTORY_MAX_DAYS * DAY_MS ? 'tooLong' : null;
}

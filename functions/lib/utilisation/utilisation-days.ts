import { addDays, amsterdamDay, endOfAmsterdamDay, startOfAmsterdamDay } from '../loan-days/amsterdam-day';

/**
 * One asset's utilisation in one month, from its zone visits (docs/geofencing.md "Utilisation"): pure, so the
 * nightly rollup and the tests judge a day alike. Days are Amsterdam calendar days (the loan days' own,
 * amsterdam-day.ts), so a day is 23 or 25 hours around a clock change.
 */
export interface UtilisationVisit {
  zoneId: number;
  arrivedAt: string;
  /** null: the visit is open (the asset is there as far as anyone knows). */
  leftAt: string | null;
}

export interface AssetUtilisationInput {
  visits: readonly UtilisationVisit[];
  /** When the asset was created; absent on assets written before it was kept. */
  createdAt?: string | null;
}

/** Sums, so customers' and profiles' figures add up; averages are made when the figures are shown. */
export interface UtilisationSums {
  assets: number;
  daysOwned: number;
  daysOnHire: number;
  daysIdle: number;
  cycles: number;
  cycleSeconds: number;
}

export const NO_SUMS: UtilisationSums = {
  assets: 0,
  daysOwned: 0,
  daysOnHire: 0,
  daysIdle: 0,
  cycles: 0,
  cycleSeconds: 0,
};

export const addSums = (a: UtilisationSums, b: UtilisationSums): UtilisationSums => ({
  assets: a.assets + b.assets,
  daysOwned: a.daysOwned + b.daysOwned,
  daysOnHire: a.daysOnHire + b.daysOnHire,
  daysIdle: a.daysIdle + b.daysIdle,
  cycles: a.cycles + b.cycles,
  cycleSeconds: a.cycleSeconds + b.cycleSeconds,
});

type Span = [start: number, end: number];

/** The visits' time spans merged where they overlap or touch; an open visit runs on for ever. */
function mergedSpans(visits: readonly UtilisationVisit[]): Span[] {
  const spans = visits
    .map((v): Span => [Date.parse(v.arrivedAt), v.leftAt === null ? Number.POSITIVE_INFINITY : Date.parse(v.leftAt)])
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  const merged: Span[] = [];
  for (const span of spans) {
    const last = merged.at(-1);
    if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push([...span]);
  }
  return merged;
}

/** Whether the merged spans hold every instant of [from, to). */
const covers = (spans: readonly Span[], from: number, to: number) =>
  spans.some(([start, end]) => start <= from && end >= to);

const overlaps = (spans: readonly Span[], from: number, to: number) =>
  spans.some(([start, end]) => start < to && end > from);

export const firstDayOf = (month: string) => `${month}-01`;
export const lastDayOf = (month: string) => addDays(firstDayOf(nextMonth(month)), -1);
export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

export type DayState = 'onHire' | 'idle' | 'unknown';

// A day's bounds are asked for once per asset in the nightly rollup (100k assets × 31 days); finding an
// Amsterdam midnight formats dates, so each day's is kept (a few hundred days at most in a process).
const BOUNDS = new Map<string, Span>();
function boundsOf(day: string): Span {
  let bounds = BOUNDS.get(day);
  if (!bounds) {
    bounds = [startOfAmsterdamDay(day).getTime(), endOfAmsterdamDay(day).getTime()];
    BOUNDS.set(day, bounds);
  }
  return bounds;
}

/**
 * The state a day counts to, once: on hire when the asset was on hire (at a site, or outside every depot zone)
 * at any moment of the day's known part; idle when it stood in depot zones through all of it; unknown when its
 * whereabouts were not known yet (before its first visit).
 */
export function dayState(day: string, depots: readonly Span[], knownFrom: number | undefined): DayState {
  const [start, end] = boundsOf(day);
  if (knownFrom === undefined || knownFrom >= end) return 'unknown';
  const from = Math.max(start, knownFrom);
  return covers(depots, from, end) ? 'idle' : 'onHire';
}

/**
 * The figures of one asset for `month` (YYYY-MM), counting its days up to `through` (YYYY-MM-DD, inclusive: the
 * day the nightly run just ended). `depotZones` are the tenant's depots; every other zone is a site.
 */
export function assetMonthSums(
  input: AssetUtilisationInput,
  depotZones: ReadonlySet<number>,
  month: string,
  through: string,
): UtilisationSums {
  const arrivals = input.visits.map((v) => Date.parse(v.arrivedAt));
  const knownFrom = arrivals.length > 0 ? Math.min(...arrivals) : undefined;
  const owned = [knownFrom, input.createdAt ? Date.parse(input.createdAt) : undefined].filter(
    (t): t is number => t !== undefined && Number.isFinite(t),
  );
  if (owned.length === 0) return NO_SUMS;
  const ownedFromDay = amsterdamDay(new Date(Math.min(...owned)));
  const first = [firstDayOf(month), ownedFromDay].sort().at(-1) as string;
  const last = [lastDayOf(month), through].sort()[0] as string;
  const depots = mergedSpans(input.visits.filter((v) => depotZones.has(v.zoneId)));
  const sums = { ...NO_SUMS };
  for (let day = first; day <= last; day = addDays(day, 1)) {
    sums.daysOwned += 1;
    const state = dayState(day, depots, knownFrom);
    if (state === 'onHire') sums.daysOnHire += 1;
    if (state === 'idle') sums.daysIdle += 1;
  }
  if (sums.daysOwned > 0) sums.assets = 1;
  const cycles = cyclesEndingIn(input.visits, depotZones, depots, first, last);
  sums.cycles = cycles.length;
  sums.cycleSeconds = cycles.reduce((total, seconds) => total + seconds, 0);
  return sums;
}

/**
 * Cycles that end (return to a depot) on a day from `first` to `last`, in seconds: from leaving the depot zones
 * (the end of a merged depot span) to the next arrival in one, counted only when the asset was at a site
 * between (a trip out and back that met no zone, or only passed the fence, is no hire cycle).
 */
function cyclesEndingIn(
  visits: readonly UtilisationVisit[],
  depotZones: ReadonlySet<number>,
  depots: readonly Span[],
  first: string,
  last: string,
): number[] {
  const sites = mergedSpans(visits.filter((v) => !depotZones.has(v.zoneId)));
  const cycles: number[] = [];
  for (let i = 1; i < depots.length; i += 1) {
    const left = (depots[i - 1] as Span)[1];
    const back = (depots[i] as Span)[0];
    const day = amsterdamDay(new Date(back));
    if (day < first || day > last || !overlaps(sites, left, back)) continue;
    cycles.push(Math.round((back - left) / 1000));
  }
  return cycles;
}

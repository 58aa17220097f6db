/**
 * The rental audit's judgement of one contract line on one day, pure (docs/decisions/
 * 0327-rental-audit-per-line-and-day-from-zone-visits.md, docs/geofencing.md "Rental audit"): what the line
 * bills that day against where the asset's tag says it was.
 *
 * - **Where, at a fix**: the zone visits the pipeline confirmed (accuracy-aware, two-fix hysteresis) say where
 *   the asset stood at each of the day's accepted fixes: in a depot (the own zone of some asset), in the line's
 *   delivery zone, in another zone, or outside every zone. A fix says only that the tag was alive and placed;
 *   its own circle already went through the pipeline's rule when the visits were made.
 * - **The customer's site**: the delivery zone when the line names one; a line with an address only has no
 *   place the product knows, so "away from every depot" is at the customer (the report check's rule, 0324).
 * - **A day with two places** counts once, as utilisation does (0315): any fix at the customer's site makes it
 *   a site day; otherwise any fix elsewhere (another zone, or outside every zone when the line has a zone) an
 *   elsewhere day; only fixes at a depot a depot day; no accepted fix at all is no data.
 */
export const RENTAL_AUDIT_CLASSES = [
  'on-hire',
  'over-billed',
  'overdue',
  'misplaced',
  'unbilled',
  'off-hire',
  'no-data',
] as const;
export type RentalAuditClass = (typeof RENTAL_AUDIT_CLASSES)[number];

export const AUDIT_PLACES = ['site', 'elsewhere', 'depot', 'unknown'] as const;
export type AuditPlace = (typeof AUDIT_PLACES)[number];

/** Where one fix stood, by the visits open at its time. */
export type FixPlace = 'delivery-zone' | 'depot' | 'other-zone' | 'outside';

export interface AuditLine {
  status: 'active' | 'cancelled';
  asset: number | null;
  onHire: string;
  expectedReturn: string | null;
  offHire: string | null;
  /** The delivery site's geo zone, when the line names one. */
  deliveryZone: number | null;
}

export interface AuditVisit {
  zoneId: number;
  arrivedAt: string;
  leftAt: string | null;
}

export interface AuditDayInput {
  line: AuditLine;
  /** YYYY-MM-DD in the product's time zone, and its bounds (a DST day is 23 or 25 hours). */
  day: string;
  dayStart: string;
  dayEnd: string;
  /** The asset's visits overlapping the day (others are ignored). */
  visits: readonly AuditVisit[];
  /** The times of the asset's accepted fixes (a position, no outlier); those outside the day are ignored. */
  fixes: readonly string[];
  depots: ReadonlySet<number>;
  /** Whether another line of the same asset bills this day (then an unbilled day is not this line's). */
  billedByAnotherLine: boolean;
}

export interface AuditDayEvidence {
  /** Accepted fixes of the day, per place, and the first and last; the track of the day re-reads them. */
  fixes: number;
  places: Record<FixPlace, number>;
  firstFix: string | null;
  lastFix: string | null;
  /** The first fix at the place that decided the day. */
  deciding: string | null;
  visits: (AuditVisit & { kind: 'depot' | 'delivery-zone' | 'other-zone' })[];
  reason: 'no-asset' | 'no-fixes' | null;
}

export interface AuditDay {
  day: string;
  class: RentalAuditClass;
  billed: boolean;
  place: AuditPlace;
  evidence: AuditDayEvidence;
}

/** Billed: an active line from its on-hire day through its off-hire day (open-ended without one). */
export const isBilled = (line: AuditLine, day: string) =>
  line.status === 'active' && line.onHire <= day && (line.offHire === null || day <= line.offHire);

const NO_PLACES: Record<FixPlace, number> = { 'delivery-zone': 0, depot: 0, 'other-zone': 0, outside: 0 };

function fixPlace(at: string, visits: readonly AuditVisit[], depots: ReadonlySet<number>, zone: number | null) {
  const open = visits.filter((v) => v.arrivedAt <= at && (v.leftAt === null || at < v.leftAt));
  if (open.some((v) => depots.has(v.zoneId))) return 'depot';
  if (zone !== null && open.some((v) => v.zoneId === zone)) return 'delivery-zone';
  return open.length > 0 ? 'other-zone' : 'outside';
}

/** The place a fix counts as for this line: without a delivery zone, away from every depot is the site. */
const placeFor = (fix: FixPlace, line: AuditLine): Exclude<AuditPlace, 'unknown'> =>
  fix === 'depot' ? 'depot' : fix === 'delivery-zone' || line.deliveryZone === null ? 'site' : 'elsewhere';

const DAY_PRECEDENCE: readonly AuditPlace[] = ['site', 'elsewhere', 'depot'];

function classOf(billed: boolean, place: AuditPlace, input: AuditDayInput): RentalAuditClass {
  const { line, day } = input;
  if (place === 'unknown') return 'no-data';
  if (!billed) return place === 'site' && !input.billedByAnotherLine ? 'unbilled' : 'off-hire';
  if (place === 'depot') return 'over-billed';
  if (line.expectedReturn !== null && day > line.expectedReturn) return 'overdue';
  return place === 'elsewhere' ? 'misplaced' : 'on-hire';
}

export function classifyDay(input: AuditDayInput): AuditDay {
  const { line, day, dayStart, dayEnd, depots } = input;
  const billed = isBilled(line, day);
  const visits = input.visits
    .filter((v) => v.arrivedAt < dayEnd && (v.leftAt === null || v.leftAt > dayStart))
    .map((v) => ({
      ...v,
      kind: depots.has(v.zoneId)
        ? ('depot' as const)
        : v.zoneId === line.deliveryZone
          ? ('delivery-zone' as const)
          : ('other-zone' as const),
    }))
    .sort((a, b) => a.arrivedAt.localeCompare(b.arrivedAt) || a.zoneId - b.zoneId);
  const fixes = input.fixes.filter((at) => at >= dayStart && at < dayEnd).sort();
  const places = { ...NO_PLACES };
  const firstAt = new Map<AuditPlace, string>();
  for (const at of fixes) {
    const fix = fixPlace(at, visits, depots, line.deliveryZone);
    places[fix] += 1;
    const place = placeFor(fix, line);
    if (!firstAt.has(place)) firstAt.set(place, at);
  }
  const place = line.asset === null ? 'unknown' : (DAY_PRECEDENCE.find((p) => firstAt.has(p)) ?? 'unknown');
  const reason = line.asset === null ? 'no-asset' : fixes.length === 0 ? 'no-fixes' : null;
  return {
    day,
    class: classOf(billed, place, input),
    billed,
    place,
    evidence: {
      fixes: fixes.length,
      places,
      firstFix: fixes[0] ?? null,
      lastFix: fixes.at(-1) ?? null,
      deciding: firstAt.get(place) ?? null,
      visits,
      reason,
    },
  };
}

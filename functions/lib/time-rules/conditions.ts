import { durationMs } from '../../../shared/schemas/alarm';
import type { ZoneMembership } from '../pipeline/contracts';

/**
 * Time rules (docs/decisions/0262-time-rules-asset-timers-hold-condition-starts-a-job-plans-and-fires.md), as pure rules:
 * when each condition of an asset started, whether a change of those starts must be written to the asset's
 * timer, and what a timer fires and when it is due next. The writers (processor, asset saves) and the job share
 * them, so they never disagree about a condition.
 */
export const TIME_TYPES = [6, 7, 8, 9] as const;
export type TimeType = (typeof TIME_TYPES)[number];

/** When each active condition started (ISO); an absent type is not active. */
export type Starts = Partial<Record<TimeType, string>>;
/** What fired for the condition's current start: the rules (ids) and the first alarm's time. */
export type Fired = Partial<Record<TimeType, { start: string; rules: number[]; at: string }>>;

export interface TimeRule {
  id: number;
  type: TimeType;
  duration?: number | null;
}

/** What the conditions read of an asset item (the pipeline's state attributes included). */
export interface TimerAsset {
  geo_zone?: { id: number; name?: string | null } | null;
  devices?: readonly { id: number }[];
  scheduled?: string | null;
  zone_membership?: ZoneMembership;
  rest_position?: { since: string };
  site?: { zoneId: number; zoneName?: string | null; since: string } | null;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** No rule of the type fires earlier than this after its start (the schema's smallest duration; 9: no grace). */
export const MIN_DURATION_MS: Record<TimeType, number> = { 6: HOUR, 7: DAY, 8: DAY, 9: 0 };

const isTimeType = (type: number): type is TimeType => (TIME_TYPES as readonly number[]).includes(type);
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Overdue's start: the scheduled day is over everywhere (decision 0019: stored at 12:00 UTC, "past" judged in
 * UTC−12), so the day after at 12:00 UTC.
 */
export const overdueFrom = (scheduled: string) => iso(Date.parse(scheduled) + DAY);

/** The asset is inside its own zone by the pipeline's confirmed state: "back" for the overdue rule. */
const insideOwnZone = (asset: TimerAsset, ownZone: number) =>
  asset.zone_membership?.state === 'inside' && (asset.zone_membership.zoneId ?? ownZone) === ownZone;

/**
 * The conditions of an asset and when each started:
 * - 6 outside its own zone: the confirmed outside state about that zone, since `zone_membership.since`;
 * - 7 idle: it has a tag and a rest position, since `rest_position.since` (the last proven move);
 * - 8 at one site: an open visit of a zone other than its own (its depot is home, not a site), since `site.since`;
 * - 9 overdue: a scheduled date and an own zone it is not confirmed inside of, from the end of that day.
 */
export function conditionStarts(asset: TimerAsset): Starts {
  const starts: Starts = {};
  const ownZone = asset.geo_zone?.id;
  const membership = asset.zone_membership;
  if (ownZone !== undefined && membership?.state === 'outside' && (membership.zoneId ?? ownZone) === ownZone) {
    if (membership.since) starts[6] = membership.since;
  }
  if ((asset.devices?.length ?? 0) > 0 && asset.rest_position?.since) starts[7] = asset.rest_position.since;
  if (asset.site && asset.site.zoneId !== ownZone) starts[8] = asset.site.since;
  if (asset.scheduled && ownZone !== undefined && !insideOwnZone(asset, ownZone))
    starts[9] = overdueFrom(asset.scheduled);
  return starts;
}

/**
 * Whether a change of the starts must be written to the timer. A condition that begins or ends is always written.
 * A restart (the idle asset moved: `rest_position.since` moves on every proven move) is written only when the
 * condition it ends lasted long enough for a rule to have fired, so a moving asset writes nothing; a stale start
 * on the timer is only ever earlier than the truth, and the job re-reads the asset before it fires.
 */
export function timerWriteNeeded(before: Starts, after: Starts): boolean {
  return TIME_TYPES.some((type) => {
    const was = before[type];
    const is = after[type];
    if (was === is) return false;
    if (was === undefined || is === undefined) return true;
    return Date.parse(is) - Date.parse(was) >= MIN_DURATION_MS[type];
  });
}

/** The earliest time any rule could fire for these starts: the due time a writer sets (the job plans exactly). */
export function earliestDue(starts: Starts): string | undefined {
  const times = TIME_TYPES.flatMap((type) => {
    const start = starts[type];
    return start ? [Date.parse(start) + MIN_DURATION_MS[type]] : [];
  });
  return times.length > 0 ? iso(Math.min(...times)) : undefined;
}

export interface Firing {
  rule: TimeRule;
  start: string;
  /** start + the rule's duration: the alarm's time, the same on every rerun (the alarm id). */
  at: string;
}

export interface Plan {
  fire: Firing[];
  /** Fired entries whose condition ended or restarted: their rules clear. */
  cleared: { type: TimeType; entry: NonNullable<Fired[TimeType]> }[];
  fired: Fired;
  /** The next time a rule not fired yet becomes due; none: the timer leaves the due index. */
  due?: string;
}

/** The rules of the time types, by type. */
export function timeRulesByType(rules: readonly { id: number; type: number; duration?: number | null }[]) {
  const byType = new Map<TimeType, TimeRule[]>();
  for (const rule of rules) {
    if (!isTimeType(rule.type)) continue;
    byType.set(rule.type, [
      ...(byType.get(rule.type) ?? []),
      { id: rule.id, type: rule.type, duration: rule.duration },
    ]);
  }
  return byType;
}

/**
 * What a timer does at `now`: each rule whose duration passed since its condition's start fires once per start
 * (the fired entry remembers it); an entry whose start is no longer the condition's clears; the due time is the
 * earliest rule still to fire. A rule without a duration (a type 6-8 rule saved before rules had one) never fires.
 */
export function planTimer(starts: Starts, fired: Fired, rules: Map<TimeType, TimeRule[]>, now: Date): Plan {
  const plan: Plan = { fire: [], cleared: [], fired: {} };
  let due = Number.POSITIVE_INFINITY;
  for (const type of TIME_TYPES) {
    const start = starts[type];
    const entry = fired[type];
    if (entry && entry.start !== start) plan.cleared.push({ type, entry });
    if (!start) continue;
    const kept = entry?.start === start ? entry : undefined;
    let next = kept ? { ...kept, rules: [...kept.rules] } : undefined;
    for (const rule of rules.get(type) ?? []) {
      if (type !== 9 && !rule.duration) continue;
      const at = Date.parse(start) + durationMs(type, rule.duration);
      if (next?.rules.includes(rule.id)) continue;
      if (at > now.getTime()) {
        due = Math.min(due, at);
        continue;
      }
      plan.fire.push({ rule, start, at: iso(at) });
      next = next ? { ...next, rules: [...next.rules, rule.id] } : { start, rules: [rule.id], at: iso(at) };
    }
    if (next) plan.fired[type] = next;
  }
  if (Number.isFinite(due)) plan.due = iso(due);
  return plan;
}

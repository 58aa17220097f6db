import type { StockLimit, StockState } from '../../../shared/schemas/zone-stock';
import type { OpenVisit } from './open-visits';

/**
 * Pure counting and judging of a zone's stock: no I/O, so the evaluator's rules are unit
 * tested (test/unit/zone-stock-evaluator.test.ts). An asset with two profiles counts once under each; one without a
 * profile counts under `null`.
 */
export type ProfileKey = number | null;

export interface ProfileCount {
  id: ProfileKey;
  name: string | null;
  count: number;
}

export function countByProfile(visits: readonly Pick<OpenVisit, 'profiles'>[]): Map<ProfileKey, ProfileCount> {
  const counts = new Map<ProfileKey, ProfileCount>();
  const add = (id: ProfileKey, name: string | null) => {
    const entry = counts.get(id) ?? { id, name, count: 0 };
    entry.count += 1;
    counts.set(id, entry);
  };
  for (const visit of visits) {
    if (visit.profiles.length === 0) add(null, null);
    for (const profile of new Map(visit.profiles.map((p) => [p.id, p])).values()) add(profile.id, profile.name);
  }
  return counts;
}

/** Counts of a text attribute (cable type, status), most first, then by value; null last. */
export function countBy<T>(items: readonly T[], keyOf: (item: T) => string | null) {
  const counts = new Map<string | null, number>();
  for (const item of items) counts.set(keyOf(item), (counts.get(keyOf(item)) ?? 0) + 1);
  return [...counts.entries()]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => {
      if (a.value === null || b.value === null) return a.value === null ? 1 : -1;
      return b.count - a.count || a.value.localeCompare(b.value);
    });
}

/** Where a count stands against its bounds: below the minimum, above the maximum, or within. */
export function stockState(count: number, limit: Pick<StockLimit, 'min' | 'max'> | undefined): StockState {
  if (!limit) return 'ok';
  if (limit.min !== null && count < limit.min) return 'below';
  if (limit.max !== null && count > limit.max) return 'above';
  return 'ok';
}

export interface StockJudgement {
  profile: number;
  profileName: string | null;
  count: number;
  state: StockState;
  /** The bound crossed (min when below, max when above); null when within. */
  limit: number | null;
}

/** The state of every profile that has limits in the zone. */
export function judgeZone(
  counts: ReadonlyMap<ProfileKey, ProfileCount>,
  limits: readonly StockLimit[],
  names: ReadonlyMap<number, string>,
): StockJudgement[] {
  return limits.map((limit) => {
    const count = counts.get(limit.profile)?.count ?? 0;
    const state = stockState(count, limit);
    return {
      profile: limit.profile,
      profileName: counts.get(limit.profile)?.name ?? names.get(limit.profile) ?? null,
      count,
      state,
      limit: state === 'below' ? limit.min : state === 'above' ? limit.max : null,
    };
  });
}

export interface StockTransition {
  profile: number;
  from: StockState;
  to: StockState;
}

/**
 * What moving from the stored states to the judged ones means: each change of state is one transition (a
 * profile without a stored state was ok). The caller moves each with a conditional write and raises (to
 * below/above) or clears (from below/above) only for the writes that succeeded.
 */
export function transitionsOf(
  stored: ReadonlyMap<number, StockState>,
  judged: readonly Pick<StockJudgement, 'profile' | 'state'>[],
): StockTransition[] {
  const transitions: StockTransition[] = [];
  for (const { profile, state } of judged) {
    const from = stored.get(profile) ?? 'ok';
    if (from !== state) transitions.push({ profile, from, to: state });
  }
  // A profile whose limits were removed goes back to ok: its open alarm condition ends.
  const judgedProfiles = new Set(judged.map((j) => j.profile));
  for (const [profile, from] of stored) {
    if (!judgedProfiles.has(profile) && from !== 'ok') transitions.push({ profile, from, to: 'ok' });
  }
  return transitions;
}

/** The alarm type a state raises (4 below the minimum, 5 above the maximum); none for ok. */
export const alarmKindOf = (state: StockState): 4 | 5 | null => (state === 'below' ? 4 : state === 'above' ? 5 : null);

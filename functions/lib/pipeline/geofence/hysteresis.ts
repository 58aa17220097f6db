import type { ZoneMembership, ZoneObservation } from '../contracts';

/**
 * Whether an asset is in its own zone, without flapping (docs/geofencing.md):
 * - `uncertain` (the accuracy circle straddles the border) changes nothing: not the state, not the count;
 * - an observation agreeing with the state clears the count of contrary ones;
 * - a contrary observation counts; the `confirmations`-th in a row (default 2) switches the state and
 *   reports `entered` / `left`;
 * - from `unknown` (a new asset, a changed zone) the first certain observation sets the state at once and
 *   reports no change: there was no known side to leave.
 */
export const DEFAULT_CONFIRMATIONS = 2;

export const UNKNOWN_MEMBERSHIP: ZoneMembership = { state: 'unknown', pending: 0 };

export interface MembershipStep {
  membership: ZoneMembership;
  changed: 'entered' | 'left' | null;
}

export function nextMembership(
  prev: ZoneMembership,
  obs: ZoneObservation,
  confirmations = DEFAULT_CONFIRMATIONS,
): MembershipStep {
  if (obs === 'uncertain') return { membership: prev, changed: null };
  if (prev.state === 'unknown') return { membership: { state: obs, pending: 0 }, changed: null };
  if (obs === prev.state) {
    return { membership: prev.pending === 0 ? prev : { state: prev.state, pending: 0 }, changed: null };
  }
  const pending = prev.pending + 1;
  if (pending < Math.max(1, confirmations)) return { membership: { state: prev.state, pending }, changed: null };
  return { membership: { state: obs, pending: 0 }, changed: obs === 'inside' ? 'entered' : 'left' };
}

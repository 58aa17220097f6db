import type { DroppedFix } from '../../../shared/schemas/event';
import type { Fix, PositionSource } from './contracts';
import { checkFixAlone, checkJump } from './plausibility';

/**
 * One bad position drops the position, not the uplink (docs/decisions/0246-every-way-in-robust-bad-positions-and-undecodable-payloads-dropped.md),
 * and one bad position that was accepted holds no tag hostage (docs/decisions/0323-dropped-fixes-that-agree-outvote-an-accepted-outlier.md):
 * whichever way in, the processor keeps the uplink's flags, event type and time and only leaves its fix out.
 * The payload's own fix is tried first, then the network's; the first one accepted is used, and every refused
 * one leaves a warning on the event (and, when it is a place, an entry in the event's `dropped`).
 *
 * A fix is judged against the device's last accepted fix (`last`) and, when that refuses it, against the last
 * dropped fix (`suspect`): dropped fixes in a row that agree with each other outvote the last accepted one, which
 * is then marked as the outlier. Two are enough against a fix no neighbour confirmed, three against one that
 * agreed with the fix before it, so two wrong fixes in a row do not hijack a confirmed track.
 */

/** A fix as the device keeps it; `at` is its uplink's measuredAt (ISO), the date of its event. */
export interface KeptFix {
  latitude: number;
  longitude: number;
  radius: number | null;
  source: PositionSource;
  at: string;
}

/** The device's last accepted fix (`last_fix`): its event's id, and whether a neighbour confirmed it. */
export interface LastFix extends KeptFix {
  /** With `at`, the event's sort key (`EV#<at>#<id>`); absent when it is not known (a seeded device). */
  event_id?: number;
  /** It agreed with the accepted fix before it, measured within NEIGHBOUR_WINDOW_MS. */
  confirmed: boolean;
}

/** The last dropped fix (`suspect_fix`): how many dropped fixes in a row, this one included, agree up to it. */
export interface SuspectFix extends KeptFix {
  agreeing: number;
}

export interface FixTrack {
  last?: LastFix;
  suspect?: SuspectFix;
}

export interface PositionScreen {
  fix: Fix | undefined;
  warnings: string[];
  /** The fixes dropped for their jump, as the event keeps them (`dropped`): the history map draws them. */
  dropped: DroppedFix[];
  /** The accepted fix outvoted `last`: its event is marked with `reason`. */
  outlier?: { last: LastFix; reason: string };
  /** The device's track after the uplink (`last` without its event id: the processor adds the uplink's). */
  track: FixTrack;
}

/**
 * Two fixes agreeing prove something only when they are close in time: an hour apart, 150 km/h lets them be
 * 150 km apart. A suspect older than this before a new fix counts as nothing, and a fix accepted after a longer
 * gap is unconfirmed.
 */
export const NEIGHBOUR_WINDOW_MS = 60 * 60_000;
/** Agreeing dropped fixes that outvote an accepted fix: one no neighbour confirmed, and one that was confirmed. */
export const OUTVOTE_UNCONFIRMED = 2;
export const OUTVOTE_CONFIRMED = 3;
/**
 * Beyond this the last accepted fix vetoes nothing: a tag whose fixes agree with nothing (neither the last
 * accepted fix nor each other) is taken as it reports again after half a day.
 */
export const STALE_AFTER_MS = 12 * 60 * 60_000;

export const keptOf = (fix: Fix, at: string): KeptFix => ({
  latitude: fix.latitude,
  longitude: fix.longitude,
  radius: fix.accuracy ?? null,
  source: fix.source,
  at: new Date(at).toISOString(),
});

const asPrevious = (kept: KeptFix) => ({
  fix: {
    latitude: kept.latitude,
    longitude: kept.longitude,
    source: kept.source,
    ...(kept.radius === null ? {} : { accuracy: kept.radius }),
  },
  at: kept.at,
});

type Verdict =
  | { accepted: true; confirmed: boolean; outlier?: string }
  | { accepted: false; reason: string; place: boolean; agreeing: number };

/** How many dropped fixes in a row agree up to `fix`: 1 when the suspect is gone, stale or disagrees. */
function agreeingWith(suspect: SuspectFix | undefined, fix: Fix, at: string): number {
  if (!suspect || Date.parse(at) - Date.parse(suspect.at) > NEIGHBOUR_WINDOW_MS) return 1;
  return checkJump(fix, asPrevious(suspect), at).ok ? suspect.agreeing + 1 : 1;
}

/** One candidate against the track; `late`: older than the device's last event (history only, no outvoting). */
function judge(fix: Fix, track: FixTrack, at: string, late: boolean): Verdict {
  const alone = checkFixAlone(fix);
  if (!alone.ok) return { accepted: false, reason: alone.reason, place: false, agreeing: 0 };
  const { last } = track;
  if (!last) return { accepted: true, confirmed: false };
  const elapsed = Date.parse(at) - Date.parse(last.at);
  if (!late && elapsed > STALE_AFTER_MS) return { accepted: true, confirmed: false };
  const jump = checkJump(fix, asPrevious(last), at);
  if (jump.ok) return { accepted: true, confirmed: elapsed <= NEIGHBOUR_WINDOW_MS };
  if (late) return { accepted: false, reason: jump.reason, place: true, agreeing: 0 };
  const agreeing = agreeingWith(track.suspect, fix, at);
  if (agreeing < (last.confirmed ? OUTVOTE_CONFIRMED : OUTVOTE_UNCONFIRMED))
    return { accepted: false, reason: jump.reason, place: true, agreeing };
  const outlier = `Outlier: the ${agreeing} positions after it (up to ${new Date(at).toISOString()}) agree with each other, not with it (${jump.reason})`;
  return { accepted: true, confirmed: true, outlier };
}

/**
 * Screens an uplink's candidate fixes (payload's, network's) against the device's track at `at`; `late`: the
 * uplink is older than the device's last event, so it is judged against the last accepted fix only and changes
 * no track (a replay or a late arrival cannot move the suspect nor outvote anything).
 */
export function screenPosition(
  candidates: readonly (Fix | undefined)[],
  track: FixTrack,
  at: string,
  late = false,
): PositionScreen {
  const screen: PositionScreen = { fix: undefined, warnings: [], dropped: [], track };
  let suspect: SuspectFix | undefined;
  for (const fix of candidates) {
    if (!fix) continue;
    const verdict = judge(fix, track, at, late);
    if (verdict.accepted) {
      screen.fix = fix;
      // Accepted, the tag's track goes on from it: an older suspect has been outvoted or confirmed away.
      screen.track = { last: { ...keptOf(fix, at), confirmed: verdict.confirmed } };
      if (verdict.outlier && track.last) screen.outlier = { last: track.last, reason: verdict.outlier };
      return screen;
    }
    screen.warnings.push(`Position dropped: ${verdict.reason}`);
    if (!verdict.place) continue;
    const { at: _at, ...place } = keptOf(fix, at);
    screen.dropped.push({ ...place, reason: verdict.reason });
    // Of two dropped candidates, the one that continues the longer agreeing run is the suspect.
    if (!suspect || verdict.agreeing > suspect.agreeing) suspect = { ...keptOf(fix, at), agreeing: verdict.agreeing };
  }
  if (suspect && !late) screen.track = { ...track, suspect };
  return screen;
}

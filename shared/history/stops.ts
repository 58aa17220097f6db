import { isAcceptedFix, type TrackFix } from '../schemas/asset-history';

/**
 * Stops: where an asset stood, from when to when, derived from its fixes (the rule and its reasons:
 * docs/decisions/0319-asset-history-track-stops-and-exports.md). Pure, so the console derives them from the
 * pages it has and the evidence report from the same rule.
 *
 * A stop is a run of accepted fixes (positioned, not outliers) each within reach of the run's centre: the
 * distance is at most the run's best accuracy radius plus the fix's own plus a margin, the same test as the
 * loan-day rest position (functions/lib/loan-days/loan-day-state.ts). The centre is the mean weighted by
 * 1/radius², so a coarse network fix joins a GNSS stop without dragging it. Silence does not end a stop (a
 * sparse LoRaWAN tag that stands still says little) unless it is longer than `maxSilenceMs`; one stray fix
 * outside followed, soon, by one back inside is jitter and is skipped. A run counts as a stop when it spans
 * at least `minDurationMs`.
 */
export interface StopOptions {
  /** Metres added to the two accuracy radii: one-sigma radii and multipath near steel. */
  marginMetres?: number;
  /** The shortest stay that counts as a stop. */
  minDurationMs?: number;
  /** A silence longer than this ends a stop even if the next fix is inside: the tag may have been off. */
  maxSilenceMs?: number;
  /** A single fix outside is jitter when the fix back inside comes within this time of the one before it. */
  strayWindowMs?: number;
}

export interface Stop {
  latitude: number;
  longitude: number;
  /** Metres: the best accuracy of its fixes, or their weighted spread around the centre when that is wider. */
  radius: number;
  from: string;
  to: string;
  fixes: number;
}

export const STOP_DEFAULTS: Required<StopOptions> = {
  marginMetres: 50,
  minDurationMs: 10 * 60_000,
  maxSilenceMs: 7 * 86_400_000,
  strayWindowMs: 60 * 60_000,
};

type Fix = TrackFix & { latitude: number; longitude: number };
/**
 * Fixes and their times side by side: a year is ~35,000 fixes, and neither Date.parse in a sort's comparator nor
 * a copy of each fix with its time (most of the work, mostly the garbage collector's) is needed.
 */
interface Track {
  fixes: Fix[];
  times: Float64Array;
}
interface Run {
  /** Indexes into the track. */
  members: number[];
  weight: number;
  latitude: number;
  longitude: number;
  best: number;
}

const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;
export function metresBetween(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
  const sinLat = Math.sin(((b.latitude - a.latitude) * RAD) / 2);
  const sinLon = Math.sin(((b.longitude - a.longitude) * RAD) / 2);
  const h = sinLat * sinLat + sinLon * sinLon * Math.cos(a.latitude * RAD) * Math.cos(b.latitude * RAD);
  return 2 * Math.atan2(Math.sqrt(h), Math.sqrt(1 - h)) * EARTH_RADIUS_M;
}

const radiusOf = (fix: Fix) => Math.max(0, fix.radius ?? 0);
// Below 5 m the weights would let one optimistic GNSS figure outweigh everything else.
const weightOf = (fix: Fix) => 1 / Math.max(5, radiusOf(fix)) ** 2;

function startRun(track: Track, i: number): Run {
  const fix = track.fixes[i] as Fix;
  return { members: [i], weight: weightOf(fix), latitude: fix.latitude, longitude: fix.longitude, best: radiusOf(fix) };
}

function join(run: Run, track: Track, i: number): void {
  const fix = track.fixes[i] as Fix;
  const w = weightOf(fix);
  const total = run.weight + w;
  run.latitude = (run.latitude * run.weight + fix.latitude * w) / total;
  run.longitude = (run.longitude * run.weight + fix.longitude * w) / total;
  run.weight = total;
  run.best = Math.min(run.best, radiusOf(fix));
  run.members.push(i);
}

const within = (run: Run, fix: Fix, margin: number) => metresBetween(run, fix) <= run.best + radiusOf(fix) + margin;
const lastOf = (run: Run) => run.members[run.members.length - 1] as number;

function toStop(run: Run, track: Track, minDurationMs: number): Stop | undefined {
  const first = run.members[0] as number;
  const last = lastOf(run);
  if ((track.times[last] as number) - (track.times[first] as number) < minDurationMs) return undefined;
  let spread = 0;
  for (const i of run.members) {
    const fix = track.fixes[i] as Fix;
    spread += weightOf(fix) * metresBetween(run, fix) ** 2;
  }
  const radius = Math.max(run.best, Math.sqrt(spread / run.weight));
  return {
    latitude: run.latitude,
    longitude: run.longitude,
    radius: Math.round(radius),
    from: (track.fixes[first] as Fix).at,
    to: (track.fixes[last] as Fix).at,
    fixes: run.members.length,
  };
}

/** The accepted fixes oldest first, with their times (the history reads oldest first: sorted only if not). */
function trackOf(input: readonly TrackFix[]): Track {
  let fixes: Fix[] = input.filter(isAcceptedFix);
  let times = Float64Array.from(fixes, (fix) => Date.parse(fix.at));
  if (times.some((time, i) => i > 0 && time < (times[i - 1] as number))) {
    const order = fixes
      .map((_, i) => i)
      .sort((a, b) => (times[a] as number) - (times[b] as number) || (fixes[a] as Fix).id - (fixes[b] as Fix).id);
    fixes = order.map((i) => fixes[i] as Fix);
    times = Float64Array.from(order, (i) => times[i] as number);
  }
  return { fixes, times };
}

/** The stops of a track; fixes in any order, dropped positions and outliers never count. */
export function deriveStops(input: readonly TrackFix[], options: StopOptions = {}): Stop[] {
  const { marginMetres, minDurationMs, maxSilenceMs, strayWindowMs } = { ...STOP_DEFAULTS, ...options };
  const track = trackOf(input);
  const { fixes, times } = track;
  const stops: Stop[] = [];
  const close = (run: Run | undefined) => {
    const stop = run && toStop(run, track, minDurationMs);
    if (stop) stops.push(stop);
  };
  let run: Run | undefined;
  for (let i = 0; i < fixes.length; i++) {
    const time = times[i] as number;
    if (run && time - (times[lastOf(run)] as number) <= maxSilenceMs) {
      if (within(run, fixes[i] as Fix, marginMetres)) {
        join(run, track, i);
        continue;
      }
      const next = fixes[i + 1];
      const back = (times[i + 1] as number) - (times[lastOf(run)] as number);
      if (next && within(run, next, marginMetres) && back <= strayWindowMs) continue;
    }
    close(run);
    run = startRun(track, i);
  }
  close(run);
  return stops;
}

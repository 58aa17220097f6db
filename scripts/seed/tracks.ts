import type { EventType } from '../../shared/schemas/event';
import { distanceMeters, type LatLon, offsetMeters, round6 } from './geo';
import type { Rng } from './prng';

/** Where an asset rests between trips: a depot (geo zone) or a customer's site. */
export interface Stop {
  point: LatLon;
  /** How far resting positions scatter around the point (metres); keeps them inside a small zone. */
  scatter: number;
}

export interface TrackPoint extends LatLon {
  date: Date;
  type: EventType;
  /** Location accuracy in metres. */
  radius: number;
  /** The stop the asset rests at, for resting events; undefined on the road. */
  stop?: Stop;
}

interface Draft extends LatLon {
  type: EventType;
  stop?: Stop;
  /** Fixed time since the previous event (driving), or a weight for a share of the idle time. */
  fixedMs?: number;
  idleWeight?: number;
}

export const MIN_TRACK_EVENTS = 10;
export const MAX_TRACK_EVENTS = 30;
const MINUTE = 60_000;

const RADIUS_RANGE: Record<EventType, readonly [number, number]> = {
  start: [15, 60],
  moving: [30, 200],
  still: [8, 40],
  stopped: [15, 60],
  intervalBased: [20, 80],
  intervalBasedLocalGateway: [50, 300],
};

function restingAt(rng: Rng, stop: Stop): LatLon {
  const angle = rng.between(0, 2 * Math.PI);
  const distance = Math.sqrt(rng.float()) * stop.scatter;
  return offsetMeters(stop.point, distance * Math.cos(angle), distance * Math.sin(angle));
}

/** Positions along a leg: a gentle curve (roads are not straight) plus GPS jitter of up to ~150 m. */
function roadPoints(rng: Rng, from: LatLon, to: LatLon, count: number): LatLon[] {
  const north = (to.lat - from.lat) * 111_320;
  const east = (to.lon - from.lon) * 111_320 * Math.cos((from.lat * Math.PI) / 180);
  const length = Math.hypot(north, east) || 1;
  const bend = rng.between(-0.12, 0.12) * length;
  const points: LatLon[] = [];
  for (let i = 1; i <= count; i++) {
    const f = i / (count + 1);
    const along = { lat: from.lat + (to.lat - from.lat) * f, lon: from.lon + (to.lon - from.lon) * f };
    const sideways = Math.sin(Math.PI * f) * bend;
    const curved = offsetMeters(along, (-east / length) * sideways, (north / length) * sideways);
    points.push(offsetMeters(curved, rng.between(-150, 150), rng.between(-150, 150)));
  }
  return points;
}

function drafts(rng: Rng, path: readonly Stop[], endsMoving: boolean): Draft[] {
  const [home] = path;
  if (!home) throw new Error('A track needs at least one stop');
  const out: Draft[] = [{ type: 'still', stop: home, ...restingAt(rng, home) }];
  const resting = (stop: Stop): Draft => ({
    type: 'still',
    stop,
    idleWeight: rng.between(0.5, 1.5),
    ...restingAt(rng, stop),
  });
  const rest = (stop: Stop, count: number) => {
    for (let i = 0; i < count; i++) out.push(resting(stop));
  };
  rest(home, rng.int(1, 4));
  for (let leg = 0; leg + 1 < path.length; leg++) {
    const from = path[leg] as Stop;
    const to = path[leg + 1] as Stop;
    const meters = distanceMeters(from.point, to.point);
    const driveMs = (meters / rng.between(12, 19)) * 1000 + 10 * MINUTE;
    const moving = Math.min(6, Math.max(2, Math.round(meters / 25_000)));
    const lastLeg = leg + 2 === path.length;
    out.push({ type: 'start', stop: from, idleWeight: rng.between(0.5, 1.5), ...restingAt(rng, from) });
    const road = roadPoints(rng, from.point, to.point, moving);
    const shown = lastLeg && endsMoving ? road.slice(0, rng.int(1, moving)) : road;
    for (const point of shown) out.push({ type: 'moving', fixedMs: driveMs / (moving + 1), ...point });
    if (lastLeg && endsMoving) {
      // Too short a history: the tag rested longer at home before this trip.
      while (out.length < MIN_TRACK_EVENTS) out.splice(1, 0, resting(home));
      return out;
    }
    out.push({ type: 'stopped', stop: to, fixedMs: driveMs / (moving + 1), ...restingAt(rng, to) });
    rest(to, rng.int(2, 5));
  }
  const last = path[path.length - 1] as Stop;
  while (out.length < MIN_TRACK_EVENTS) rest(last, 1);
  return out;
}

/**
 * The located events of one tag between `start` and `end` (both hit exactly): resting at the first stop,
 * then driving from stop to stop (start, moving..., stopped) with idle time spread over the resting events.
 * At most MAX_TRACK_EVENTS; cut short, the track ends on the road.
 */
export function generateTrack(
  rng: Rng,
  options: { path: readonly Stop[]; start: Date; end: Date; endsMoving: boolean },
): TrackPoint[] {
  const list = drafts(rng, options.path, options.endsMoving).slice(0, MAX_TRACK_EVENTS);
  const totalMs = options.end.getTime() - options.start.getTime();
  const fixedMs = list.reduce((sum, d) => sum + (d.fixedMs ?? 0), 0);
  const weights = list.slice(1).reduce((sum, d) => sum + (d.idleWeight ?? 0), 0);
  const idleMs = Math.max(0, totalMs - fixedMs);
  let time = options.start.getTime();
  return list.map((draft, i) => {
    if (i > 0) time += draft.fixedMs ?? (weights > 0 ? ((draft.idleWeight ?? 0) / weights) * idleMs : 0);
    const [min, max] = RADIUS_RANGE[draft.type];
    return {
      lat: round6(draft.lat),
      lon: round6(draft.lon),
      date: new Date(Math.round(i === list.length - 1 && draft.fixedMs === undefined ? options.end.getTime() : time)),
      type: draft.type,
      radius: Math.round(rng.between(min, max) * 10) / 10,
      ...(draft.stop ? { stop: draft.stop } : {}),
    };
  });
}

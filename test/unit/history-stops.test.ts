import { deriveStops, metresBetween } from '../../shared/history/stops';
import type { TrackFix } from '../../shared/schemas/asset-history';

const START = Date.parse('2026-11-02T08:00:00.000Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
// Metres to degrees near 52°N (Utrecht): enough for offsets of a few kilometres.
const NORTH = 1 / 111_195;
const EAST = 1 / (111_195 * Math.cos((52 * Math.PI) / 180));
const HOME = { latitude: 52.09, longitude: 5.12 };

let nextId = 1;
function fix(minutes: number, metresNorth: number, metresEast: number, radius: number, extra: Partial<TrackFix> = {}) {
  return {
    id: nextId++,
    at: new Date(START + minutes * MINUTE).toISOString(),
    latitude: HOME.latitude + metresNorth * NORTH,
    longitude: HOME.longitude + metresEast * EAST,
    radius,
    source: radius > 100 ? 'network' : 'gnss',
    type: 'still',
    deviceId: 7,
    zone: null,
    ...extra,
  } satisfies TrackFix;
}

describe('deriveStops', () => {
  it('keeps sparse fixes hours apart at one place as one stop, from the first fix to the last', () => {
    const stops = deriveStops([
      fix(0, 0, 0, 10),
      fix(6 * 60, 5, -4, 12),
      fix(12 * 60, -3, 2, 8),
      fix(18 * 60, 0, 6, 10),
    ]);
    expect(stops).toHaveLength(1);
    expect(stops[0]).toMatchObject({ from: new Date(START).toISOString(), fixes: 4 });
    expect(stops[0]?.to).toBe(new Date(START + 18 * HOUR).toISOString());
  });

  it('does not make a stop of one fix, nor of a stay shorter than the minimum', () => {
    expect(deriveStops([fix(0, 0, 0, 10)])).toEqual([]);
    expect(deriveStops([fix(0, 0, 0, 10), fix(5, 3, 0, 10)])).toEqual([]);
    expect(deriveStops([fix(0, 0, 0, 10), fix(5, 3, 0, 10)], { minDurationMs: 4 * MINUTE })).toHaveLength(1);
  });

  it('keeps jittery GNSS fixes inside their radii plus the margin as one stop, centred near the true place', () => {
    const jitter = [
      [30, -20],
      [-25, 15],
      [10, 35],
      [-35, -10],
      [20, 20],
      [-5, -30],
    ] as const;
    const stops = deriveStops(jitter.map(([n, e], i) => fix(i * 15, n, e, 10)));
    expect(stops).toHaveLength(1);
    const stop = stops[0] as (typeof stops)[number];
    expect(metresBetween(stop, HOME)).toBeLessThan(15);
    expect(stop.radius).toBeGreaterThanOrEqual(10);
    expect(stop.fixes).toBe(6);
  });

  it('lets coarse network fixes join a GNSS stop without dragging its centre', () => {
    const fixes = [0, 1, 2, 3, 4, 5, 6, 7].map((i) =>
      i % 2 === 0 ? fix(i * 15, (i % 4) * 5, 0, 10) : fix(i * 15, 400, -300, 800),
    );
    const stops = deriveStops(fixes);
    expect(stops).toHaveLength(1);
    expect(stops[0]?.fixes).toBe(8);
    expect(metresBetween(stops[0] as { latitude: number; longitude: number }, HOME)).toBeLessThan(20);
  });

  it('splits at a real move: a stop, fixes on the road, another stop', () => {
    const fixes = [
      fix(0, 0, 0, 10),
      fix(60, 5, 0, 10),
      fix(120, 0, 5, 10),
      fix(135, 2000, 1000, 15),
      fix(150, 5000, 3000, 15),
      fix(165, 8000, 6000, 10),
      fix(225, 8005, 6003, 10),
      fix(300, 7998, 6002, 12),
    ];
    const stops = deriveStops(fixes);
    expect(stops).toHaveLength(2);
    expect(stops.map((stop) => stop.fixes)).toEqual([3, 3]);
    expect(stops[0]?.to).toBe(fixes[2]?.at);
    expect(stops[1]?.from).toBe(fixes[5]?.at);
    expect(metresBetween(stops[1] as Stop, stops[0] as Stop)).toBeGreaterThan(9000);
  });

  it('does not end a stop at a silence of a day and a half when the next fix is still inside', () => {
    const stops = deriveStops([fix(0, 0, 0, 10), fix(30, 4, 4, 10), fix(30 + 36 * 60, -3, 2, 10)]);
    expect(stops).toHaveLength(1);
    expect(stops[0]?.fixes).toBe(3);
  });

  it('ends a stop at a silence longer than the maximum, even at the same place', () => {
    const fixes = [fix(0, 0, 0, 10), fix(30, 4, 4, 10), fix(8 * 24 * 60, -3, 2, 10), fix(8 * 24 * 60 + 30, 0, 0, 10)];
    expect(deriveStops(fixes)).toHaveLength(2);
    expect(deriveStops(fixes, { maxSilenceMs: 10 * 24 * HOUR })).toHaveLength(1);
  });

  it('skips one stray fix between fixes at the stop, but not a stay elsewhere', () => {
    const stray = [fix(0, 0, 0, 10), fix(15, 3, 0, 10), fix(30, 900, 0, 10), fix(45, 0, 3, 10), fix(60, 2, 2, 10)];
    expect(deriveStops(stray).map((stop) => stop.fixes)).toEqual([4]);
    const away = [fix(0, 0, 0, 10), fix(15, 3, 0, 10), fix(120, 900, 0, 10), fix(240, 0, 3, 10), fix(255, 2, 2, 10)];
    expect(deriveStops(away).map((stop) => stop.fixes)).toEqual([2, 2]);
  });

  it('leaves outliers and events that only carry dropped positions out of stops', () => {
    const fixes: TrackFix[] = [
      fix(0, 0, 0, 10),
      fix(20, 3000, 0, 10, { outlier: 'speed' }),
      {
        ...fix(25, 0, 0, 10),
        latitude: null,
        longitude: null,
        dropped: [{ ...HOME, radius: 5, source: 'gnss', reason: 'jump' }],
      },
      fix(40, 2, 2, 10),
    ];
    const stops = deriveStops(fixes);
    expect(stops).toHaveLength(1);
    expect(stops[0]?.fixes).toBe(2);
  });

  it('reads fixes in any order', () => {
    const fixes = [fix(0, 0, 0, 10), fix(30, 2, 0, 10), fix(60, 0, 2, 10)];
    expect(deriveStops([...fixes].reverse())).toEqual(deriveStops(fixes));
  });
});

type Stop = { latitude: number; longitude: number };

import type { ZoneShape } from '../../functions/lib/pipeline/contracts';
import { checkReport, isSettled, windowOf } from '../../functions/lib/report-check/report-check';
import type { TrackFix } from '../../shared/schemas/asset-history';
import { REPORT_CHECK_MAX_FIXES } from '../../shared/schemas/report-check';

/**
 * The report check's rule on recorded-style tracks: a depot circle of 300 m, a report at 10:00, fixes of
 * GNSS (metres), Wi-Fi (tens of metres) and the network (kilometres) around it.
 */
const REPORT_AT = '2026-11-02T10:00:00.000Z';
const MINUTE = 60_000;
const NORTH = 1 / 111_195;
const EAST = 1 / (111_195 * Math.cos((52 * Math.PI) / 180));
const DEPOT_CENTRE = { latitude: 52.09, longitude: 5.12 };
const DEPOT: ZoneShape = {
  id: 4,
  name: 'Yard',
  geometry: { type: 'Point', coordinates: [DEPOT_CENTRE.longitude, DEPOT_CENTRE.latitude], radius: 300 },
};

let nextId = 1;
/** A fix `minutes` from the report, `north` / `east` metres from the depot's centre. */
function fix(minutes: number, north: number, east: number, radius: number | null, extra: Partial<TrackFix> = {}) {
  return {
    id: nextId++,
    at: new Date(Date.parse(REPORT_AT) + minutes * MINUTE).toISOString(),
    latitude: DEPOT_CENTRE.latitude + north * NORTH,
    longitude: DEPOT_CENTRE.longitude + east * EAST,
    radius,
    source: radius === null || radius <= 30 ? 'gnss' : radius <= 150 ? 'wifi' : 'network',
    type: 'still',
    deviceId: 7,
    zone: null,
    ...extra,
  } satisfies TrackFix;
}
const SITE = 12_000;
const delivered = (fixes: TrackFix[], depot: ZoneShape | null = DEPOT) =>
  checkReport({ kind: 'delivered', at: REPORT_AT, depot, fixes });
const empty = (fixes: TrackFix[]) => checkReport({ kind: 'empty', at: REPORT_AT, depot: DEPOT, fixes });

describe('a delivered / empty report checked against the tag', () => {
  it('agrees on sparse fixes: at the yard before, at the site an hour and a half after', () => {
    const site = fix(90, SITE, 3_000, 12, { zone: { id: 9, name: 'Site' } });
    const check = delivered([fix(-110, 20, 10, 8), site]);
    expect(check).toMatchObject({ result: 'agree', reason: 'away' });
    expect(check.evidence.deciding).toMatchObject({ at: site.at, place: 'away', zone: { name: 'Site' } });
    expect(check.evidence.deciding?.distance).toBeGreaterThan(11_000);
    expect(check.evidence.fixes.map((f) => [f.place, f.counts])).toEqual([
      ['depot', false],
      ['away', true],
    ]);
    expect(check.evidence).toMatchObject({ depot: { id: 4, name: 'Yard' }, ...windowOf(REPORT_AT) });
  });

  it('disagrees when the tag is still at the yard after the delivery was reported', () => {
    const check = delivered([fix(-30, 0, 0, 10), fix(40, 15, -20, 12), fix(100, -10, 5, 60)]);
    expect(check).toMatchObject({ result: 'disagree', reason: 'at-depot' });
    expect(check.evidence.deciding?.at).toBe(fix(100, 0, 0, 1).at);
    expect(check.evidence.nearest).toBe(0);
  });

  it('has no data from coarse network fixes whose circle covers the yard and its surroundings', () => {
    const check = delivered([fix(20, 100, 0, 2_000), fix(80, -200, 300, 3_500)]);
    expect(check).toMatchObject({ result: 'no-data', reason: 'border-only' });
    expect(check.evidence.fixes.every((f) => f.place === 'border' && f.source === 'network')).toBe(true);
  });

  it('agrees on a coarse network fix when its whole circle lies far from the yard', () => {
    expect(delivered([fix(30, 25_000, 0, 3_000)])).toMatchObject({ result: 'agree', reason: 'away' });
  });

  it('has no data from a fix just outside the yard whose radius reaches back into it', () => {
    const check = delivered([fix(20, 400, 0, 500)]);
    expect(check).toMatchObject({ result: 'no-data', reason: 'border-only' });
    expect(check.evidence.fixes[0]).toMatchObject({ place: 'border', distance: 100 });
    // The same fix with a tight circle is away.
    expect(delivered([fix(20, 400, 0, 20)])).toMatchObject({ result: 'agree' });
  });

  it('has no data when the tag sent nothing within the tolerance', () => {
    const check = delivered([fix(-125, SITE, 0, 10), fix(130, 0, 0, 10)]);
    expect(check).toMatchObject({ result: 'no-data', reason: 'no-fixes' });
    expect(check.evidence.fixes).toEqual([]);
    expect(delivered([])).toMatchObject({ result: 'no-data', reason: 'no-fixes' });
  });

  it('with fixes only before the report: a delivery may have left the yard since, an empty reel may not', () => {
    const before = [fix(-100, 10, 0, 10), fix(-45, -5, 10, 10)];
    expect(delivered(before)).toMatchObject({ result: 'no-data', reason: 'before-only' });
    expect(empty(before)).toMatchObject({ result: 'disagree', reason: 'at-depot' });
    expect(delivered([fix(-20, SITE, 0, 10)])).toMatchObject({ result: 'agree' });
  });

  it('agrees with an empty report at the site, even when the reel was fetched back within the window', () => {
    expect(empty([fix(-60, SITE, 0, 10), fix(90, 0, 0, 10)])).toMatchObject({ result: 'agree', reason: 'away' });
  });

  it('counts only accepted fixes: outliers and events whose positions were all dropped are left out', () => {
    const outlier = fix(10, SITE, 0, 10, { outlier: 'speed' });
    const dropped = {
      ...fix(20, 0, 0, 10),
      latitude: null,
      longitude: null,
      dropped: [{ latitude: 52.2, longitude: 5.2, radius: 10, source: 'gnss', reason: 'jump' }],
    };
    const check = delivered([outlier, dropped, fix(30, 0, 0, 10)]);
    expect(check).toMatchObject({ result: 'disagree' });
    expect(check.evidence.fixes).toHaveLength(1);
  });

  it('takes a fix without an accuracy as exact, and measures a polygon depot from its border', () => {
    const square: ZoneShape = {
      id: 5,
      name: 'Square yard',
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [DEPOT_CENTRE.longitude - 300 * EAST, DEPOT_CENTRE.latitude - 300 * NORTH],
            [DEPOT_CENTRE.longitude + 300 * EAST, DEPOT_CENTRE.latitude - 300 * NORTH],
            [DEPOT_CENTRE.longitude + 300 * EAST, DEPOT_CENTRE.latitude + 300 * NORTH],
            [DEPOT_CENTRE.longitude - 300 * EAST, DEPOT_CENTRE.latitude + 300 * NORTH],
            [DEPOT_CENTRE.longitude - 300 * EAST, DEPOT_CENTRE.latitude - 300 * NORTH],
          ],
        ],
      },
    };
    const check = delivered([fix(10, 500, 0, null)], square);
    expect(check).toMatchObject({ result: 'agree' });
    expect(check.evidence.fixes[0]?.distance).toBe(200);
    expect(delivered([fix(10, 100, 0, null)], square)).toMatchObject({ result: 'disagree' });
  });

  it('has no data without a depot or without the report time', () => {
    expect(delivered([fix(10, 0, 0, 10)], null)).toMatchObject({ result: 'no-data', reason: 'no-depot' });
    const unknown = checkReport({ kind: 'delivered', at: null, depot: DEPOT, fixes: [fix(10, 0, 0, 10)] });
    expect(unknown).toMatchObject({ result: 'no-data', reason: 'unknown-time', evidence: { from: null } });
  });

  it('keeps as evidence the fixes nearest the report, in time order', () => {
    const many = Array.from({ length: 110 }, (_, i) => fix(i * 2 - 110, 0, 0, 10));
    const check = empty(many);
    expect(check.evidence.fixes).toHaveLength(REPORT_CHECK_MAX_FIXES);
    const times = check.evidence.fixes.map((f) => f.at);
    expect(times).toEqual([...times].sort());
    expect(times).toContain(fix(0, 0, 0, 10).at);
    expect(times).not.toContain(fix(-110, 0, 0, 10).at);
  });

  it('settles once the window and the time for late uplinks are over', () => {
    const at = Date.parse(REPORT_AT);
    expect(isSettled(REPORT_AT, at + 2 * 3_600_000)).toBe(false);
    expect(isSettled(REPORT_AT, at + 2 * 3_600_000 + 15 * MINUTE)).toBe(true);
    expect(isSettled(null, at)).toBe(true);
  });
});

import {
  geofenceStateAfterEdit,
  type LoanDayAsset,
  loanDayOf,
  nextRest,
  STILL_MARGIN_M,
  withStateAfterEdit,
} from '../../functions/lib/loan-days/loan-day-state';

/** The loan-day rules (functions/lib/loan-days/loan-day-state.ts; docs/geofencing.md). */
const REST = { latitude: 52, longitude: 5, radius: 10, since: '2026-03-01T09:00:00.000Z' };
/** Metres north of the rest position, in degrees of latitude. */
const north = (metres: number) => REST.latitude + metres / 111_195;

const asset = (overrides: Partial<LoanDayAsset> = {}): LoanDayAsset => ({
  geo_zone: { id: 7 },
  devices: [{ id: 11 }],
  days_still: 4,
  zone_membership: { state: 'outside', pending: 0, zoneId: 7, since: '2026-03-02T10:00:00.000Z' },
  rest_position: REST,
  ...overrides,
});

describe('what an edit resets', () => {
  it('changes nothing when the zone and a tag stay (a tag added beside it, a rename)', () => {
    const before = asset();
    expect(geofenceStateAfterEdit(before, asset())).toEqual({ set: {}, remove: [] });
    expect(geofenceStateAfterEdit(before, asset({ devices: [{ id: 11 }, { id: 12 }] }))).toEqual({
      set: {},
      remove: [],
    });
    // One of two tags leaves: the other one keeps watching.
    const two = asset({ devices: [{ id: 11 }, { id: 12 }] });
    expect(geofenceStateAfterEdit(two, asset({ devices: [{ id: 12 }] }))).toEqual({ set: {}, remove: [] });
  });

  it('starts another zone, or none, from unknown; the rest position and days still stay', () => {
    expect(geofenceStateAfterEdit(asset(), asset({ geo_zone: { id: 8 } }))).toEqual({
      set: {},
      remove: ['zone_membership'],
    });
    expect(geofenceStateAfterEdit(asset(), asset({ geo_zone: null }))).toEqual({
      set: {},
      remove: ['zone_membership'],
    });
  });

  it('forgets everything the tags saw when none of them stays: last one detached, or all swapped', () => {
    const all = { set: { days_still: null }, remove: ['zone_membership', 'rest_position'] };
    expect(geofenceStateAfterEdit(asset(), asset({ devices: [] }))).toEqual(all);
    expect(geofenceStateAfterEdit(asset(), asset({ devices: [{ id: 12 }] }))).toEqual(all);
    // Nothing left to reset: nothing to write.
    const bare = asset({ devices: [], zone_membership: undefined, rest_position: undefined, days_still: null });
    expect(geofenceStateAfterEdit(bare, { ...bare, devices: [{ id: 12 }] })).toEqual({ set: {}, remove: [] });
  });

  it('applies to a whole item for the writes that put one', () => {
    const after = withStateAfterEdit(asset(), { ...asset({ devices: [] }), name: 'Drum 5' });
    expect(after).toEqual({ name: 'Drum 5', geo_zone: { id: 7 }, devices: [], days_still: null });
  });
});

describe('did not move: the rest position', () => {
  const fix = (metres: number, accuracy?: number) => ({
    latitude: north(metres),
    longitude: REST.longitude,
    ...(accuracy === undefined ? {} : { accuracy }),
  });

  it('starts at the first fix without calling it a move', () => {
    expect(nextRest(undefined, fix(0, 5), 'T1')).toEqual({ rest: { ...REST, radius: 5, since: 'T1' }, moved: false });
  });

  it('is a move only when both accuracy circles, widened by the margin, do not meet', () => {
    const edge = REST.radius + 10 + STILL_MARGIN_M;
    expect(nextRest(REST, fix(edge - 1, 10), 'T2').moved).toBe(false);
    expect(nextRest(REST, fix(edge + 1, 10), 'T2')).toEqual({
      rest: { latitude: north(edge + 1), longitude: 5, radius: 10, since: 'T2' },
      moved: true,
    });
    // A coarse network fix 400 m away proves nothing; a fix without accuracy is taken as exact.
    expect(nextRest(REST, fix(400, 500), 'T2').moved).toBe(false);
    expect(nextRest(REST, fix(REST.radius + STILL_MARGIN_M + 1), 'T2').moved).toBe(true);
  });

  it('takes a more precise fix as the position but keeps the time it came to rest', () => {
    const coarse = { ...REST, radius: 300 };
    expect(nextRest(coarse, fix(200, 8), 'T3')).toEqual({
      rest: { latitude: north(200), longitude: 5, radius: 8, since: REST.since },
      moved: false,
    });
    // A less precise one leaves it as it was (the same object: nothing to write).
    expect(nextRest(REST, fix(20, 40), 'T3').rest).toBe(REST);
  });

  it('compares with the rest position, not the last fix: slow drift adds up to a move', () => {
    let rest = REST;
    const moves = [40, 80, 120].map((metres) => {
      const step = nextRest(rest, fix(metres, 10), `T${metres}`);
      rest = step.rest;
      return step.moved;
    });
    expect(moves).toEqual([false, true, false]);
  });
});

describe('which counters a day adds', () => {
  // 2 March 2026 ends at 23:00 UTC (winter time); the 29th, the clock change, begins at 23:00 UTC on the 28th.
  it('counts outside when outside its own zone at the day end, since before it', () => {
    expect(loanDayOf(asset(), '2026-03-02')).toEqual({ outside: true, still: true });
    expect(loanDayOf(asset(), '2026-03-01')).toEqual({ outside: false, still: false });
    const late = asset({ zone_membership: { state: 'outside', pending: 0, zoneId: 7, since: '2026-03-02T23:00:00Z' } });
    expect(loanDayOf(late, '2026-03-02').outside).toBe(false);
    expect(
      loanDayOf(asset({ zone_membership: { state: 'inside', pending: 1, zoneId: 7 } }), '2026-03-05').outside,
    ).toBe(false);
  });

  it('counts nothing without a zone, for another zone, or without a tag', () => {
    expect(loanDayOf(asset({ geo_zone: null }), '2026-03-05')).toEqual({ outside: false, still: true });
    expect(loanDayOf(asset({ geo_zone: { id: 8 } }), '2026-03-05').outside).toBe(false);
    expect(loanDayOf(asset({ devices: [] }), '2026-03-05')).toEqual({ outside: false, still: false });
  });

  it('counts still inside its zone too, from the first whole day at rest', () => {
    const inside = asset({ zone_membership: { state: 'inside', pending: 0, zoneId: 7 } });
    expect(loanDayOf(inside, '2026-03-02').still).toBe(true);
    const arrived = asset({ rest_position: { ...REST, since: '2026-03-28T22:59:00Z' } });
    expect(loanDayOf(arrived, '2026-03-28').still).toBe(false);
    expect(loanDayOf(arrived, '2026-03-29').still).toBe(true);
    expect(loanDayOf(asset({ rest_position: undefined }), '2026-03-29').still).toBe(false);
  });
});

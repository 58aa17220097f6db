import { MAP_LEVELS, mapLevelCodeOf, mapLevelOf, mapLevelOfCode } from '../../shared/schemas/map-level';

/** Map status levels (shared/schemas/map-level.ts; docs/decisions/0241-map-status-levels-event-list-days-small-circles-the-panel-ma.md): the worst open alarm wins. */
describe('mapLevelOf', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');
  const recent = '2026-11-25T06:00:00Z';
  const tag = (flags: { is_sabotaged?: boolean; battery_level_low?: boolean } = {}) => ({
    is_sabotaged: false,
    battery_level_low: false,
    ...flags,
  });
  const outside = { geo_zone: { id: 3, name: 'Depot' }, zone_membership: { state: 'outside' } };

  it('is none with nothing open, and for an asset without tags', () => {
    expect(mapLevelOf({ devices: [tag()], lastCommunication: recent }, now)).toBe('none');
    expect(mapLevelOf({ devices: [], lastCommunication: null }, now)).toBe('none');
  });

  it('ranks sabotage over outside over battery low over silence', () => {
    const silent = '2026-11-23T11:59:00Z';
    expect(mapLevelOf({ devices: [tag()], lastCommunication: silent }, now)).toBe('warning');
    expect(mapLevelOf({ devices: [tag(), tag({ battery_level_low: true })], lastCommunication: silent }, now)).toBe(
      'minor',
    );
    expect(
      mapLevelOf({ devices: [tag({ battery_level_low: true })], ...outside, lastCommunication: silent }, now),
    ).toBe('major');
    expect(mapLevelOf({ devices: [tag({ is_sabotaged: true })], ...outside, lastCommunication: silent }, now)).toBe(
      'critical',
    );
  });

  it('counts "outside" only while the asset has a zone, and silence only past 48 hours', () => {
    expect(mapLevelOf({ devices: [tag()], ...outside, geo_zone: null, lastCommunication: recent }, now)).toBe('none');
    expect(mapLevelOf({ devices: [tag()], lastCommunication: '2026-11-23T12:00:00Z' }, now)).toBe('none');
    // A state recorded about the zone the asset had before is unknown for its new zone (loan-day-state.ts).
    const aboutOldZone = { ...outside, zone_membership: { state: 'outside', zoneId: 2 } };
    expect(mapLevelOf({ devices: [tag()], ...aboutOldZone, lastCommunication: recent }, now)).toBe('none');
    const aboutThisZone = { ...outside, zone_membership: { state: 'outside', zoneId: 3 } };
    expect(mapLevelOf({ devices: [tag()], ...aboutThisZone, lastCommunication: recent }, now)).toBe('major');
    expect(mapLevelOf({ devices: [tag()], lastCommunication: null }, now)).toBe('warning');
  });

  it('codes a level as its index in the spec’s list', () => {
    expect(MAP_LEVELS).toEqual(['none', 'critical', 'major', 'minor', 'warning']);
    for (const level of MAP_LEVELS) expect(mapLevelOfCode(mapLevelCodeOf(level))).toBe(level);
    expect(mapLevelOfCode(9)).toBe('none');
  });
});

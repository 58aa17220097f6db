import { MAP_LEVELS, mapLevelCodeOf, mapLevelOf, mapLevelOfCode } from '../../shared/schemas/map-level';

/**
 * Map status levels (shared/schemas/map-level.ts; docs/decisions/0241-map-status-levels-event-list-days-small-circles-panel-map-layers.md,
 * its silence part superseded by docs/decisions/0252-the-map-s-warning-level-comes-from-the-stored-silent-mark.md): the worst open alarm wins.
 */
describe('mapLevelOf', () => {
  const recent = '2026-11-25T06:00:00Z';
  const longAgo = '2026-11-01T06:00:00Z';
  const tag = (flags: { is_sabotaged?: boolean; battery_level_low?: boolean; is_silent?: boolean } = {}) => ({
    is_sabotaged: false,
    battery_level_low: false,
    ...flags,
  });
  const outside = { geo_zone: { id: 3, name: 'Depot' }, zone_membership: { state: 'outside' } };
  const silent = tag({ is_silent: true });

  it('is none with nothing open, and for an asset without tags', () => {
    expect(mapLevelOf({ devices: [tag()], lastCommunication: recent })).toBe('none');
    expect(mapLevelOf({ devices: [], lastCommunication: null })).toBe('none');
  });

  it('ranks sabotage over outside over battery low over silence', () => {
    expect(mapLevelOf({ devices: [silent], lastCommunication: longAgo })).toBe('warning');
    expect(mapLevelOf({ devices: [silent, tag({ battery_level_low: true })], lastCommunication: longAgo })).toBe(
      'minor',
    );
    expect(
      mapLevelOf({
        devices: [tag({ battery_level_low: true, is_silent: true })],
        ...outside,
        lastCommunication: longAgo,
      }),
    ).toBe('major');
    expect(
      mapLevelOf({ devices: [tag({ is_sabotaged: true, is_silent: true })], ...outside, lastCommunication: longAgo }),
    ).toBe('critical');
  });

  it('takes silence from the stored mark, not from the time since the last communication', () => {
    // Weeks without a word but not marked silent (a heartbeat of a week, say): not silent.
    expect(mapLevelOf({ devices: [tag()], lastCommunication: longAgo })).toBe('none');
    // Marked silent although the asset heard something recently (another reading of the clock): silent.
    expect(mapLevelOf({ devices: [tag(), silent], lastCommunication: recent })).toBe('warning');
    // Cleared by the next uplink (is_silent false) or never set on older summaries.
    expect(mapLevelOf({ devices: [tag({ is_silent: false })], lastCommunication: recent })).toBe('none');
    // Tags that never sent anything.
    expect(mapLevelOf({ devices: [tag()], lastCommunication: null })).toBe('warning');
  });

  it('counts "outside" only while the asset has a zone', () => {
    expect(mapLevelOf({ devices: [tag()], ...outside, geo_zone: null, lastCommunication: recent })).toBe('none');
    // A state recorded about the zone the asset had before is unknown for its new zone (loan-day-state.ts).
    const aboutOldZone = { ...outside, zone_membership: { state: 'outside', zoneId: 2 } };
    expect(mapLevelOf({ devices: [tag()], ...aboutOldZone, lastCommunication: recent })).toBe('none');
    const aboutThisZone = { ...outside, zone_membership: { state: 'outside', zoneId: 3 } };
    expect(mapLevelOf({ devices: [tag()], ...aboutThisZone, lastCommunication: recent })).toBe('major');
  });

  it('codes a level as its index in the spec’s list', () => {
    expect(MAP_LEVELS).toEqual(['none', 'critical', 'major', 'minor', 'warning']);
    for (const level of MAP_LEVELS) expect(mapLevelOfCode(mapLevelCodeOf(level))).toBe(level);
    expect(mapLevelOfCode(9)).toBe('none');
  });
});

import type { ZoneMembership, ZoneObservation, ZoneShape } from '../../functions/lib/pipeline/contracts';
import { nextMembership, UNKNOWN_MEMBERSHIP, ZoneIndex } from '../../functions/lib/pipeline/geofence';

/** Zones of docs/geofencing.md: a yard with a hole inside a wider region, and a depot circle. */
const yard: ZoneShape = {
  id: 1,
  name: 'Yard',
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [5.1, 52.08],
        [5.12, 52.08],
        [5.12, 52.1],
        [5.1, 52.1],
        [5.1, 52.08],
      ],
      [
        [5.105, 52.085],
        [5.105, 52.088],
        [5.108, 52.088],
        [5.108, 52.085],
        [5.105, 52.085],
      ],
    ],
  },
};
const region: ZoneShape = {
  id: 2,
  name: 'Region',
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [5.0, 52.0],
        [5.3, 52.0],
        [5.3, 52.2],
        [5.0, 52.2],
        [5.0, 52.0],
      ],
    ],
  },
};
const depot: ZoneShape = { id: 3, name: 'Depot', geometry: { type: 'Point', coordinates: [4.9, 52.37], radius: 500 } };
const index = ZoneIndex.build([region, yard, depot]);

describe('ZoneIndex', () => {
  it('finds the zones holding a point and picks the smallest for the event', () => {
    expect(index.zonesAt(5.11, 52.09).map((z) => z.id)).toEqual(expect.arrayContaining([1, 2]));
    expect(index.zoneOf(5.11, 52.09)?.id).toBe(1);
    expect(index.zoneOf(5.2, 52.15)?.id).toBe(2);
    expect(index.zoneOf(4.9, 52.37)?.name).toBe('Depot');
    expect(index.zoneOf(6, 53)).toBeNull();
  });

  it('treats a hole as outside its polygon and the border as inside', () => {
    expect(index.zoneOf(5.106, 52.086)?.id).toBe(2);
    expect(index.zoneOf(5.1, 52.09)?.id).toBe(1);
  });

  it('closes a ring left open', () => {
    const open: ZoneShape = {
      id: 7,
      name: null,
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [5, 52],
            [5.01, 52],
            [5.01, 52.01],
            [5, 52.01],
          ],
        ],
      },
    };
    const single = ZoneIndex.build([open]);
    expect(single.zoneOf(5.005, 52.005)?.id).toBe(7);
    expect(single.zoneOf(5.005, 52.011)).toBeNull();
  });

  it('answers nothing for no zones or an impossible point, without throwing', () => {
    const empty = ZoneIndex.build([]);
    expect(empty.zonesAt(5, 52)).toEqual([]);
    expect(empty.zoneOf(5, 52)).toBeNull();
    expect(index.zonesAt(Number.NaN, 52)).toEqual([]);
    expect(index.observe(99, { latitude: 52, longitude: 5 })).toBe('uncertain');
  });

  it('observes with the accuracy circle: inside, outside or uncertain near the border', () => {
    // 52.09 N: 0.001 degree of longitude is about 68.5 m.
    expect(index.observe(1, { latitude: 52.09, longitude: 5.115, accuracy: 10 })).toBe('inside');
    expect(index.observe(1, { latitude: 52.09, longitude: 5.1005, accuracy: 10 })).toBe('inside');
    expect(index.observe(1, { latitude: 52.09, longitude: 5.1005, accuracy: 50 })).toBe('uncertain');
    expect(index.observe(1, { latitude: 52.09, longitude: 5.0995, accuracy: 50 })).toBe('uncertain');
    expect(index.observe(1, { latitude: 52.09, longitude: 5.0995, accuracy: 10 })).toBe('outside');
    expect(index.observe(1, { latitude: 52.09, longitude: 4.0, accuracy: 3000 })).toBe('outside');
    expect(index.observe(1, { latitude: 52.0865, longitude: 5.1065, accuracy: 20 })).toBe('outside');
    expect(index.observe(1, { latitude: 52.09, longitude: 5.1 })).toBe('inside');
  });

  it('observes circles by distance to the centre', () => {
    // 0.001 degree of latitude is about 111 m.
    expect(index.observe(3, { latitude: 52.37, longitude: 4.9, accuracy: 400 })).toBe('inside');
    expect(index.observe(3, { latitude: 52.373, longitude: 4.9, accuracy: 100 })).toBe('inside');
    expect(index.observe(3, { latitude: 52.373, longitude: 4.9, accuracy: 200 })).toBe('uncertain');
    expect(index.observe(3, { latitude: 52.378, longitude: 4.9, accuracy: 300 })).toBe('outside');
  });
});

function run(start: ZoneMembership, observations: ZoneObservation[]) {
  let membership = start;
  const changes: (string | null)[] = [];
  for (const obs of observations) {
    const step = nextMembership(membership, obs);
    membership = step.membership;
    changes.push(step.changed);
  }
  return { membership, changes };
}

describe('nextMembership (hysteresis)', () => {
  const inside: ZoneMembership = { state: 'inside', pending: 0 };

  it('sets the state from unknown without a change', () => {
    expect(run(UNKNOWN_MEMBERSHIP, ['outside'])).toEqual({
      membership: { state: 'outside', pending: 0 },
      changes: [null],
    });
    expect(run(UNKNOWN_MEMBERSHIP, ['uncertain', 'inside']).membership).toEqual(inside);
  });

  it('leaves after two consecutive outside observations, once', () => {
    expect(run(inside, ['outside', 'outside', 'outside', 'outside'])).toEqual({
      membership: { state: 'outside', pending: 0 },
      changes: [null, 'left', null, null],
    });
  });

  it('does not flap on a single contrary observation', () => {
    expect(run(inside, ['outside', 'inside', 'outside', 'inside'])).toEqual({
      membership: inside,
      changes: [null, null, null, null],
    });
  });

  it('ignores uncertain observations: they neither count nor reset', () => {
    expect(run(inside, ['uncertain', 'uncertain']).membership).toBe(inside);
    expect(run(inside, ['outside', 'uncertain', 'outside']).changes).toEqual([null, null, 'left']);
  });

  it('enters after two consecutive inside observations', () => {
    expect(run({ state: 'outside', pending: 0 }, ['inside', 'inside']).changes).toEqual([null, 'entered']);
  });

  it('takes the number of confirmations as a parameter', () => {
    expect(nextMembership(inside, 'outside', 1)).toEqual({
      membership: { state: 'outside', pending: 0 },
      changed: 'left',
    });
    const twice = run(inside, ['outside', 'outside']).membership;
    expect(nextMembership({ state: 'inside', pending: 2 }, 'outside', 3).changed).toBe('left');
    expect(twice.state).toBe('outside');
  });
});

import { cellsCovering, encodeGeohash, geohashBounds } from '../../functions/lib/area-search/geohash';

describe('geohash', () => {
  it('encodes the published vectors', () => {
    // Wikipedia's worked example, and test cases of ngeohash and latlon-geohash.
    expect(encodeGeohash(42.605, -5.603, 5)).toBe('ezs42');
    expect(encodeGeohash(57.64911, 10.40744, 11)).toBe('u4pruydqqvj');
    expect(encodeGeohash(37.8324, 112.5584, 9)).toBe('ww8p1r4t8');
    expect(encodeGeohash(52.205, 0.119, 7)).toBe('u120fxw');
  });

  it('decodes a hash to the cell that holds the point it came from', () => {
    const [west, south, east, north] = geohashBounds('ezs42');
    // Wikipedia: ezs42 is 42.605 ± 0.022, -5.603 ± 0.022.
    expect((south + north) / 2).toBeCloseTo(42.605, 2);
    expect((west + east) / 2).toBeCloseTo(-5.603, 2);
    expect(north - south).toBeCloseTo(0.0439, 4);
    expect(east - west).toBeCloseTo(0.0439, 4);
    expect(() => geohashBounds('abc')).toThrow(RangeError);
  });

  it('covers a box with every cell that meets it and no other', () => {
    const box: [number, number, number, number] = [4.85, 52.33, 4.95, 52.4];
    for (const precision of [4, 5, 6]) {
      const cells = cellsCovering(box, precision);
      expect(new Set(cells).size).toBe(cells.length);
      for (const cell of cells) {
        const [w, s, e, n] = geohashBounds(cell);
        expect(w <= box[2] && e >= box[0] && s <= box[3] && n >= box[1]).toBe(true);
      }
      // Every point of the box is in one of the cells.
      for (let i = 0; i <= 10; i++) {
        for (let j = 0; j <= 10; j++) {
          const lat = box[1] + ((box[3] - box[1]) * i) / 10;
          const lon = box[0] + ((box[2] - box[0]) * j) / 10;
          expect(cells).toContain(encodeGeohash(lat, lon, precision));
        }
      }
    }
  });

  it('stops a walk past its limit', () => {
    expect(cellsCovering([3, 50, 7, 54], 6, 100)).toHaveLength(101);
  });
});

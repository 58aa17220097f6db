import { cellRanges } from '../../functions/lib/area-search/area-read';
import { FINE_MAX_CELLS, planCells } from '../../functions/lib/area-search/area-search';
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

describe('cell ranges', () => {
  const window = { fromKey: '2026-03-01T00:00:00.000Z', toKey: '2026-03-08T00:00:00.000Z' };

  it('reads many cells whole and few cells in slices that join without gap or overlap', () => {
    const many = cellRanges(
      Array.from({ length: 40 }, (_, i) => `c${i}`),
      window,
    );
    expect(many).toHaveLength(40);
    expect(many[0]).toEqual({ cell: 'c0', fromKey: window.fromKey, toKey: `${window.toKey}#~` });
    const few = cellRanges(['a', 'b'], window);
    expect(few).toHaveLength(32);
    const ofA = few.filter((range) => range.cell === 'a');
    expect(ofA[0]?.fromKey).toBe(window.fromKey);
    expect(ofA.at(-1)?.toKey).toBe(`${window.toKey}#~`);
    for (let i = 1; i < ofA.length; i++) {
      const previousEnd = Date.parse(String(ofA[i - 1]?.toKey).slice(0, -2));
      expect(Date.parse(ofA[i]?.fromKey as string) - previousEnd).toBe(1);
    }
  });

  it('cuts no slice shorter than an hour', () => {
    expect(cellRanges(['a'], { fromKey: window.fromKey, toKey: '2026-03-01T02:30:00.000Z' })).toHaveLength(2);
    expect(cellRanges(['a'], { fromKey: window.fromKey, toKey: '2026-03-01T00:30:00.000Z' })).toHaveLength(1);
  });
});

describe('cell plans', () => {
  const area = (bbox: [number, number, number, number]) => ({ bbox, squareKm: 0, contains: () => true });

  it('reads fine cells while few, else coarse ones, and a forced level covers the whole box', () => {
    const small = area([5.09, 52.085, 5.1, 52.095]);
    expect(planCells(small).level).toBe('fine');
    const large = area([5.0, 52.0, 5.2, 52.1]);
    const plan = planCells(large);
    expect(plan.level).toBe('coarse');
    const fine = planCells(large, 'fine');
    expect(fine.cells.length).toBeGreaterThan(FINE_MAX_CELLS);
    expect(fine.cells).toEqual(cellsCovering(large.bbox, 6));
  });
});

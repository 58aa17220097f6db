import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import { distance } from '@turf/distance';
import fc from 'fast-check';
import type { ZoneShape } from '../../functions/lib/pipeline/contracts';
import { ZoneIndex } from '../../functions/lib/pipeline/geofence';
import { destinationPoint as destination } from '../../functions/lib/pipeline/geofence/geodesy';

/**
 * The geofence index against the references: @turf/boolean-point-in-polygon for polygons, @turf/distance for
 * circles. 20 zone sets x 500 points = 10,000 points per run, from a fixed seed (a failure names its seed and
 * path; rerun with them to reproduce). The zones crowd one small area so they cross each other; points are
 * drawn uniformly, on and beside vertices, on axis-aligned edges and within metres of circle borders.
 */
const SEED = 20261123;
const RUNS = 20;
const POINTS_PER_RUN = 500;
const AREA = { minLon: 5.0, maxLon: 5.2, minLat: 52.0, maxLat: 52.12 };

type Ring = [number, number][];
const close = (ring: Ring): Ring => [...ring, ring[0] as [number, number]];

/** Star-shaped rings with random radii are concave; the hole lies within the smallest outer radius. */
const starArb = fc
  .record({
    lon: fc.double({ min: AREA.minLon, max: AREA.maxLon, noNaN: true }),
    lat: fc.double({ min: AREA.minLat, max: AREA.maxLat, noNaN: true }),
    radii: fc.array(fc.double({ min: 0.004, max: 0.04, noNaN: true }), { minLength: 5, maxLength: 40 }),
    hole: fc.boolean(),
  })
  .map(({ lon, lat, radii, hole }) => {
    const star = (scale: number, reverse: boolean): Ring => {
      const ring = radii.map((r, i): [number, number] => {
        const angle = (2 * Math.PI * i) / radii.length;
        return [lon + scale * r * Math.cos(angle) * 1.6, lat + scale * r * Math.sin(angle)];
      });
      return close(reverse ? ring.reverse() : ring);
    };
    const minRadius = Math.min(...radii);
    const holeScale = (0.5 * minRadius) / Math.max(...radii);
    return hole ? [star(1, false), star(holeScale, true)] : [star(1, false)];
  });

/** Rectangles give points exactly on an edge (a constant longitude or latitude), holes included. */
const rectArb = fc
  .record({
    lon: fc.double({ min: AREA.minLon, max: AREA.maxLon, noNaN: true }),
    lat: fc.double({ min: AREA.minLat, max: AREA.maxLat, noNaN: true }),
    w: fc.double({ min: 0.005, max: 0.08, noNaN: true }),
    h: fc.double({ min: 0.005, max: 0.05, noNaN: true }),
    hole: fc.boolean(),
  })
  .map(({ lon, lat, w, h, hole }) => {
    const rect = (x0: number, y0: number, x1: number, y1: number): Ring =>
      close([
        [x0, y0],
        [x1, y0],
        [x1, y1],
        [x0, y1],
      ]);
    const outer = rect(lon, lat, lon + w, lat + h);
    return hole ? [outer, rect(lon + w / 4, lat + h / 4, lon + w / 2, lat + h / 2)] : [outer];
  });

const circleArb = fc.record({
  lon: fc.double({ min: AREA.minLon, max: AREA.maxLon, noNaN: true }),
  lat: fc.double({ min: AREA.minLat, max: AREA.maxLat, noNaN: true }),
  radius: fc.double({ min: 15, max: 4000, noNaN: true }),
});

const zoneArb = fc.oneof(
  starArb.map((coordinates) => ({ type: 'Polygon' as const, coordinates })),
  rectArb.map((coordinates) => ({ type: 'Polygon' as const, coordinates })),
  circleArb.map(({ lon, lat, radius }) => ({
    type: 'Point' as const,
    coordinates: [lon, lat] as [number, number],
    radius,
  })),
);
const zonesArb = fc
  .array(zoneArb, { minLength: 1, maxLength: 12 })
  .map((geometries): ZoneShape[] => geometries.map((geometry, i) => ({ id: i + 1, name: `zone ${i + 1}`, geometry })));

function pointArb(zones: ZoneShape[]): fc.Arbitrary<[number, number]> {
  const pick = fc.nat({ max: zones.length - 1 }).map((i) => zones[i] as ZoneShape);
  const uniform = fc.tuple(
    fc.double({ min: AREA.minLon - 0.05, max: AREA.maxLon + 0.1, noNaN: true }),
    fc.double({ min: AREA.minLat - 0.05, max: AREA.maxLat + 0.06, noNaN: true }),
  );
  const nearBorder = fc
    .record({
      zone: pick,
      k: fc.nat(),
      t: fc.double({ min: 0, max: 1, noNaN: true }),
      off: fc.constantFrom(0, 1e-9, -1e-9, 1e-7, -1e-7, 1e-5),
      bearing: fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
      metres: fc.double({ min: -3, max: 3, noNaN: true }),
    })
    .map(({ zone, k, t, off, bearing, metres }): [number, number] => {
      const { geometry } = zone;
      if (geometry.type === 'Point') {
        const [lon, lat] = geometry.coordinates;
        return destination(lon, lat, geometry.radius + metres, bearing);
      }
      const ring = geometry.coordinates[k % geometry.coordinates.length] as Ring;
      const i = k % (ring.length - 1);
      const [x0, y0] = ring[i] as [number, number];
      const [x1, y1] = ring[i + 1] as [number, number];
      // An axis-aligned edge holds its interpolated points exactly; other edges nearly.
      if (x0 === x1) return [x0 + off, y0 + t * (y1 - y0)];
      if (y0 === y1) return [x0 + t * (x1 - x0), y0 + off];
      return t < 0.3 ? [x0 + off, y0 - off] : [x0 + t * (x1 - x0) + off, y0 + t * (y1 - y0)];
    });
  return fc.oneof(uniform, nearBorder);
}

function reference(zone: ZoneShape, point: [number, number]): boolean {
  const { geometry } = zone;
  if (geometry.type === 'Point') return distance(geometry.coordinates, point, { units: 'meters' }) <= geometry.radius;
  return booleanPointInPolygon(point, geometry);
}

const scenarioArb = zonesArb.chain((zones) =>
  fc.tuple(fc.constant(zones), fc.array(pointArb(zones), { minLength: POINTS_PER_RUN, maxLength: POINTS_PER_RUN })),
);

describe('ZoneIndex against turf', () => {
  it('finds exactly the zones turf finds, 10,000 points near and on borders', () => {
    let checked = 0;
    let hits = 0;
    fc.assert(
      fc.property(scenarioArb, ([zones, points]) => {
        const index = ZoneIndex.build(zones);
        for (const point of points) {
          const expected = zones.filter((zone) => reference(zone, point)).map((zone) => zone.id);
          const found = index.zonesAt(point[0], point[1]).map((zone) => zone.id);
          expect(found.sort((a, b) => a - b)).toEqual(expected);
          const smallest = index.zoneOf(point[0], point[1]);
          expect(smallest === null).toBe(expected.length === 0);
          if (smallest) expect(expected).toContain(smallest.id);
          checked += 1;
          hits += expected.length > 0 ? 1 : 0;
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
    expect(checked).toBe(RUNS * POINTS_PER_RUN);
    // The points are not all trivially outside: a good share lands in some zone.
    expect(hits).toBeGreaterThan(checked / 5);
  });

  it('never calls a straddling accuracy circle inside or outside', () => {
    const fixArb = zonesArb.chain((zones) =>
      fc.tuple(
        fc.constant(zones),
        fc.array(fc.tuple(pointArb(zones), fc.double({ min: 1, max: 500, noNaN: true }), fc.nat()), {
          minLength: 100,
          maxLength: 100,
        }),
      ),
    );
    const verdicts = { inside: 0, outside: 0, uncertain: 0 };
    fc.assert(
      fc.property(fixArb, ([zones, fixes]) => {
        const index = ZoneIndex.build(zones);
        for (const [[longitude, latitude], accuracy, k] of fixes) {
          const zone = zones[k % zones.length] as ZoneShape;
          const verdict = index.observe(zone.id, { latitude, longitude, accuracy });
          verdicts[verdict] += 1;
          if (verdict === 'uncertain') continue;
          // The centre and 48 points around the accuracy circle all lie on the side observe() named.
          const rim = Array.from({ length: 48 }, (_, i) =>
            destination(longitude, latitude, accuracy, (i * Math.PI) / 24),
          );
          for (const point of [[longitude, latitude] as [number, number], ...rim]) {
            expect(reference(zone, point)).toBe(verdict === 'inside');
          }
        }
      }),
      { seed: SEED, numRuns: 12 },
    );
    // Certain answers are given where they can be, not 'uncertain' everywhere.
    expect(verdicts.inside).toBeGreaterThan(0);
    expect(verdicts.outside).toBeGreaterThan(verdicts.uncertain / 10);
  });
});

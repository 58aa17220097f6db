import type { z } from 'zod';
import {
  DEFAULT_GEO_ZONE_RADIUS,
  geoZoneInputSchema,
  geoZoneUpdateInputSchema,
  HOLE_OUTSIDE,
  INVALID_COORDINATES,
  INVALID_GEOMETRY,
  MAX_GEO_ZONE_VERTICES,
  POLYGON_TOO_SMALL,
  RADIUS_TOO_LARGE,
  RADIUS_TOO_SMALL,
  RING_NOT_CLOSED,
  RING_SELF_INTERSECTS,
  RING_WITHOUT_AREA,
  TOO_MANY_VERTICES,
} from '../../shared/schemas/geo-zone';
import { polygonProblems } from '../../shared/schemas/geo-zone-geometry';

/** The geofence rules of the shared geo zone schema; the API and the console run the same. */
type Pos = [number, number];

function violations(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    out[path] = [...(out[path] ?? []), issue.message];
  }
  return out;
}

const polygon = (...rings: Pos[][]) => ({ geometry: { type: 'Polygon', coordinates: rings } });
const square: Pos[] = [
  [4, 52],
  [5, 52],
  [5, 53],
  [4, 53],
  [4, 52],
];
const hole: Pos[] = [
  [4.2, 52.2],
  [4.8, 52.2],
  [4.8, 52.8],
  [4.2, 52.2],
];

/** A closed circle-like ring of n distinct points around (4.5, 52.5). */
function circleRing(n: number): Pos[] {
  const ring: Pos[] = [];
  for (let i = 0; i < n; i++) {
    const angle = (i / n) * 2 * Math.PI;
    ring.push([4.5 + 0.1 * Math.cos(angle), 52.5 + 0.1 * Math.sin(angle)]);
  }
  return [...ring, ring[0] as Pos];
}

describe('geo zone geometry rules', () => {
  it('accepts a closed square, a square with a hole inside, and a circle with the default radius', () => {
    expect(violations(geoZoneInputSchema, polygon(square))).toEqual({});
    expect(violations(geoZoneInputSchema, polygon(square, hole))).toEqual({});
    const circle = geoZoneInputSchema.parse({ geometry: { type: 'Point', coordinates: [4.9, 52.3] } });
    expect(circle.geometry).toEqual({ type: 'Point', coordinates: [4.9, 52.3], radius: DEFAULT_GEO_ZONE_RADIUS });
  });

  it('refuses an unclosed ring (it is not closed for the caller)', () => {
    expect(violations(geoZoneInputSchema, polygon(square.slice(0, 4)))).toEqual({
      'geometry.coordinates.0': [RING_NOT_CLOSED],
    });
  });

  it('refuses a self-intersecting ring (a bow tie)', () => {
    const bowTie: Pos[] = [
      [4, 52],
      [5, 53],
      [5, 52],
      [4, 53],
      [4, 52],
    ];
    expect(violations(geoZoneInputSchema, polygon(bowTie))).toEqual({
      'geometry.coordinates.0': [RING_SELF_INTERSECTS],
    });
  });

  it('refuses fewer than 3 distinct points, however many repeats', () => {
    const repeats: Pos[] = [
      [4, 52],
      [5, 52],
      [5, 52],
      [4, 52],
      [4, 52],
    ];
    expect(violations(geoZoneInputSchema, polygon(repeats))).toEqual({ 'geometry.coordinates.0': [POLYGON_TOO_SMALL] });
    expect(violations(geoZoneInputSchema, polygon())).toEqual({ 'geometry.coordinates': [POLYGON_TOO_SMALL] });
  });

  it('refuses an outline whose points lie on one line', () => {
    const flat: Pos[] = [
      [4, 52],
      [5, 52],
      [6, 52],
      [4, 52],
    ];
    expect(violations(geoZoneInputSchema, polygon(flat))).toEqual({ 'geometry.coordinates.0': [RING_WITHOUT_AREA] });
  });

  it('refuses a hole outside the outline, naming the hole', () => {
    const outside: Pos[] = [
      [6, 52],
      [7, 52],
      [7, 53],
      [6, 52],
    ];
    expect(violations(geoZoneInputSchema, polygon(square, hole, outside))).toEqual({
      'geometry.coordinates.2': [HOLE_OUTSIDE],
    });
  });

  it('refuses coordinates out of range, NaN and Infinity', () => {
    const cases: Pos[] = [
      [181, 52],
      [4, -91],
      [Number.NaN, 52],
      [4, Number.POSITIVE_INFINITY],
    ];
    for (const position of cases) {
      expect(violations(geoZoneInputSchema, { geometry: { type: 'Point', coordinates: position } })).toEqual({
        [`geometry.coordinates.${Number.isFinite(position[0]) && Math.abs(position[0]) <= 180 ? 1 : 0}`]: [
          INVALID_COORDINATES,
        ],
      });
    }
    const ring = square.map((p, i) => (i === 2 ? ([200, 53] as Pos) : p));
    expect(violations(geoZoneInputSchema, polygon(ring))).toEqual({
      'geometry.coordinates.0.2.0': [INVALID_COORDINATES],
    });
  });

  it('refuses more than 5,000 points, and takes exactly 5,000', () => {
    expect(violations(geoZoneInputSchema, polygon(circleRing(MAX_GEO_ZONE_VERTICES - 1)))).toEqual({});
    expect(violations(geoZoneInputSchema, polygon(circleRing(MAX_GEO_ZONE_VERTICES)))).toEqual({
      'geometry.coordinates': [TOO_MANY_VERTICES],
    });
  });

  it('refuses a radius below 15 or above 100 km, and a radius that is not a number', () => {
    const circle = (radius: unknown) => ({ geometry: { type: 'Point', coordinates: [4.9, 52.3], radius } });
    expect(violations(geoZoneInputSchema, circle(14.9))).toEqual({ 'geometry.radius': [RADIUS_TOO_SMALL] });
    expect(violations(geoZoneInputSchema, circle(100_001))).toEqual({ 'geometry.radius': [RADIUS_TOO_LARGE] });
    expect(violations(geoZoneInputSchema, circle('30'))).toEqual({ 'geometry.radius': [RADIUS_TOO_SMALL] });
    expect(violations(geoZoneInputSchema, circle(Number.NaN))).toEqual({ 'geometry.radius': [RADIUS_TOO_SMALL] });
    expect(violations(geoZoneInputSchema, circle(15))).toEqual({});
  });

  it('refuses wrong types: unknown shapes, text that is no JSON, coordinates of the wrong kind', () => {
    expect(violations(geoZoneInputSchema, { geometry: { type: 'LineString', coordinates: square } })).toEqual({
      'geometry.type': [INVALID_GEOMETRY],
    });
    expect(violations(geoZoneInputSchema, { geometry: 'not json' })).toEqual({ geometry: [INVALID_GEOMETRY] });
    expect(violations(geoZoneInputSchema, {})).toEqual({ geometry: [INVALID_GEOMETRY] });
    expect(violations(geoZoneInputSchema, { geometry: { type: 'Polygon', coordinates: 'square' } })).toEqual({
      'geometry.coordinates': [INVALID_COORDINATES],
    });
    expect(violations(geoZoneInputSchema, { geometry: { type: 'Point', coordinates: ['4', 52] } })).toEqual({
      'geometry.coordinates.0': [INVALID_COORDINATES],
    });
  });

  it('accepts geometry as text on update, with the same rules', () => {
    const text = JSON.stringify({ type: 'Polygon', coordinates: [square], color: '#ff0000' });
    const zone = geoZoneUpdateInputSchema.parse({ geometry: text, version: 1 });
    expect(zone.geometry).toEqual({ type: 'Polygon', coordinates: [square], color: '#ff0000' });
    const open = JSON.stringify({ type: 'Polygon', coordinates: [square.slice(0, 4)] });
    expect(violations(geoZoneUpdateInputSchema, { geometry: open, version: 1 })).toEqual({
      'geometry.coordinates.0': [RING_NOT_CLOSED],
    });
  });

  it('reports every bad ring of a polygon, not only the first', () => {
    expect(polygonProblems([square.slice(0, 4), square, [square[0] as Pos, square[0] as Pos]])).toEqual([
      { ring: 0, message: RING_NOT_CLOSED },
      { ring: 2, message: POLYGON_TOO_SMALL },
    ]);
  });
});

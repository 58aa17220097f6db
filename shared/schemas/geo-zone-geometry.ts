import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import Flatbush from 'flatbush';

/**
 * Checks a polygon must pass before a geofence can use it: the point-in-polygon test of the event
 * pipeline gives nonsense on an open, crossing or flat outline. Pure functions (the console runs the same
 * checks through the shared zod schema); turf and flatbush are plain JavaScript, so the browser takes them.
 */
export type Ring = readonly (readonly [number, number])[];

export const MAX_GEO_ZONE_VERTICES = 5000;

export const POLYGON_TOO_SMALL = 'A polygon needs at least 3 points';
export const RING_NOT_CLOSED = 'The outline must end at its first point';
export const RING_SELF_INTERSECTS = 'The outline crosses itself';
export const RING_WITHOUT_AREA = 'The outline encloses no area';
export const HOLE_OUTSIDE = 'A hole must lie inside the outline';
export const TOO_MANY_VERTICES = `A geo zone can have at most ${MAX_GEO_ZONE_VERTICES} points`;

export interface RingProblem {
  /** Index of the ring in the polygon's coordinates; undefined for the polygon as a whole. */
  ring?: number;
  message: string;
}

const samePoint = (a: readonly number[] | undefined, b: readonly number[] | undefined) =>
  a !== undefined && b !== undefined && a[0] === b[0] && a[1] === b[1];

export const isClosedRing = (ring: Ring) => ring.length > 1 && samePoint(ring[0], ring[ring.length - 1]);

/** Distinct positions of a ring (the closing point repeats the first, so it is not counted twice). */
export const distinctPoints = (ring: Ring) => new Set(ring.map(([lon, lat]) => `${lon},${lat}`)).size;

/** Twice the signed planar area (shoelace): zero when every point lies on one line. */
function doubledArea(ring: Ring): number {
  let sum = 0;
  for (let i = 0; i < ring.length - 1; i++) {
    const [x1, y1] = ring[i] as readonly [number, number];
    const [x2, y2] = ring[i + 1] as readonly [number, number];
    sum += x1 * y2 - x2 * y1;
  }
  return sum;
}

type Point = readonly [number, number];

/** Which side of a->b the point c lies on: >0 left, <0 right, 0 on the line. */
const orientation = (a: Point, b: Point, c: Point) => (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);

const within = (a: Point, b: Point, c: Point) =>
  Math.min(a[0], b[0]) <= c[0] &&
  c[0] <= Math.max(a[0], b[0]) &&
  Math.min(a[1], b[1]) <= c[1] &&
  c[1] <= Math.max(a[1], b[1]);

/** Segments a-b and c-d share a point (crossing, touching or overlapping). */
function segmentsMeet(a: Point, b: Point, c: Point, d: Point): boolean {
  const [o1, o2, o3, o4] = [orientation(a, b, c), orientation(a, b, d), orientation(c, d, a), orientation(c, d, b)];
  if (((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) && ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0))) return true;
  return (
    (o1 === 0 && within(a, b, c)) ||
    (o2 === 0 && within(a, b, d)) ||
    (o3 === 0 && within(c, d, a)) ||
    (o4 === 0 && within(c, d, b))
  );
}

/**
 * Whether two edges that are not neighbours meet. Candidate pairs come from a packed R-tree of the edges'
 * boxes (flatbush), so a drawn outline of 5,000 points is checked in milliseconds rather than the quadratic
 * pair-by-pair test of @turf/kinks (about a second). Repeated points are dropped first: they are no crossing.
 */
function crossesItself(ring: Ring): boolean {
  const points = ring.filter((p, i) => i === 0 || !samePoint(p, ring[i - 1])) as Point[];
  const edges = points.length - 1;
  if (edges < 3) return false;
  const index = new Flatbush(edges);
  for (let i = 0; i < edges; i++) {
    const [a, b] = [points[i] as Point, points[i + 1] as Point];
    index.add(Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[0], b[0]), Math.max(a[1], b[1]));
  }
  index.finish();
  for (let i = 0; i < edges; i++) {
    const [a, b] = [points[i] as Point, points[i + 1] as Point];
    const candidates = index.search(
      Math.min(a[0], b[0]),
      Math.min(a[1], b[1]),
      Math.max(a[0], b[0]),
      Math.max(a[1], b[1]),
    );
    for (const j of candidates) {
      // Neighbouring edges share their common point; the first and last edge share the closing point.
      if (j <= i + 1 || (i === 0 && j === edges - 1)) continue;
      if (segmentsMeet(a, b, points[j] as Point, points[j + 1] as Point)) return true;
    }
  }
  return false;
}

/** The first problem of one ring, or undefined: later checks assume the earlier ones passed. */
export function ringProblem(ring: Ring): string | undefined {
  if (distinctPoints(ring) < 3) return POLYGON_TOO_SMALL;
  if (!isClosedRing(ring)) return RING_NOT_CLOSED;
  // Crossing first: a symmetric bow tie also has zero signed area, and "crosses itself" is the better answer.
  if (crossesItself(ring)) return RING_SELF_INTERSECTS;
  if (doubledArea(ring) === 0) return RING_WITHOUT_AREA;
  return undefined;
}

/** Every hole vertex inside (or on) the outer ring; a hole that pokes out has at least one outside. */
function holeInside(outer: Ring, hole: Ring): boolean {
  const polygon = { type: 'Polygon' as const, coordinates: [outer.map(([lon, lat]) => [lon, lat])] };
  return hole.every(([lon, lat]) => booleanPointInPolygon([lon, lat], polygon));
}

/** All problems of a polygon's rings: the first ring is the outline, the others are holes in it. */
export function polygonProblems(rings: readonly Ring[]): RingProblem[] {
  const vertices = rings.reduce((total, ring) => total + ring.length, 0);
  // Checked first and alone: the crossing test is quadratic in the points.
  if (vertices > MAX_GEO_ZONE_VERTICES) return [{ message: TOO_MANY_VERTICES }];
  const problems: RingProblem[] = [];
  rings.forEach((ring, index) => {
    const message = ringProblem(ring);
    if (message) problems.push({ ring: index, message });
  });
  const [outer, ...holes] = rings;
  if (outer && problems.length === 0) {
    holes.forEach((hole, i) => {
      if (!holeInside(outer, hole)) problems.push({ ring: i + 1, message: HOLE_OUTSIDE });
    });
  }
  return problems;
}

import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import kinks from '@turf/kinks';

/**
 * Checks a polygon must pass before a geofence can use it (issue 8): the point-in-polygon test of the event
 * pipeline gives nonsense on an open, crossing or flat outline. Pure functions (the console runs the same
 * checks through the shared zod schema); turf is plain JavaScript, so the browser bundle takes it.
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

const crossesItself = (ring: Ring) =>
  kinks({ type: 'LineString', coordinates: ring.map(([lon, lat]) => [lon, lat]) }).features.length > 0;

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

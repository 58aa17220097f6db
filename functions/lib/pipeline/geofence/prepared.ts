import { closeRing, type Position } from '../../../../shared/schemas/geo-zone';
import type { ZoneShape } from '../contracts';
import { circleBBox, METRES_PER_DEGREE, metresPerDegreeLon } from './geodesy';

/**
 * A zone made ready for many point tests at build time: its bounding box for the spatial index, its area for
 * choosing among overlapping zones, and for polygons the rings as flat coordinate arrays for the distance to
 * the border. Longitudes are taken as they are: zones that cross the antimeridian are not supported (the
 * product's zones are in the Netherlands).
 */
export type BBox = [number, number, number, number];

export interface PreparedPolygon {
  kind: 'polygon';
  shape: ZoneShape;
  bbox: BBox;
  /** Square metres, holes removed (a local flat projection: enough to rank zones by size). */
  area: number;
  /** The GeoJSON polygon as @turf/boolean-point-in-polygon reads it, with its bbox so turf can skip early. */
  turfPolygon: { type: 'Polygon'; coordinates: number[][][]; bbox: BBox };
  /** Each ring as [lon0, lat0, lon1, lat1, ...], closed (first point repeated last). */
  rings: Float64Array[];
}

export interface PreparedCircle {
  kind: 'circle';
  shape: ZoneShape;
  bbox: BBox;
  area: number;
  longitude: number;
  latitude: number;
  radius: number;
}

export type PreparedZone = PreparedPolygon | PreparedCircle;

function ringBBox(ring: number[][], into: BBox): BBox {
  for (const [lon = 0, lat = 0] of ring) {
    if (lon < into[0]) into[0] = lon;
    if (lat < into[1]) into[1] = lat;
    if (lon > into[2]) into[2] = lon;
    if (lat > into[3]) into[3] = lat;
  }
  return into;
}

/** Shoelace area in square metres of one ring, in a flat projection at latitude `lat0`. */
function ringArea(ring: Float64Array, lat0: number): number {
  const kx = metresPerDegreeLon(lat0);
  const ky = METRES_PER_DEGREE;
  let sum = 0;
  for (let i = 0; i + 3 < ring.length; i += 2) {
    sum += (ring[i] ?? 0) * kx * ((ring[i + 3] ?? 0) * ky) - (ring[i + 2] ?? 0) * kx * ((ring[i + 1] ?? 0) * ky);
  }
  return Math.abs(sum) / 2;
}

function preparePolygon(shape: ZoneShape, open: number[][][]): PreparedPolygon {
  // The schema closes rings on write; an item written otherwise must not lose its closing edge here.
  const coordinates = open.map((ring) => closeRing(ring as Position[]));
  const bbox = ringBBox(coordinates[0] ?? [], [Infinity, Infinity, -Infinity, -Infinity]);
  const rings = coordinates.map((ring) => Float64Array.from(ring.flatMap(([lon = 0, lat = 0]) => [lon, lat])));
  const lat0 = (bbox[1] + bbox[3]) / 2;
  const [outer, ...holes] = rings.map((ring) => ringArea(ring, lat0));
  const area = Math.max(0, (outer ?? 0) - holes.reduce((a, b) => a + b, 0));
  return { kind: 'polygon', shape, bbox, area, turfPolygon: { type: 'Polygon', coordinates, bbox }, rings };
}

export function prepareZone(shape: ZoneShape): PreparedZone {
  const { geometry } = shape;
  if (geometry.type === 'Polygon') return preparePolygon(shape, geometry.coordinates);
  const [longitude, latitude] = geometry.coordinates;
  const radius = geometry.radius;
  const bbox = circleBBox(longitude, latitude, radius);
  return { kind: 'circle', shape, bbox, area: Math.PI * radius * radius, longitude, latitude, radius };
}

/**
 * Shortest distance in metres from a point to any ring edge (outer border and holes), in a flat projection
 * centred on the point: edges are straight in longitude/latitude, as turf's point-in-polygon takes them, and
 * stay straight in this projection. The distortion is about (distance / earth radius) x tan(latitude),
 * 0.2 % at 10 km in the Netherlands; callers keep a margin for it.
 */
export function distanceToBorder(zone: PreparedPolygon, lon: number, lat: number): number {
  const kx = metresPerDegreeLon(lat);
  const ky = METRES_PER_DEGREE;
  let best = Infinity;
  for (const ring of zone.rings) {
    for (let i = 0; i + 3 < ring.length; i += 2) {
      const ax = ((ring[i] ?? 0) - lon) * kx;
      const ay = ((ring[i + 1] ?? 0) - lat) * ky;
      const bx = ((ring[i + 2] ?? 0) - lon) * kx;
      const by = ((ring[i + 3] ?? 0) - lat) * ky;
      const dx = bx - ax;
      const dy = by - ay;
      const lengthSquared = dx * dx + dy * dy;
      const t = lengthSquared === 0 ? 0 : Math.min(1, Math.max(0, -(ax * dx + ay * dy) / lengthSquared));
      const cx = ax + t * dx;
      const cy = ay + t * dy;
      const squared = cx * cx + cy * cy;
      if (squared < best) best = squared;
    }
  }
  return Math.sqrt(best);
}

/** Degrees (about 10 µm): closer to an edge than this, rounding could decide, so turf's exact test does. */
const NEAR_EDGE = 1e-10;

/**
 * Even-odd crossing test over one closed ring toward +longitude; null when the point lies on or within
 * NEAR_EDGE of an edge. `(cross > 0) === upward` is "the edge passes east of the point", without a division.
 */
function crossesRing(ring: Float64Array, x: number, y: number): boolean | null {
  let inside = false;
  for (let i = 0; i + 3 < ring.length; i += 2) {
    const xi = ring[i] as number;
    const yi = ring[i + 1] as number;
    const xj = ring[i + 2] as number;
    const yj = ring[i + 3] as number;
    const dx = xj - xi;
    const dy = yj - yi;
    if (yi > y !== yj > y) {
      const cross = dx * (y - yi) - (x - xi) * dy;
      if (Math.abs(cross) <= NEAR_EDGE * (Math.abs(dx) + Math.abs(dy))) return null;
      if (cross > 0 === dy > 0) inside = !inside;
    } else if (
      // Not straddling, yet the point may sit on it: a horizontal edge or an edge's end at the point's latitude.
      y >= Math.min(yi, yj) - NEAR_EDGE &&
      y <= Math.max(yi, yj) + NEAR_EDGE &&
      x >= Math.min(xi, xj) - NEAR_EDGE &&
      x <= Math.max(xi, xj) + NEAR_EDGE
    ) {
      return null;
    }
  }
  return inside;
}

/**
 * Point in polygon (holes included) from the prepared rings; null when the point is on or next to a border,
 * where the caller asks @turf/boolean-point-in-polygon so both agree on borders (which count as inside).
 */
export function polygonContains(zone: PreparedPolygon, lon: number, lat: number): boolean | null {
  const [minLon, minLat, maxLon, maxLat] = zone.bbox;
  if (lon < minLon || lon > maxLon || lat < minLat || lat > maxLat) return false;
  let inside = false;
  for (const ring of zone.rings) {
    const crossed = crossesRing(ring, lon, lat);
    if (crossed === null) return null;
    // Even-odd over all rings: inside the outer ring and not inside a hole.
    if (crossed) inside = !inside;
  }
  return inside;
}

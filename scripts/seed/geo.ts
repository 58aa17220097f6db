import type { GeoZoneGeometry, Position } from '../../shared/schemas/geo-zone';

/** Pure geometry for the demo data: distances, zone membership, offsets in metres. */
export interface LatLon {
  lat: number;
  lon: number;
}

/** The European Netherlands with a little margin: every generated position lies inside. */
export const NETHERLANDS_BOUNDS = { minLat: 50.7, maxLat: 53.6, minLon: 3.3, maxLon: 7.25 } as const;

export const inNetherlands = (p: LatLon) =>
  p.lat >= NETHERLANDS_BOUNDS.minLat &&
  p.lat <= NETHERLANDS_BOUNDS.maxLat &&
  p.lon >= NETHERLANDS_BOUNDS.minLon &&
  p.lon <= NETHERLANDS_BOUNDS.maxLon;

const EARTH_RADIUS_M = 6_371_000;
const rad = (deg: number) => (deg * Math.PI) / 180;

export function distanceMeters(a: LatLon, b: LatLon): number {
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(h));
}

/** The point `north` and `east` metres away (flat-earth approximation, fine at zone scale). */
export function offsetMeters(p: LatLon, north: number, east: number): LatLon {
  return {
    lat: p.lat + north / 111_320,
    lon: p.lon + east / (111_320 * Math.cos(rad(p.lat))),
  };
}

/** Ray casting on a GeoJSON ring ([lon, lat] positions). */
export function inRing(p: LatLon, ring: readonly Position[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as Position;
    const [xj, yj] = ring[j] as Position;
    if (yi > p.lat !== yj > p.lat && p.lon < ((xj - xi) * (p.lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

export function inGeometry(p: LatLon, geometry: GeoZoneGeometry): boolean {
  if (geometry.type === 'Point') {
    const [lon, lat] = geometry.coordinates;
    return distanceMeters(p, { lat, lon }) <= geometry.radius;
  }
  const [outer, ...holes] = geometry.coordinates;
  return !!outer && inRing(p, outer) && !holes.some((hole) => inRing(p, hole));
}

/** Rounds coordinates to 6 decimals (about 10 cm), as a GPS fix is reported. */
export const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * Spherical helpers. The same mean earth radius and haversine form as @turf/distance, so a circle zone here
 * agrees with turf's distance to the last bit (the property test checks it).
 */
export const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;

/** Degrees to radians in @turf/helpers' order of operations, so both round alike. */
const toRadians = (degrees: number): number => ((degrees % 360) * Math.PI) / 180;

/** Great-circle distance in metres between two [longitude, latitude] points. */
export function haversineMetres(lon1: number, lat1: number, lon2: number, lat2: number): number {
  const sinHalfLat = Math.sin(toRadians(lat2 - lat1) / 2);
  const sinHalfLon = Math.sin(toRadians(lon2 - lon1) / 2);
  const a = sinHalfLat * sinHalfLat + sinHalfLon * sinHalfLon * Math.cos(toRadians(lat1)) * Math.cos(toRadians(lat2));
  return 2 * Math.atan2(Math.sqrt(a), Math.sqrt(1 - a)) * EARTH_RADIUS_M;
}

/** Bounding box [minLon, minLat, maxLon, maxLat] of a circle on the sphere (whole longitudes near a pole). */
export function circleBBox(lon: number, lat: number, radiusM: number): [number, number, number, number] {
  const angular = radiusM / EARTH_RADIUS_M;
  const minLat = lat - angular / RAD;
  const maxLat = lat + angular / RAD;
  const sinRatio = Math.sin(angular) / Math.cos(lat * RAD);
  if (minLat <= -90 || maxLat >= 90 || sinRatio >= 1) return [-180, Math.max(-90, minLat), 180, Math.min(90, maxLat)];
  // The widest longitude of a small circle is asin(sin r / cos lat); a hair of padding absorbs rounding.
  const halfWidth = Math.asin(sinRatio) / RAD + 1e-9;
  return [lon - halfWidth, minLat - 1e-9, lon + halfWidth, maxLat + 1e-9];
}

/** Metres per degree of latitude, and of longitude at a latitude: a local flat projection for short spans. */
export const METRES_PER_DEGREE = EARTH_RADIUS_M * RAD;
export const metresPerDegreeLon = (lat: number): number => METRES_PER_DEGREE * Math.cos(lat * RAD);

/** The point `metres` from [lon, lat] along `bearing` (radians from north, clockwise), on the sphere. */
export function destinationPoint(lon: number, lat: number, metres: number, bearing: number): [number, number] {
  const d = metres / EARTH_RADIUS_M;
  const phi = toRadians(lat);
  const lat2 = Math.asin(Math.sin(phi) * Math.cos(d) + Math.cos(phi) * Math.sin(d) * Math.cos(bearing));
  const dLon = Math.atan2(
    Math.sin(bearing) * Math.sin(d) * Math.cos(phi),
    Math.cos(d) - Math.sin(phi) * Math.sin(lat2),
  );
  return [lon + dLon / RAD, lat2 / RAD];
}

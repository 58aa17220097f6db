import type { Feature, FeatureCollection, Point, Polygon } from 'geojson';
import { type MapMarker, statusOfCode } from '../../../shared/schemas/asset-map';
import {
  closeRing,
  type GeoZoneGeometry,
  geoZoneGeometrySchema,
  geoZoneStyle,
  type Position,
} from '../../../shared/schemas/geo-zone';
import { levelRank } from '../map/mapLevels';
import type { MapGeoZone } from './mapTypes';

/** Pure conversions between API records, GeoJSON for MapLibre and what terra-draw draws. */

const EARTH_RADIUS = 6_371_008.8;
const toRad = (deg: number) => (deg * Math.PI) / 180;
const toDeg = (rad: number) => (rad * 180) / Math.PI;

/** A circle as a closed ring of `steps` points on the sphere: the zone's true size at every zoom. */
export function circleRing([lon, lat]: Position, radius: number, steps = 64): Position[] {
  const angular = radius / EARTH_RADIUS;
  const lat1 = toRad(lat);
  const ring: Position[] = [];
  for (let i = 0; i < steps; i++) {
    const bearing = (2 * Math.PI * i) / steps;
    const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(bearing));
    const lon2 =
      toRad(lon) +
      Math.atan2(
        Math.sin(bearing) * Math.sin(angular) * Math.cos(lat1),
        Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2),
      );
    ring.push([toDeg(lon2), toDeg(lat2)]);
  }
  return closeRing(ring);
}

export interface ZoneProperties {
  id: number;
  name: string;
  color: string;
}

/** Where a zone's name is written: a circle's centre, a polygon's vertex average. */
export function zoneLabelPoint(geometry: GeoZoneGeometry): Position {
  if (geometry.type === 'Point') return geometry.coordinates;
  const ring = geometry.coordinates[0] ?? [];
  const points = ring.length > 1 ? ring.slice(0, -1) : ring;
  const sum = points.reduce(([x, y], [lon, lat]) => [x + lon, y + lat], [0, 0]);
  return [sum[0] / Math.max(points.length, 1), sum[1] / Math.max(points.length, 1)];
}

export function zoneShapes(zones: readonly MapGeoZone[]): FeatureCollection<Polygon, ZoneProperties> {
  const features: Feature<Polygon, ZoneProperties>[] = [];
  for (const zone of zones) {
    if (!zone.geometry) continue;
    const { color } = geoZoneStyle(zone.geometry);
    const coordinates =
      zone.geometry.type === 'Point'
        ? [circleRing(zone.geometry.coordinates, zone.geometry.radius)]
        : zone.geometry.coordinates;
    features.push({
      type: 'Feature',
      id: zone.id,
      geometry: { type: 'Polygon', coordinates },
      properties: { id: zone.id, name: zone.name ?? '', color },
    });
  }
  return { type: 'FeatureCollection', features };
}

export function zoneLabels(zones: readonly MapGeoZone[]): FeatureCollection<Point, ZoneProperties> {
  const features: Feature<Point, ZoneProperties>[] = [];
  for (const zone of zones) {
    if (!zone.geometry || !zone.name) continue;
    features.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: zoneLabelPoint(zone.geometry) },
      properties: { id: zone.id, name: zone.name, color: geoZoneStyle(zone.geometry).color },
    });
  }
  return { type: 'FeatureCollection', features };
}

export interface AssetProperties {
  id: number;
  name: string;
  status: string;
  updated: string;
  /** Severity rank of the map status level (map/mapLevels.ts): 1 critical ... 4 warning, 5 none. */
  rank: number;
}

/**
 * One point per marker tuple (shared/schemas/asset-map.ts); the properties are what the popup shows. Every
 * marker has a position: the API answers positioned assets only.
 */
export function assetPoints(markers: readonly MapMarker[]): FeatureCollection<Point, AssetProperties> {
  const features: Feature<Point, AssetProperties>[] = markers.map(
    ([id, name, status, latitude, longitude, updated, level]) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [longitude, latitude] },
      properties: {
        id,
        name,
        status: statusOfCode(status) ?? '',
        updated: updated === null ? '' : new Date(updated * 1000).toISOString(),
        rank: levelRank(level ?? 0),
      },
    }),
  );
  return { type: 'FeatureCollection', features };
}

/** [west, south, east, north] of the points, or null without points. */
export function pointBounds(points: FeatureCollection<Point>): [number, number, number, number] | null {
  if (points.features.length === 0) return null;
  const bounds: [number, number, number, number] = [180, 90, -180, -90];
  for (const { geometry } of points.features) {
    const [lon, lat] = geometry.coordinates as Position;
    bounds[0] = Math.min(bounds[0], lon);
    bounds[1] = Math.min(bounds[1], lat);
    bounds[2] = Math.max(bounds[2], lon);
    bounds[3] = Math.max(bounds[3], lat);
  }
  return bounds;
}

/**
 * terra-draw's circle is a polygon with its radius in kilometres; the API wants a Point and metres. The
 * centre is the vertex average (the ring is symmetric). The radius is the one drawn, also under the spec's
 * 15 m minimum: the page refuses such a circle with the schema's message (zoneDrawRefusal), it is never
 * silently widened.
 */
export function drawnCircle(polygon: Polygon, radiusKilometers: number | undefined): GeoZoneGeometry {
  const radius = Math.round((radiusKilometers ?? 0) * 1000);
  const center = zoneLabelPoint({ type: 'Polygon', coordinates: polygon.coordinates as Position[][] });
  return {
    type: 'Point',
    coordinates: [round6(center[0]), round6(center[1])],
    radius,
  };
}

/** A drawn polygon with closed rings (GeoJSON), coordinates to 6 decimals (~0.1 m). */
export function drawnPolygon(polygon: Polygon): GeoZoneGeometry {
  return {
    type: 'Polygon',
    coordinates: polygon.coordinates.map((ring) =>
      closeRing(ring.map(([lon, lat]) => [round6(lon ?? 0), round6(lat ?? 0)] as Position)),
    ),
  };
}

/** The shared schema's first message for a drawn shape it refuses (a circle under 15 m), else undefined. */
export function zoneDrawRefusal(geometry: GeoZoneGeometry): string | undefined {
  const result = geoZoneGeometrySchema.safeParse(geometry);
  return result.success ? undefined : result.error.issues[0]?.message;
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

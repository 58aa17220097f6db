import type { Event } from '@shared/schemas/event';
import type { FeatureCollection, LineString, Point, Polygon } from 'geojson';

export type PositionedEvent = Event & { latitude: number; longitude: number };

export const positioned = (events: readonly Event[]): PositionedEvent[] =>
  events.filter((e): e is PositionedEvent => e.latitude != null && e.longitude != null);

const EARTH_RADIUS_M = 6_371_008.8;

/** A circle of `radius` metres around a point as a polygon (MapLibre has no metre-sized circles). */
export function circlePolygon(latitude: number, longitude: number, radius: number, steps = 64): Polygon {
  const lat = (latitude * Math.PI) / 180;
  const ring: [number, number][] = [];
  for (let i = 0; i <= steps; i++) {
    const angle = (i / steps) * 2 * Math.PI;
    const dLat = ((radius * Math.cos(angle)) / EARTH_RADIUS_M) * (180 / Math.PI);
    const dLon = ((radius * Math.sin(angle)) / (EARTH_RADIUS_M * Math.cos(lat))) * (180 / Math.PI);
    ring.push([longitude + dLon, latitude + dLat]);
  }
  return { type: 'Polygon', coordinates: [ring] };
}

/** The track runs in time order; the list shows newest first. */
export function trackLine(events: readonly PositionedEvent[]): FeatureCollection<LineString> {
  const coordinates = [...events].reverse().map((e) => [e.longitude, e.latitude]);
  return {
    type: 'FeatureCollection',
    features:
      coordinates.length > 1
        ? [{ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates } }]
        : [],
  };
}

export function eventPoints(events: readonly PositionedEvent[], selectedId: number | null): FeatureCollection<Point> {
  return {
    type: 'FeatureCollection',
    features: events.map((e) => ({
      type: 'Feature',
      properties: { id: e.id, selected: e.id === selectedId },
      geometry: { type: 'Point', coordinates: [e.longitude, e.latitude] },
    })),
  };
}

export function radiusArea(event: PositionedEvent | null): FeatureCollection<Polygon> {
  return {
    type: 'FeatureCollection',
    features: event?.radius
      ? [{ type: 'Feature', properties: {}, geometry: circlePolygon(event.latitude, event.longitude, event.radius) }]
      : [],
  };
}

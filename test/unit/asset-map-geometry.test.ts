import { DEFAULT_GEO_ZONE_COLOR } from '../../shared/schemas/geo-zone';

import {
  assetPoints,
  circleRing,
  drawnCircle,
  drawnPolygon,
  pointBounds,
  zoneDrawRefusal,
  zoneLabels,
  zoneShapes,
} from '../../web/src/asset-map/mapGeometry';
import type { MapGeoZone, MapMarker } from '../../web/src/asset-map/mapTypes';

/** The asset map's pure conversions (web/src/asset-map/mapGeometry.ts). */

const EARTH = 6_371_008.8;
const metres = ([lon1, lat1]: [number, number], [lon2, lat2]: [number, number]) => {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * EARTH * Math.asin(Math.sqrt(a));
};

const zone = (id: number, geometry: MapGeoZone['geometry'], name: string | null = `Zone ${id}`): MapGeoZone => ({
  '@id': `/api/geo-zones/${id}`,
  '@type': 'GeoZone',
  id,
  name,
  geometry,
  version: 1,
});

describe('circleRing', () => {
  test('is a closed ring whose points lie at the radius from the centre', () => {
    const ring = circleRing([4.48, 51.92], 30, 32);
    expect(ring).toHaveLength(33);
    expect(ring[0]).toEqual(ring[32]);
    for (const point of ring) expect(metres([4.48, 51.92], point)).toBeCloseTo(30, 3);
  });
});

describe('zones', () => {
  const circle = zone(1, { type: 'Point', coordinates: [4.48, 51.92], radius: 50 });
  const square = zone(2, {
    type: 'Polygon',
    coordinates: [
      [
        [4, 52],
        [5, 52],
        [5, 53],
        [4, 53],
        [4, 52],
      ],
    ],
    color: '#ff0000',
  });

  test('a circle becomes a polygon in the default colour, a polygon keeps its colour', () => {
    const shapes = zoneShapes([circle, square, zone(3, null)]);
    expect(shapes.features.map((f) => [f.properties.id, f.properties.color])).toEqual([
      [1, DEFAULT_GEO_ZONE_COLOR],
      [2, '#ff0000'],
    ]);
    expect(shapes.features[0]?.geometry.coordinates[0]).toHaveLength(65);
  });

  test('labels sit at the circle centre and the polygon vertex average; unnamed zones get none', () => {
    const labels = zoneLabels([circle, square, zone(4, { type: 'Point', coordinates: [1, 1], radius: 15 }, null)]);
    expect(labels.features.map((f) => f.geometry.coordinates)).toEqual([
      [4.48, 51.92],
      [4.5, 52.5],
    ]);
  });
});

describe('drawn shapes to API geometry', () => {
  const ring = circleRing([5.1, 52.1], 120, 64);

  test('a circle is a Point with its radius in metres', () => {
    const geometry = drawnCircle({ type: 'Polygon', coordinates: [ring] }, 0.12);
    expect(geometry).toMatchObject({ type: 'Point', radius: 120 });
    if (geometry.type !== 'Point') throw new Error('not a point');
    expect(metres(geometry.coordinates, [5.1, 52.1])).toBeLessThan(0.5);
  });

  test("a circle below the 15 m minimum keeps its radius and is refused with the spec's message", () => {
    const small = drawnCircle({ type: 'Polygon', coordinates: [ring] }, 0.01);
    expect(small).toMatchObject({ radius: 10 });
    expect(zoneDrawRefusal(small)).toBe('The radius must be at least 15');
    expect(zoneDrawRefusal(drawnCircle({ type: 'Polygon', coordinates: [ring] }, undefined))).toBe(
      'The radius must be at least 15',
    );
    const least = drawnCircle({ type: 'Polygon', coordinates: [ring] }, 0.015);
    expect(least).toMatchObject({ radius: 15 });
    expect(zoneDrawRefusal(least)).toBeUndefined();
  });

  test('a polygon is sent with closed rings and 6 decimals', () => {
    const geometry = drawnPolygon({
      type: 'Polygon',
      coordinates: [
        [
          [4.1234567, 52.1],
          [4.2, 52.1],
          [4.2, 52.2],
        ],
      ],
    });
    expect(geometry).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [4.123457, 52.1],
          [4.2, 52.1],
          [4.2, 52.2],
          [4.123457, 52.1],
        ],
      ],
    });
  });
});

describe('assetPoints', () => {
  const updated = Date.parse('2026-11-01T10:00:00Z') / 1000;
  const marker = (id: number, latitude: number, longitude: number, status: number | null = null): MapMarker => [
    id,
    `Asset ${id}`,
    status,
    latitude,
    longitude,
    updated,
    0,
  ];

  test('one point per marker tuple, with what the popup shows', () => {
    const points = assetPoints([marker(1, 52, 4), marker(3, 53, 6, 3)]);
    expect(points.features.map((f) => f.properties)).toEqual([
      { id: 1, name: 'Asset 1', status: '', updated: '2026-11-01T10:00:00.000Z', rank: 5 },
      { id: 3, name: 'Asset 3', status: 'delivered', updated: '2026-11-01T10:00:00.000Z', rank: 5 },
    ]);
    expect(points.features[1]?.geometry.coordinates).toEqual([6, 53]);
    expect(pointBounds(points)).toEqual([4, 52, 6, 53]);
    expect(pointBounds(assetPoints([]))).toBeNull();
    const unknown = assetPoints([[9, 'No date', null, 1, 2, null, 0]]);
    expect(unknown.features[0]?.properties.updated).toBe('');
  });
});

import type { AreaFix, AreaShape } from '@shared/schemas/area-search';
import type { GeoZoneGeometry, Position } from '@shared/schemas/geo-zone';
import type { FeatureCollection, Point, Polygon } from 'geojson';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { circleRing } from '../asset-map/mapGeometry';

/**
 * The area search map's layers: the searched area (fill and outline), the chosen asset's evidence fixes (the
 * first and the last larger) and, in "now" mode, the assets inside. Pure data builders and one add and one set
 * function per source, as the asset map's layers.
 */
const AREA_SOURCE = 'area';
const FIXES_SOURCE = 'area-fixes';
const empty = <G extends Point | Polygon>(): FeatureCollection<G> => ({ type: 'FeatureCollection', features: [] });

/** The area's outline as a polygon (a circle as a ring at its true size); a zone by its stored geometry. */
export function areaOutline(area: AreaShape | null, zoneGeometry?: GeoZoneGeometry | null): Position[][] | null {
  if (!area) return null;
  if (area.type === 'Rectangle') {
    const [w, s, e, n] = area.bbox;
    return [
      [
        [w, s],
        [e, s],
        [e, n],
        [w, n],
        [w, s],
      ],
    ];
  }
  if (area.type === 'Circle') return [circleRing(area.center, area.radius)];
  if (area.type === 'Polygon') return area.coordinates;
  if (!zoneGeometry) return null;
  return zoneGeometry.type === 'Point'
    ? [circleRing(zoneGeometry.coordinates, zoneGeometry.radius)]
    : zoneGeometry.coordinates;
}

export function outlineBounds(outline: Position[][]): [number, number, number, number] {
  const ring = outline[0] ?? [];
  const lons = ring.map(([lon]) => lon);
  const lats = ring.map(([, lat]) => lat);
  return [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)];
}

const areaData = (outline: Position[][] | null): FeatureCollection<Polygon> =>
  outline
    ? {
        type: 'FeatureCollection',
        features: [{ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: outline } }],
      }
    : empty<Polygon>();

export interface MapPoint {
  longitude: number;
  latitude: number;
  /** 'end' for the first and last fix, 'fix' between, 'asset' for a current position. */
  kind: 'end' | 'fix' | 'asset';
}

export const evidencePoints = (fixes: readonly AreaFix[]): MapPoint[] =>
  fixes.map((fix, i) => ({ ...fix, kind: i === 0 || i === fixes.length - 1 ? 'end' : 'fix' }));

const pointData = (points: readonly MapPoint[]): FeatureCollection<Point> => ({
  type: 'FeatureCollection',
  features: points.map((point) => ({
    type: 'Feature',
    properties: { kind: point.kind },
    geometry: { type: 'Point', coordinates: [point.longitude, point.latitude] },
  })),
});

export function addAreaLayers(map: MapLibreMap) {
  map.addSource(AREA_SOURCE, { type: 'geojson', data: empty<Polygon>() });
  map.addSource(FIXES_SOURCE, { type: 'geojson', data: empty<Point>() });
  map.addLayer({
    id: 'area-fill',
    type: 'fill',
    source: AREA_SOURCE,
    paint: { 'fill-color': '#1565c0', 'fill-opacity': 0.12 },
  });
  map.addLayer({
    id: 'area-line',
    type: 'line',
    source: AREA_SOURCE,
    paint: { 'line-color': '#1565c0', 'line-width': 2 },
  });
  map.addLayer({
    id: 'area-fixes',
    type: 'circle',
    source: FIXES_SOURCE,
    paint: {
      'circle-radius': ['match', ['get', 'kind'], 'fix', 5, 7],
      'circle-color': ['match', ['get', 'kind'], 'asset', '#2e7d32', 'end', '#c62828', '#ef6c00'],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 2,
    },
  });
}

export function setAreaData(map: MapLibreMap, outline: Position[][] | null, points: readonly MapPoint[]) {
  map.getSource<GeoJSONSource>(AREA_SOURCE)?.setData(areaData(outline));
  map.getSource<GeoJSONSource>(FIXES_SOURCE)?.setData(pointData(points));
}

import type { FeatureCollection, Point, Polygon } from 'geojson';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { LABEL_FONT } from '../map/mapStyle';
import type { ZoneProperties } from './mapGeometry';

export const ZONE_FILL_LAYER = 'zone-fill';
const ZONE_SOURCE = 'zones';
const ZONE_LABEL_SOURCE = 'zone-labels';

/**
 * Geo zones: circles arrive as polygons computed from their radius (mapGeometry.circleRing), so one fill and
 * one outline layer draw both kinds at their true size; the names are a symbol layer that always shows.
 * Added below the asset layers so markers stay clickable inside a zone.
 */
export function addZoneLayers(
  map: MapLibreMap,
  shapes: FeatureCollection<Polygon, ZoneProperties>,
  labels: FeatureCollection<Point, ZoneProperties>,
  beforeLayer: string,
) {
  map.addSource(ZONE_SOURCE, { type: 'geojson', data: shapes });
  map.addSource(ZONE_LABEL_SOURCE, { type: 'geojson', data: labels });
  map.addLayer(
    {
      id: ZONE_FILL_LAYER,
      type: 'fill',
      source: ZONE_SOURCE,
      paint: { 'fill-color': ['get', 'color'], 'fill-opacity': 0.2 },
    },
    beforeLayer,
  );
  map.addLayer(
    {
      id: 'zone-outline',
      type: 'line',
      source: ZONE_SOURCE,
      paint: { 'line-color': ['get', 'color'], 'line-width': 3, 'line-opacity': 0.9 },
    },
    beforeLayer,
  );
  map.addLayer(
    {
      id: 'zone-names',
      type: 'symbol',
      source: ZONE_LABEL_SOURCE,
      layout: {
        'text-field': ['get', 'name'],
        'text-font': LABEL_FONT,
        'text-size': 13,
        // Above the zone's centre, clear of a cluster or marker drawn there. Always shown (spec: permanent) from
        // zoom 9, where zones stand apart; at country zoom names that would overprint each other and the
        // cluster counts give way (MapLibre's collision), so the map stays readable.
        'text-anchor': 'bottom',
        'text-offset': [0, -1.3],
        'text-allow-overlap': ['step', ['zoom'], false, 9, true],
        'text-ignore-placement': ['step', ['zoom'], false, 9, true],
      },
      paint: { 'text-color': '#1a1a1a', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
    },
    beforeLayer,
  );
}

export function setZoneData(
  map: MapLibreMap,
  shapes: FeatureCollection<Polygon, ZoneProperties>,
  labels: FeatureCollection<Point, ZoneProperties>,
) {
  map.getSource<GeoJSONSource>(ZONE_SOURCE)?.setData(shapes);
  map.getSource<GeoJSONSource>(ZONE_LABEL_SOURCE)?.setData(labels);
}

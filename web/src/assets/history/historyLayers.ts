import type { GeoJSONSource, MapLayerMouseEvent, Map as MapLibreMap } from 'maplibre-gl';
import { Popup } from 'maplibre-gl';

/**
 * The history map's sources and layers: one GeoJSON source each (lines, fixes, stops, refused positions, the
 * slider's marker), filled with setData. A fix is a dot with its accuracy circle in metres around it (`r0`,
 * its radius in pixels at zoom 0, doubled per zoom level); refused positions are hollow and grey.
 */
export const SOURCES = [
  'history-lines',
  'history-fixes',
  'history-stops',
  'history-rejected',
  'history-current',
] as const;
export type HistorySource = (typeof SOURCES)[number];

const GREY = '#757575';
const STOP = '#ef6c00';
const CURRENT = '#d32f2f';
/** Metres to pixels: r0 at zoom 0, twice as many pixels per zoom level (exponential base 2). */
const metres = ['interpolate', ['exponential', 2], ['zoom'], 0, ['get', 'r0'], 24, ['*', ['get', 'r0'], 2 ** 24]];

export function addHistoryLayers(map: MapLibreMap, color: string) {
  for (const id of SOURCES) map.addSource(id, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
  map.addLayer({
    id: 'history-accuracy',
    type: 'circle',
    source: 'history-fixes',
    paint: { 'circle-radius': metres as never, 'circle-color': color, 'circle-opacity': 0.06 },
  });
  map.addLayer({
    id: 'history-stop-area',
    type: 'circle',
    source: 'history-stops',
    paint: {
      'circle-radius': metres as never,
      'circle-color': STOP,
      'circle-opacity': 0.15,
      'circle-stroke-color': STOP,
      'circle-stroke-width': 1,
    },
  });
  map.addLayer({
    id: 'history-lines',
    type: 'line',
    source: 'history-lines',
    layout: { 'line-join': 'round', 'line-cap': 'round' },
    paint: { 'line-color': color, 'line-width': 2.5, 'line-opacity': 0.8 },
  });
  map.addLayer({
    id: 'history-fixes',
    type: 'circle',
    source: 'history-fixes',
    paint: { 'circle-radius': 3, 'circle-color': color, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 1 },
  });
  map.addLayer({
    id: 'history-rejected',
    type: 'circle',
    source: 'history-rejected',
    paint: { 'circle-radius': 5, 'circle-opacity': 0, 'circle-stroke-color': GREY, 'circle-stroke-width': 2 },
  });
  map.addLayer({
    id: 'history-stops',
    type: 'circle',
    source: 'history-stops',
    paint: { 'circle-radius': 7, 'circle-color': STOP, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 },
  });
  map.addLayer({
    id: 'history-current',
    type: 'circle',
    source: 'history-current',
    paint: { 'circle-radius': 8, 'circle-color': CURRENT, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 },
  });
}

export const setSource = (map: MapLibreMap, id: HistorySource, data: GeoJSON.FeatureCollection) =>
  map.getSource<GeoJSONSource>(id)?.setData(data);

/** The text of a popup, by layer: the fix's, the stop's or the refused position's lines. */
export type PopupText = (layer: string, properties: Record<string, unknown>) => string[];

/** One popup at a time: a click on a fix, a stop or a refused position says what it is (and why refused). */
export function bindPopups(map: MapLibreMap, text: () => PopupText) {
  let open: Popup | null = null;
  for (const layer of ['history-fixes', 'history-stops', 'history-rejected']) {
    map.on('click', layer, (event: MapLayerMouseEvent) => {
      const feature = event.features?.[0];
      if (feature?.geometry.type !== 'Point') return;
      const root = document.createElement('div');
      root.className = 'history-popup';
      for (const line of text()(layer, feature.properties ?? {})) {
        const div = document.createElement('div');
        div.textContent = line;
        root.append(div);
      }
      open?.remove();
      open = new Popup({ offset: 8, maxWidth: '280px' })
        .setLngLat(feature.geometry.coordinates as [number, number])
        .setDOMContent(root)
        .addTo(map);
    });
    map.on('mouseenter', layer, () => {
      map.getCanvas().style.cursor = 'pointer';
    });
    map.on('mouseleave', layer, () => {
      map.getCanvas().style.cursor = '';
    });
  }
}

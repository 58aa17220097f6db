import { Map as MapLibreMap, type MapOptions, NavigationControl, setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { mapLocale } from './mapLocale';
import { addWorldOutlines } from './worldOutlines';

// Vite's dependency pre-bundling loses MapLibre's own worker lookup; name the file explicitly.
setWorkerUrl(workerUrl);

/**
 * A console map in the console's language: navigation buttons, compact attribution, the offline outlines, and tile or glyph failures
 * (no internet) ignored so the app's own layers still draw. Null when the browser has no WebGL.
 */
export function createConsoleMap(options: MapOptions): MapLibreMap | null {
  let map: MapLibreMap;
  try {
    map = new MapLibreMap({ attributionControl: { compact: true }, locale: mapLocale(), ...options });
  } catch {
    return null;
  }
  map.on('error', () => undefined);
  map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
  map.once('load', () => {
    addWorldOutlines(map).catch(() => undefined);
  });
  return map;
}

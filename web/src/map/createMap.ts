import { Map as MapLibreMap, type MapOptions, NavigationControl, setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { i18n } from '../i18n/i18n';
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
  const relabel = () => relabelMap(map);
  i18n.on('languageChanged', relabel);
  map.once('remove', () => i18n.off('languageChanged', relabel));
  return map;
}

/** The elements MapLibre labels when a map or control is made, with the UI string each one says. */
const LABELLED: [selector: string, key: keyof ReturnType<typeof mapLocale>][] = [
  ['.maplibregl-canvas', 'Map.Title'],
  ['.maplibregl-ctrl-zoom-in', 'NavigationControl.ZoomIn'],
  ['.maplibregl-ctrl-zoom-out', 'NavigationControl.ZoomOut'],
  ['.maplibregl-ctrl-compass', 'NavigationControl.ResetBearing'],
  ['.maplibregl-ctrl-attrib-button', 'AttributionControl.ToggleAttribution'],
];

/**
 * A language chosen while the map is open: MapLibre reads its locale when it makes a control or a popup, so the
 * table it reads from takes the new words (for what it makes from now on) and the labels it already wrote are
 * rewritten in place (its controls keep no other copy of them).
 */
function relabelMap(map: MapLibreMap) {
  const locale = mapLocale();
  Object.assign(map._locale, locale);
  for (const [selector, key] of LABELLED)
    for (const element of map.getContainer().querySelectorAll(selector)) {
      if (element.hasAttribute('title')) element.setAttribute('title', locale[key] ?? '');
      element.setAttribute('aria-label', locale[key] ?? '');
    }
}

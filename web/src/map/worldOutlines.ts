import type { FeatureCollection } from 'geojson';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { OUTLINE_ANCHOR } from './mapStyle';

let outlines: Promise<FeatureCollection> | undefined;

/**
 * Country outlines shipped with the console, so a map without internet still shows land and borders under
 * the markers. world-atlas 1:50m (750 kB, 236 kB gzipped): 1:110m drew the Dutch coast as a few straight
 * lines at zoom 6. Imported on first use: only map screens load the chunk.
 */
export function loadWorldOutlines(): Promise<FeatureCollection> {
  outlines ??= Promise.all([import('world-atlas/countries-50m.json'), import('topojson-client')]).then(
    ([atlas, topojson]) => {
      const topology = atlas.default as unknown as Parameters<typeof topojson.feature>[0];
      return topojson.feature(topology, topology.objects.countries as never) as unknown as FeatureCollection;
    },
  );
  return outlines;
}

/** Adds the outlines below the raster layers; online tiles cover them, offline they are the map. */
export async function addWorldOutlines(map: MapLibreMap) {
  const data = await loadWorldOutlines();
  // The map may have been removed while the chunk loaded.
  if (!map.getStyle() || map.getSource('world-outlines')) return;
  map.addSource('world-outlines', { type: 'geojson', data });
  map.addLayer(
    { id: 'world-land', type: 'fill', source: 'world-outlines', paint: { 'fill-color': '#f4f1ea' } },
    OUTLINE_ANCHOR,
  );
  map.addLayer(
    {
      id: 'world-borders',
      type: 'line',
      source: 'world-outlines',
      paint: { 'line-color': '#9aa5ad', 'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.5, 8, 1.5] },
    },
    OUTLINE_ANCHOR,
  );
}

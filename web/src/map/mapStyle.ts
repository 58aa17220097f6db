import type { Map as MapLibreMap, StyleSpecification } from 'maplibre-gl';
import {
  BASE_LAYERS,
  type BaseLayerId,
  OVERLAY_OPACITY,
  OVERLAYS,
  type OverlayId,
  type RasterLayerConfig,
} from './layers';

export const BACKGROUND_COLOR = '#dfe8ee';
/** Layer id of the offline country outlines; raster layers are drawn above it (map/worldOutlines.ts). */
export const OUTLINE_ANCHOR = 'offline-anchor';

const visibility = (on: boolean) => (on ? 'visible' : 'none') as 'visible' | 'none';
const baseLayerId = (base: BaseLayerId, layer: RasterLayerConfig) => `base-${base}-${layer.id}`;

/**
 * One style holds every base layer and overlay; switching is a visibility change, so the app's own sources
 * (markers, zones) survive it, and hidden raster layers fetch no tiles. The background and the offline
 * outlines (added under the rasters) keep a map visible without internet.
 */
export function consoleMapStyle(base: BaseLayerId = 'map', overlays: readonly OverlayId[] = []): StyleSpecification {
  const sources: StyleSpecification['sources'] = {};
  const layers: StyleSpecification['layers'] = [
    { id: 'background', type: 'background', paint: { 'background-color': BACKGROUND_COLOR } },
    // Placeholder that marks where the outlines go: below every raster.
    { id: OUTLINE_ANCHOR, type: 'background', layout: { visibility: 'none' } },
  ];
  for (const [id, parts] of Object.entries(BASE_LAYERS) as [BaseLayerId, RasterLayerConfig[]][]) {
    for (const layer of parts) {
      sources[layer.id] ??= rasterSource(layer);
      layers.push({
        id: baseLayerId(id, layer),
        type: 'raster',
        source: layer.id,
        layout: { visibility: visibility(id === base) },
      });
    }
  }
  for (const [id, layer] of Object.entries(OVERLAYS) as [OverlayId, RasterLayerConfig][]) {
    sources[layer.id] = rasterSource(layer);
    layers.push({
      id: layer.id,
      type: 'raster',
      source: layer.id,
      layout: { visibility: visibility(overlays.includes(id)) },
      paint: { 'raster-opacity': OVERLAY_OPACITY },
    });
  }
  return { version: 8, glyphs: GLYPHS, sources, layers };
}

function rasterSource(layer: RasterLayerConfig) {
  return {
    type: 'raster' as const,
    tiles: layer.tiles,
    tileSize: 256,
    attribution: layer.attribution,
    ...(layer.minzoom === undefined ? {} : { minzoom: layer.minzoom }),
    maxzoom: layer.maxzoom ?? 20,
  };
}

/**
 * Fonts for symbol layers (zone names, cluster counts). MapLibre draws labels with glyph PBFs; when they
 * cannot load (offline) the labels are left out and the rest of the map still draws.
 */
export const GLYPHS = 'https://demotiles.maplibre.org/font/{fontstack}/{range}.pbf';
export const LABEL_FONT = ['Open Sans Semibold'];

export function showBaseLayer(map: MapLibreMap, base: BaseLayerId) {
  for (const [id, parts] of Object.entries(BASE_LAYERS) as [BaseLayerId, RasterLayerConfig[]][]) {
    for (const layer of parts) map.setLayoutProperty(baseLayerId(id, layer), 'visibility', visibility(id === base));
  }
}

export function showOverlays(map: MapLibreMap, overlays: readonly OverlayId[]) {
  for (const [id, layer] of Object.entries(OVERLAYS) as [OverlayId, RasterLayerConfig][]) {
    map.setLayoutProperty(layer.id, 'visibility', visibility(overlays.includes(id)));
  }
}

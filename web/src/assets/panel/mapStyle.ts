import type { StyleSpecification } from 'maplibre-gl';

export const EVENT_ZOOM = 17;
export const EVENT_MARKER_RADIUS = 3;

/**
 * A plain background under OpenStreetMap raster tiles. Without internet the tiles fail and the background
 * remains, so the track and markers still show.
 */
export function baseMapStyle(): StyleSpecification {
  return {
    version: 8,
    sources: {
      osm: {
        type: 'raster',
        tiles: ['https://tile.openstreetmap.org/{z}/{x}/{y}.png'],
        tileSize: 256,
        maxzoom: 19,
        attribution: '© OpenStreetMap contributors',
      },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#eef1ec' } },
      { id: 'osm', type: 'raster', source: 'osm' },
    ],
  };
}

import type { GeoZoneGeometry } from '@shared/schemas/geo-zone';
import type { Polygon } from 'geojson';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { TerraDraw, TerraDrawCircleMode, TerraDrawPolygonMode } from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import { drawnCircle, drawnPolygon } from './mapGeometry';

export type DrawMode = 'circle' | 'polygon';

export interface ZoneDrawing {
  setMode(mode: DrawMode | null): void;
  destroy(): void;
}

/**
 * Drawing a new zone with terra-draw (all pointer handling is the library's). A finished shape is handed
 * over as an API geometry and removed from terra-draw's own store: the zone layer draws it once saved.
 */
export function attachZoneDrawing(map: MapLibreMap, onDrawn: (geometry: GeoZoneGeometry) => void): ZoneDrawing {
  const draw = new TerraDraw({
    adapter: new TerraDrawMapLibreGLAdapter({ map }),
    modes: [new TerraDrawCircleMode(), new TerraDrawPolygonMode()],
  });
  draw.start();
  draw.on('finish', (id, context) => {
    if (context.action !== 'draw') return;
    const feature = draw.getSnapshotFeature(id);
    draw.removeFeatures([id]);
    draw.setMode('static');
    if (feature?.geometry.type !== 'Polygon') return;
    const polygon = feature.geometry as Polygon;
    const radius = feature.properties?.radiusKilometers as number | undefined;
    onDrawn(context.mode === 'circle' ? drawnCircle(polygon, radius) : drawnPolygon(polygon));
  });
  return {
    setMode: (mode) => draw.setMode(mode ?? 'static'),
    destroy: () => {
      if (draw.enabled) draw.stop();
    },
  };
}

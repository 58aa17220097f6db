import type { AreaShape } from '@shared/schemas/area-search';
import type { Position } from '@shared/schemas/geo-zone';
import type { Polygon } from 'geojson';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { TerraDraw, TerraDrawCircleMode, TerraDrawPolygonMode, TerraDrawRectangleMode } from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import { drawnCircle, drawnPolygon } from '../asset-map/mapGeometry';

export type AreaDrawMode = 'rectangle' | 'circle' | 'polygon';

export interface AreaDrawing {
  setMode(mode: AreaDrawMode | null): void;
  destroy(): void;
}

/** A drawn rectangle's box: terra-draw hands it over as a closed four-corner polygon. */
function boxOf(polygon: Polygon): [number, number, number, number] {
  const ring = (polygon.coordinates[0] ?? []) as Position[];
  const lons = ring.map(([lon]) => lon);
  const lats = ring.map(([, lat]) => lat);
  return [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)];
}

/**
 * Drawing the searched area with terra-draw, as the zone editor draws a zone (asset-map/zoneDrawing.ts): a
 * finished shape is handed over as the API's area and removed from terra-draw's store, the area layer draws it.
 */
export function attachAreaDrawing(map: MapLibreMap, onDrawn: (area: AreaShape) => void): AreaDrawing {
  const draw = new TerraDraw({
    adapter: new TerraDrawMapLibreGLAdapter({ map }),
    modes: [new TerraDrawRectangleMode(), new TerraDrawCircleMode(), new TerraDrawPolygonMode()],
  });
  draw.start();
  draw.on('finish', (id, context) => {
    if (context.action !== 'draw') return;
    const feature = draw.getSnapshotFeature(id);
    draw.removeFeatures([id]);
    draw.setMode('static');
    if (feature?.geometry.type !== 'Polygon') return;
    const polygon = feature.geometry as Polygon;
    if (context.mode === 'rectangle') onDrawn({ type: 'Rectangle', bbox: boxOf(polygon) });
    else if (context.mode === 'circle') {
      const circle = drawnCircle(polygon, feature.properties?.radiusKilometers as number | undefined);
      if (circle.type === 'Point') onDrawn({ type: 'Circle', center: circle.coordinates, radius: circle.radius });
    } else {
      const drawn = drawnPolygon(polygon);
      if (drawn.type === 'Polygon') onDrawn({ type: 'Polygon', coordinates: drawn.coordinates });
    }
  });
  return {
    setMode: (mode) => draw.setMode(mode ?? 'static'),
    destroy: () => {
      if (draw.enabled) draw.stop();
    },
  };
}

import Alert from '@mui/material/Alert';
import type { GeoZoneGeometry } from '@shared/schemas/geo-zone';
import type { FeatureCollection, Point } from 'geojson';
import type { MapLayerMouseEvent, Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { BaseLayerId, OverlayId } from '../map/layers';
import { levelOfRank } from '../map/mapLevels';
import { consoleMapStyle, showBaseLayer, showOverlays } from '../map/mapStyle';
import { FillingMapElement, useConsoleMap } from '../map/useConsoleMap';
import {
  addAssetLayers,
  CLUSTER_LAYER,
  MARKER_LAYER,
  openAssetPopup,
  type PopupLabels,
  setAssetData,
  zoomIntoCluster,
} from './assetLayers';
import type { MapGeoZone } from './assetMapApi';
import { type AssetProperties, zoneLabels, zoneShapes } from './mapGeometry';
import { attachZoneDrawing, type DrawMode, type ZoneDrawing } from './zoneDrawing';
import { addZoneLayers, setZoneData, ZONE_FILL_LAYER } from './zoneLayers';

/** Spec 000 s.2: the asset map opens at zoom 6; centred on the Netherlands, where the assets are. */
export const INITIAL_VIEW = { center: [5.3, 52.15] as [number, number], zoom: 6 };

export interface AssetMapCanvasProps {
  assets: FeatureCollection<Point, AssetProperties>;
  zones: readonly MapGeoZone[];
  base: BaseLayerId;
  overlays: readonly OverlayId[];
  drawMode: DrawMode | null;
  canEdit: boolean;
  popupLabels: PopupLabels;
  onZoneClick(id: number): void;
  onDrawn(geometry: GeoZoneGeometry): void;
  navigate(path: string): void;
}

/**
 * The MapLibre map of /asset-map. Made once; data changes are applied to its sources, so React renders the
 * map element once, not per marker. Handlers are read through a ref so they never re-create the map.
 */
export function AssetMapCanvas(props: AssetMapCanvasProps) {
  const { t } = useTranslation('assetMap');
  const drawing = useRef<ZoneDrawing | null>(null);
  const latest = useRef(props);
  latest.current = props;
  const { assets, zones, base, overlays, drawMode } = props;
  const consoleMap = useConsoleMap({
    options: () => ({ style: consoleMapStyle(latest.current.base, latest.current.overlays), ...INITIAL_VIEW }),
    onLoad: (map) => {
      const current = latest.current;
      addAssetLayers(map, current.assets);
      addZoneLayers(map, zoneShapes(current.zones), zoneLabels(current.zones), CLUSTER_LAYER);
      const gesture = { finishedAt: 0 };
      bindMapEvents(map, latest, gesture);
      if (current.canEdit) {
        drawing.current = attachZoneDrawing(map, (geometry) => {
          gesture.finishedAt = performance.now();
          latest.current.onDrawn(geometry);
        });
      }
      map.on('idle', () => describeRendered(map, map.getContainer() as HTMLDivElement));
      return () => {
        drawing.current?.destroy();
        drawing.current = null;
      };
    },
  });
  const { map: mapRef, ready } = consoleMap;

  useEffect(() => {
    if (ready && mapRef.current) setAssetData(mapRef.current, assets);
  }, [ready, assets, mapRef]);
  useEffect(() => {
    if (ready && mapRef.current) setZoneData(mapRef.current, zoneShapes(zones), zoneLabels(zones));
  }, [ready, zones, mapRef]);
  useEffect(() => {
    if (ready && mapRef.current) showBaseLayer(mapRef.current, base);
  }, [ready, base, mapRef]);
  useEffect(() => {
    if (ready && mapRef.current) showOverlays(mapRef.current, overlays);
  }, [ready, overlays, mapRef]);
  useEffect(() => {
    if (ready) drawing.current?.setMode(drawMode);
  }, [ready, drawMode]);

  if (consoleMap.failed) return <Alert severity="warning">{t('unavailable')}</Alert>;
  return <FillingMapElement map={consoleMap} label={t('mapLabel')} data-testid="asset-map-canvas" />;
}

/**
 * The click that finishes a drawing reaches the map's click handlers too, before React has ended the draw
 * mode; a click within FINISH_CLICK_MS of a finished shape belongs to the drawing.
 */
const FINISH_CLICK_MS = 400;

function bindMapEvents(map: MapLibreMap, latest: { current: AssetMapCanvasProps }, gesture: { finishedAt: number }) {
  const drawing = () => latest.current.drawMode !== null || performance.now() - gesture.finishedAt < FINISH_CLICK_MS;
  map.on('click', CLUSTER_LAYER, (event) => {
    if (!drawing()) zoomIntoCluster(map, event).catch(() => undefined);
  });
  map.on('click', MARKER_LAYER, (event) => {
    if (!drawing()) openAssetPopup(map, event, latest.current.popupLabels, latest.current.navigate);
  });
  map.on('click', ZONE_FILL_LAYER, (event: MapLayerMouseEvent) => {
    if (drawing()) return;
    // A marker or cluster inside the zone takes the click.
    if (map.queryRenderedFeatures(event.point, { layers: [CLUSTER_LAYER, MARKER_LAYER] }).length > 0) return;
    const id = event.features?.[0]?.properties?.id as number | undefined;
    if (id !== undefined) latest.current.onZoneClick(id);
  });
  for (const layer of [CLUSTER_LAYER, MARKER_LAYER, ZONE_FILL_LAYER]) {
    map.on('mouseenter', layer, () => {
      if (!drawing()) map.getCanvas().style.cursor = 'pointer';
    });
    map.on('mouseleave', layer, () => {
      if (!drawing()) map.getCanvas().style.cursor = '';
    });
  }
}

/**
 * What the map drew, as data attributes on its element, written when the map is idle: the number of
 * clusters, markers and zones on screen, where the first cluster and marker are, the levels drawn, and the zoom. Browser tests and the benchmark read these
 * instead of reaching into MapLibre; nothing global is exposed.
 */
function describeRendered(map: MapLibreMap, element: HTMLDivElement | null) {
  if (!element || !map.getLayer(MARKER_LAYER)) return;
  const clusters = map.queryRenderedFeatures({ layers: [CLUSTER_LAYER] });
  const markers = map.queryRenderedFeatures({ layers: [MARKER_LAYER] });
  const at = (features: typeof markers) => {
    const geometry = features[0]?.geometry;
    if (geometry?.type !== 'Point') return '';
    const { x, y } = map.project(geometry.coordinates as [number, number]);
    return `${Math.round(x)},${Math.round(y)}`;
  };
  const clustered = clusters.reduce((sum, feature) => sum + Number(feature.properties?.point_count ?? 0), 0);
  element.dataset.renderedClusters = String(clusters.length);
  element.dataset.renderedMarkers = String(markers.length);
  element.dataset.renderedAssets = String(clustered + markers.length);
  element.dataset.clusterAt = at(clusters);
  element.dataset.markerAt = at(markers);
  element.dataset.zoom = map.getZoom().toFixed(2);
  // The levels the rings on screen show (a cluster's ring is its worst marker's level).
  const ranks = new Set([...clusters, ...markers].map((feature) => Number(feature.properties?.rank ?? 5)));
  element.dataset.renderedLevels = [...ranks]
    .sort()
    .map((rank) => levelOfRank(rank))
    .join(',');
  const zones = map.queryRenderedFeatures({ layers: [ZONE_FILL_LAYER] });
  element.dataset.renderedZones = [...new Set(zones.map((zone) => zone.properties?.id))].join(',');
}

import Alert from '@mui/material/Alert';
import { useTheme } from '@mui/material/styles';
import type { SharedAsset } from '@shared/schemas/share-link';
import { type GeoJSONSource, LngLatBounds, type Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleMapStyle } from '../map/mapStyle';
import { FillingMapElement, markWhenDrawn, useConsoleMap } from '../map/useConsoleMap';

const EMPTY = { type: 'FeatureCollection' as const, features: [] };
const SINGLE_ZOOM = 15;

const pointsOf = (assets: readonly SharedAsset[]) => ({
  type: 'FeatureCollection' as const,
  features: assets.flatMap((asset) =>
    asset.position
      ? [
          {
            type: 'Feature' as const,
            properties: {},
            geometry: { type: 'Point' as const, coordinates: [asset.position.longitude, asset.position.latitude] },
          },
        ]
      : [],
  ),
});

const tracksOf = (assets: readonly SharedAsset[]) => ({
  type: 'FeatureCollection' as const,
  features: assets.flatMap((asset) =>
    asset.track && asset.track.length > 1
      ? [
          {
            type: 'Feature' as const,
            properties: {},
            geometry: {
              type: 'LineString' as const,
              coordinates: asset.track.map((fix) => [fix.longitude, fix.latitude]),
            },
          },
        ]
      : [],
  ),
});

function addLayers(map: MapLibreMap, color: string) {
  map.addSource('shared-track', { type: 'geojson', data: EMPTY });
  map.addSource('shared-points', { type: 'geojson', data: EMPTY });
  map.addLayer({
    id: 'shared-track',
    type: 'line',
    source: 'shared-track',
    layout: { 'line-join': 'round', 'line-cap': 'round' },
    paint: { 'line-color': color, 'line-width': 3, 'line-opacity': 0.7 },
  });
  map.addLayer({
    id: 'shared-points',
    type: 'circle',
    source: 'shared-points',
    paint: { 'circle-radius': 8, 'circle-color': color, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 },
  });
}

/** Fits every position and fix once, on the first data: a refresh moves the markers, never the reader's view. */
function fitOnce(map: MapLibreMap, assets: readonly SharedAsset[]) {
  const coordinates = assets.flatMap((asset) => [
    ...(asset.position ? [[asset.position.longitude, asset.position.latitude] as [number, number]] : []),
    ...(asset.track ?? []).map((fix) => [fix.longitude, fix.latitude] as [number, number]),
  ]);
  const [first] = coordinates;
  if (!first) return;
  if (coordinates.length === 1) return map.jumpTo({ center: first, zoom: SINGLE_ZOOM });
  const bounds = coordinates.reduce((box, point) => box.extend(point), new LngLatBounds(first, first));
  map.fitBounds(bounds, { padding: 48, maxZoom: SINGLE_ZOOM, animate: false });
}

/** The shared assets' last positions (and the period's route) on the console's map (web/src/map). */
export default function SharedMap({ assets }: { assets: readonly SharedAsset[] }) {
  const { t } = useTranslation('sharedPage');
  const color = useTheme().palette.primary.main;
  const fitted = useRef(false);
  const consoleMap = useConsoleMap({
    options: () => ({ style: consoleMapStyle(), center: [5.3, 52.1], zoom: 6 }),
    onLoad: (map) => {
      addLayers(map, color);
      return undefined;
    },
  });
  const { map, ready } = consoleMap;

  useEffect(() => {
    const instance = map.current;
    if (!ready || !instance) return;
    const points = pointsOf(assets);
    instance.getSource<GeoJSONSource>('shared-points')?.setData(points);
    instance.getSource<GeoJSONSource>('shared-track')?.setData(tracksOf(assets));
    if (!fitted.current) fitOnce(instance, assets);
    fitted.current = true;
    return markWhenDrawn(instance, instance.getContainer(), 'points', points.features.length);
  }, [ready, assets, map]);

  if (consoleMap.failed) return <Alert severity="warning">{t('noWebGl')}</Alert>;
  return <FillingMapElement map={consoleMap} label={t('map')} data-testid="shared-map" />;
}

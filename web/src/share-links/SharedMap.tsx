import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import type { SharedAsset } from '@shared/schemas/share-link';
import { type GeoJSONSource, LngLatBounds, type Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createConsoleMap } from '../map/createMap';
import { consoleMapStyle } from '../map/mapStyle';

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
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<MapLibreMap | null>(null);
  const fitted = useRef(false);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: made once; the data goes in by the effect below
  useEffect(() => {
    if (!container.current) return;
    const instance = createConsoleMap({
      container: container.current,
      style: consoleMapStyle(),
      center: [5.3, 52.1],
      zoom: 6,
    });
    if (!instance) return setFailed(true);
    instance.on('load', () => {
      addLayers(instance, color);
      setReady(true);
    });
    map.current = instance;
    return () => {
      instance.remove();
      map.current = null;
    };
  }, []);

  useEffect(() => {
    const instance = map.current;
    if (!ready || !instance) return;
    instance.getSource<GeoJSONSource>('shared-points')?.setData(pointsOf(assets));
    instance.getSource<GeoJSONSource>('shared-track')?.setData(tracksOf(assets));
    if (!fitted.current) fitOnce(instance, assets);
    fitted.current = true;
    // Written once the map has drawn the data: tests wait for it, not for a time.
    const element = container.current;
    const rendered = () => element?.setAttribute('data-rendered-points', String(pointsOf(assets).features.length));
    instance.once('idle', rendered);
    return () => {
      instance.off('idle', rendered);
    };
  }, [ready, assets]);

  if (failed) return <Alert severity="warning">{t('noWebGl')}</Alert>;
  // MapLibre makes its container `position: relative`: the box that fills the area is its parent.
  return (
    <Box sx={{ position: 'absolute', inset: 0 }}>
      <Box
        ref={container}
        data-testid="shared-map"
        data-ready={ready ? 'true' : 'false'}
        role="region"
        aria-label={t('map')}
        sx={{ width: '100%', height: '100%' }}
      />
    </Box>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import type { Stop } from '@shared/history/stops';
import type { TrackFix } from '@shared/schemas/asset-history';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LayerControl, useMapLayers } from '../../map/LayerControl';
import { consoleMapStyle, showBaseLayer, showOverlays } from '../../map/mapStyle';
import { MapElement, markWhenDrawn, useConsoleMap } from '../../map/useConsoleMap';
import {
  boundsOf,
  fixPoints,
  type PositionedFix,
  rejectedPoints,
  singlePoint,
  stopPoints,
  trackLines,
} from './historyGeometry';
import { addHistoryLayers, bindPopups, type PopupText, setSource } from './historyLayers';

interface HistoryMapProps {
  fixes: readonly TrackFix[];
  accepted: readonly PositionedFix[];
  stops: readonly Stop[];
  current: PositionedFix | undefined;
  /** All pages read: the map fits the whole period once more. */
  complete: boolean;
  popupText: PopupText;
}

/**
 * The period on a map: lines, fixes with their accuracy, stops, refused positions and the slider's marker,
 * each one GeoJSON source. The map is made once; data goes in with setData as pages arrive.
 */
export function HistoryMap({ fixes, accepted, stops, current, complete, popupText }: HistoryMapProps) {
  const { t } = useTranslation('assetHistory');
  const theme = useTheme();
  const layers = useMapLayers();
  const text = useRef(popupText);
  text.current = popupText;
  const fitted = useRef<'none' | 'first' | 'complete'>('none');
  const consoleMap = useConsoleMap({
    options: () => ({ style: consoleMapStyle(layers.base, layers.overlays), center: [5.1, 52.1], zoom: 6 }),
    onLoad: (map) => {
      addHistoryLayers(map, theme.palette.primary.main);
      bindPopups(map, () => text.current);
      return undefined;
    },
  });
  const { map, ready } = consoleMap;

  useEffect(() => {
    if (ready && map.current) showBaseLayer(map.current, layers.base);
  }, [ready, layers.base, map]);
  useEffect(() => {
    if (ready && map.current) showOverlays(map.current, layers.overlays);
  }, [ready, layers.overlays, map]);

  useEffect(() => {
    const instance = map.current;
    if (!ready || !instance) return;
    setSource(instance, 'history-lines', trackLines(accepted));
    setSource(instance, 'history-fixes', fixPoints(accepted));
    setSource(instance, 'history-rejected', rejectedPoints(fixes));
    setSource(instance, 'history-stops', stopPoints(stops));
    const bounds = boundsOf(accepted);
    // Fitted to the first page, and once more to the whole period when its last page is in.
    const stage = complete ? 'complete' : 'first';
    if (bounds && fitted.current !== stage && fitted.current !== 'complete') {
      instance.fitBounds(bounds, { padding: 40, maxZoom: 16, duration: 0 });
      fitted.current = stage;
    }
    return markWhenDrawn(instance, instance.getContainer(), 'fixes', accepted.length);
  }, [ready, fixes, accepted, stops, complete, map]);

  useEffect(() => {
    const instance = map.current;
    if (!ready || !instance) return;
    setSource(instance, 'history-current', singlePoint(current));
    if (current && !instance.getBounds().contains([current.longitude, current.latitude])) {
      instance.panTo([current.longitude, current.latitude], { duration: 200 });
    }
  }, [ready, current, map]);

  if (consoleMap.failed) return <Alert severity="warning">{t('mapUnavailable')}</Alert>;
  return (
    <Box sx={{ position: 'relative' }}>
      <MapElement
        map={consoleMap}
        label={t('mapLabel')}
        data-testid="history-map"
        sx={{ height: { xs: '50vh', md: 420 }, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}
      />
      <Box sx={{ position: 'absolute', left: 8, top: 8 }}>
        <LayerControl {...layers} onBase={layers.setBase} onOverlays={layers.setOverlays} />
      </Box>
    </Box>
  );
}

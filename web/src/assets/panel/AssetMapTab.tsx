import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LayerControl, useMapLayers } from '../../map/LayerControl';
import type { BaseLayerId, OverlayId } from '../../map/layers';
import { consoleMapStyle, showBaseLayer, showOverlays } from '../../map/mapStyle';
import { MapElement, markWhenDrawn, useConsoleMap } from '../../map/useConsoleMap';
import { roundRadius } from '../assetFormat';
import { eventPoints, type PositionedEvent, positioned, radiusArea, trackLine } from './eventGeometry';
import { EVENT_MARKER_RADIUS, EVENT_ZOOM } from './mapStyle';
import type { AssetEventsState } from './useAssetEventsState';

/**
 * Map tab (spec 000 s.2): the track through the events, a marker of radius 3 per event, and the selected
 * event (else the newest) centred at zoom 17 with its radius drawn.
 */
export function AssetMapTab({ state }: { state: AssetEventsState }) {
  const { t } = useTranslation('assets');
  const events = useMemo(() => positioned(state.events), [state.events]);
  const focus: PositionedEvent | null =
    (state.selected && events.find((e) => e.id === state.selected?.id)) ?? events[0] ?? null;

  if (state.failed) return <Alert severity="error">{t('notices.eventsError')}</Alert>;
  if (state.loading) return <Box sx={{ height: 420, bgcolor: 'action.hover', borderRadius: 1 }} />;
  if (!focus) return <Alert severity="warning">{t('map.empty')}</Alert>;
  return <EventMapView events={events} focus={focus} />;
}

/** The map with the same layer control as /asset-map (spec 000: "/asset-map and the map view"). */
function EventMapView({ events, focus }: { events: PositionedEvent[]; focus: PositionedEvent }) {
  const { t } = useTranslation('assets');
  const layers = useMapLayers();
  const radius = roundRadius(focus.radius);
  return (
    <Box sx={{ position: 'relative' }}>
      <EventMap events={events} focus={focus} base={layers.base} overlays={layers.overlays} />
      <Stack direction="row" spacing={1} sx={{ position: 'absolute', left: 8, top: 8, alignItems: 'center' }}>
        <LayerControl {...layers} onBase={layers.setBase} onOverlays={layers.setOverlays} />
        {radius !== null && (
          <Chip label={t('map.radius', { radius })} size="small" sx={{ bgcolor: 'background.paper', boxShadow: 1 }} />
        )}
      </Stack>
    </Box>
  );
}

interface EventMapProps {
  events: PositionedEvent[];
  focus: PositionedEvent;
  base: BaseLayerId;
  overlays: readonly OverlayId[];
}

function EventMap({ events, focus, base, overlays }: EventMapProps) {
  const { t } = useTranslation('assets');
  const color = useTheme().palette.primary.main;
  // The console's map (web/src/map): base layers, offline outlines, failing tiles ignored; made once, data and
  // focus applied by the effects below.
  const consoleMap = useConsoleMap({
    options: () => ({
      style: consoleMapStyle(base, overlays),
      center: [focus.longitude, focus.latitude],
      zoom: EVENT_ZOOM,
    }),
    onLoad: (map) => {
      addEventLayers(map, color);
      return undefined;
    },
  });
  const { map, ready } = consoleMap;

  // The layers shown are also written on the element, for tests (as the asset map's data attributes).
  useEffect(() => {
    if (!ready || !map.current) return;
    showBaseLayer(map.current, base);
    map.current.getContainer().setAttribute('data-base-layer', base);
  }, [ready, base, map]);
  useEffect(() => {
    if (!ready || !map.current) return;
    showOverlays(map.current, overlays);
    map.current.getContainer().setAttribute('data-overlays', overlays.join(','));
  }, [ready, overlays, map]);

  useEffect(() => {
    const instance = map.current;
    if (!ready || !instance) return;
    instance.getSource<GeoJSONSource>('track')?.setData(trackLine(events));
    instance.getSource<GeoJSONSource>('events')?.setData(eventPoints(events, focus.id));
    instance.getSource<GeoJSONSource>('radius')?.setData(radiusArea(focus));
    instance.jumpTo({ center: [focus.longitude, focus.latitude], zoom: EVENT_ZOOM });
    return markWhenDrawn(instance, instance.getContainer(), 'events', events.length);
  }, [ready, events, focus, map]);

  if (consoleMap.failed) return <Alert severity="warning">{t('map.unavailable')}</Alert>;
  return (
    <MapElement
      map={consoleMap}
      label={t('panel.map')}
      data-testid="asset-map"
      sx={{ height: { xs: '60vh', md: 460 }, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}
    />
  );
}

function addEventLayers(map: MapLibreMap, color: string) {
  const empty = { type: 'FeatureCollection' as const, features: [] };
  map.addSource('track', { type: 'geojson', data: empty });
  map.addSource('events', { type: 'geojson', data: empty });
  map.addSource('radius', { type: 'geojson', data: empty });
  map.addLayer({
    id: 'radius-fill',
    type: 'fill',
    source: 'radius',
    paint: { 'fill-color': color, 'fill-opacity': 0.15 },
  });
  map.addLayer({
    id: 'radius-line',
    type: 'line',
    source: 'radius',
    paint: { 'line-color': color, 'line-width': 1.5 },
  });
  map.addLayer({
    id: 'track',
    type: 'line',
    source: 'track',
    layout: { 'line-join': 'round', 'line-cap': 'round' },
    paint: { 'line-color': color, 'line-width': 3, 'line-opacity': 0.8 },
  });
  map.addLayer({
    id: 'events',
    type: 'circle',
    source: 'events',
    paint: {
      'circle-radius': ['case', ['get', 'selected'], EVENT_MARKER_RADIUS * 2, EVENT_MARKER_RADIUS],
      'circle-color': ['case', ['get', 'selected'], '#d32f2f', color],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 1,
    },
  });
}

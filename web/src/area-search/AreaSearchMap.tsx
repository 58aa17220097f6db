import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { AreaShape } from '@shared/schemas/area-search';
import type { Position } from '@shared/schemas/geo-zone';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createConsoleMap } from '../map/createMap';
import { consoleMapStyle } from '../map/mapStyle';
import { type AreaDrawing, type AreaDrawMode, attachAreaDrawing } from './areaDrawing';
import { addAreaLayers, type MapPoint, outlineBounds, setAreaData } from './areaLayers';

/** The asset map's opening view (the Netherlands), without loading the asset map's canvas for it. */
const INITIAL_VIEW = { center: [5.3, 52.15] as [number, number], zoom: 6 };

export interface AreaSearchMapProps {
  outline: Position[][] | null;
  points: readonly MapPoint[];
  drawMode: AreaDrawMode | null;
  onDrawn(area: AreaShape): void;
}

/**
 * The map of /area-search: made once, the area and the points applied to its sources; drawing is terra-draw's.
 * It fits the view to the area when the area changes (a link opened, a zone picked), not when only points do.
 */
export function AreaSearchMap({ outline, points, drawMode, onDrawn }: AreaSearchMapProps) {
  const { t } = useTranslation('areaSearch');
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const drawing = useRef<AreaDrawing | null>(null);
  const drawn = useRef(onDrawn);
  drawn.current = onDrawn;
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!container.current) return;
    const map = createConsoleMap({ container: container.current, style: consoleMapStyle(), ...INITIAL_VIEW });
    if (!map) {
      setFailed(true);
      return;
    }
    mapRef.current = map;
    map.on('load', () => {
      addAreaLayers(map);
      drawing.current = attachAreaDrawing(map, (area) => drawn.current(area));
      setReady(true);
    });
    return () => {
      drawing.current?.destroy();
      drawing.current = null;
      map.remove();
      mapRef.current = null;
    };
  }, []);

  useEffect(() => {
    if (ready && mapRef.current) setAreaData(mapRef.current, outline, points);
  }, [ready, outline, points]);
  const outlineKey = JSON.stringify(outline);
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map || !outlineKey || outlineKey === 'null') return;
    const [w, s, e, n] = outlineBounds(JSON.parse(outlineKey) as Position[][]);
    map.fitBounds([w, s, e, n], { padding: 40, maxZoom: 16, duration: 0 });
  }, [ready, outlineKey]);
  useEffect(() => {
    if (ready) drawing.current?.setMode(drawMode);
  }, [ready, drawMode]);

  if (failed) return <Alert severity="warning">{t('mapUnavailable')}</Alert>;
  return (
    <Box sx={{ position: 'absolute', inset: 0 }}>
      <Box
        ref={container}
        data-testid="area-search-map"
        data-ready={ready ? 'true' : 'false'}
        data-points={points.length}
        role="region"
        aria-label={t('mapLabel')}
        sx={{ width: '100%', height: '100%' }}
      />
    </Box>
  );
}

import Alert from '@mui/material/Alert';
import type { AreaShape } from '@shared/schemas/area-search';
import type { Position } from '@shared/schemas/geo-zone';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleMapStyle } from '../map/mapStyle';
import { FillingMapElement, useConsoleMap } from '../map/useConsoleMap';
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
  const drawing = useRef<AreaDrawing | null>(null);
  const drawn = useRef(onDrawn);
  drawn.current = onDrawn;
  const consoleMap = useConsoleMap({
    options: () => ({ style: consoleMapStyle(), ...INITIAL_VIEW }),
    onLoad: (map) => {
      addAreaLayers(map);
      drawing.current = attachAreaDrawing(map, (area) => drawn.current(area));
      return () => {
        drawing.current?.destroy();
        drawing.current = null;
      };
    },
  });
  const { map: mapRef, ready } = consoleMap;

  useEffect(() => {
    if (ready && mapRef.current) setAreaData(mapRef.current, outline, points);
  }, [ready, outline, points, mapRef]);
  const outlineKey = JSON.stringify(outline);
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map || !outlineKey || outlineKey === 'null') return;
    const [w, s, e, n] = outlineBounds(JSON.parse(outlineKey) as Position[][]);
    map.fitBounds([w, s, e, n], { padding: 40, maxZoom: 16, duration: 0 });
  }, [ready, outlineKey, mapRef]);
  useEffect(() => {
    if (ready) drawing.current?.setMode(drawMode);
  }, [ready, drawMode]);

  if (consoleMap.failed) return <Alert severity="warning">{t('mapUnavailable')}</Alert>;
  return (
    <FillingMapElement
      map={consoleMap}
      label={t('mapLabel')}
      data-testid="area-search-map"
      data-points={points.length}
    />
  );
}

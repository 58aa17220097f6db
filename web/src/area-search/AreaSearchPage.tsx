import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AreaShape } from '@shared/schemas/area-search';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useGeoZones } from '../asset-map/assetMapApi';
import { usePageTitle } from '../common/pageHandle';
import { useSession } from '../session/useSession';
import { AreaControls } from './AreaControls';
import { NowResults, ResultsLoading, WindowResults } from './AreaResults';
import { AreaSearchMap } from './AreaSearchMap';
import type { AreaDrawMode } from './areaDrawing';
import { areaOutline, evidencePoints, type MapPoint } from './areaLayers';
import { type AreaSearchState, areaNowQuery, areaSearchQuery, paramsOfState, stateOfParams } from './areaSearchApi';

/**
 * Area search (POST /api/area-search, /now): draw a rectangle, circle or polygon or pick a geo zone, choose a
 * window (the last 24 hours by default) or "now", and see the assets found with their first and last fix inside;
 * a click shows the asset's fixes on the map. Everything the screen shows is in the URL, so a result can be shared
 * and reloaded. Client users draw (zones are hidden from them) and find their own customer's assets (the API's).
 */
export default function AreaSearchPage() {
  const { t } = useTranslation('areaSearch');
  const title = usePageTitle();
  const { isClient } = useSession();
  const [params, setParams] = useSearchParams();
  const [opened] = useState(() => new Date());
  const state = stateOfParams(params, opened);
  const [drawMode, setDrawMode] = useState<AreaDrawMode | null>(null);
  const zones = useGeoZones(!isClient);
  const update = (next: Partial<AreaSearchState>) =>
    setParams(paramsOfState({ ...state, ...next }), { replace: false });

  const windowAnswer = useQuery({
    ...areaSearchQuery(state.area, state.from, state.to),
    enabled: state.area !== null && state.mode === 'window',
  });
  const nowAnswer = useQuery({ ...areaNowQuery(state.area), enabled: state.area !== null && state.mode === 'now' });
  const answer = state.mode === 'now' ? nowAnswer : windowAnswer;
  const zoneId = state.area?.type === 'Zone' ? state.area.zoneId : null;
  const zoneGeometry = zones.data?.find((zone) => zone.id === zoneId)?.geometry;
  const outline = useMemo(() => areaOutline(state.area, zoneGeometry), [state.area, zoneGeometry]);
  const points = useMemo((): MapPoint[] => {
    if (state.mode === 'now') return (nowAnswer.data?.assets ?? []).map((a) => ({ ...a, kind: 'asset' }));
    const chosen = windowAnswer.data?.assets.find((a) => a.asset.id === state.asset);
    return chosen ? evidencePoints(chosen.evidence) : [];
  }, [state.mode, state.asset, nowAnswer.data, windowAnswer.data]);
  const drawn = (area: AreaShape) => {
    setDrawMode(null);
    update({ area, asset: null });
  };
  const status = !state.area ? 'idle' : answer.isPending ? 'loading' : answer.isError ? 'error' : 'ready';

  return (
    <Stack
      spacing={2}
      data-testid="area-search-screen"
      data-state={status}
      sx={{ height: { md: 'calc(100vh - 140px)' } }}
    >
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ flex: 1, minHeight: 0 }}>
        <Paper variant="outlined" sx={{ p: 2, width: { md: 380 }, flexShrink: 0, overflow: 'auto' }}>
          <Stack spacing={2}>
            <AreaControls
              drawMode={drawMode}
              onDrawMode={setDrawMode}
              zones={isClient ? undefined : (zones.data ?? [])}
              zoneId={zoneId}
              onZone={(id) => update({ area: { type: 'Zone', zoneId: id }, asset: null })}
              mode={state.mode}
              onMode={(mode) => update({ mode, asset: null })}
              from={state.from}
              to={state.to}
              onWindow={(from, to) => update({ from, to, asset: null })}
            />
            {status === 'idle' && <Typography color="text.secondary">{t('intro')}</Typography>}
            {status === 'loading' && <ResultsLoading />}
            {status === 'error' && <Alert severity="error">{answer.error?.message ?? t('failed')}</Alert>}
            {status === 'ready' && state.mode === 'window' && windowAnswer.data && (
              <WindowResults
                result={windowAnswer.data}
                selected={state.asset}
                onSelect={(asset) => update({ asset })}
              />
            )}
            {status === 'ready' && state.mode === 'now' && nowAnswer.data && <NowResults result={nowAnswer.data} />}
          </Stack>
        </Paper>
        <Box sx={{ position: 'relative', flex: 1, minHeight: { xs: 360, md: 0 } }}>
          <AreaSearchMap outline={outline} points={points} drawMode={drawMode} onDrawn={drawn} />
        </Box>
      </Stack>
    </Stack>
  );
}

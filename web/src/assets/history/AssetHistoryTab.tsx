import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { deriveStops } from '@shared/history/stops';
import type { Asset } from '@shared/schemas/asset';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { formatDateTime } from '../assetFormat';
import { HistorySlider, HistorySummary } from './HistoryLists';
import { HistoryMap } from './HistoryMap';
import { HistoryToolbar } from './HistoryToolbar';
import { useAssetHistory, useHistoryVisits } from './historyApi';
import { acceptedFixes } from './historyGeometry';
import { HISTORY_PARAM, type HistoryRange, rangeOf, rangeParam } from './historyRange';
import { useHistoryExport } from './useHistoryExport';
import { usePopupText } from './usePopupText';

/**
 * The asset panel's History tab: a period (default the last 7 days, in the address as `?history=from..to`),
 * the track of its fixes on the map, the stops derived from them (shared/history/stops.ts), the zone visits of
 * the period, a slider that moves a marker through the fixes, and the period as GeoJSON, GPX or CSV.
 */
export default function AssetHistoryTab({ asset, showVisits }: { asset: Asset; showVisits: boolean }) {
  const { t } = useTranslation('assetHistory');
  const [range, setRange] = useRangeInAddress();
  const history = useAssetHistory(asset.id, range, true);
  const visits = useHistoryVisits(asset.id, range, showVisits);
  const accepted = useMemo(() => acceptedFixes(history.fixes), [history.fixes]);
  const stops = useMemo(() => deriveStops(history.fixes), [history.fixes]);
  const [chosen, setChosen] = useState<number | null>(null);
  const index = Math.min(chosen ?? accepted.length - 1, accepted.length - 1);
  const current = index >= 0 ? accepted[index] : undefined;
  const popupText = usePopupText(accepted, stops);
  const complete = !history.pending && !history.loadingMore && !history.failed;
  const indexAt = (at: string) => {
    const next = accepted.findIndex((fix) => fix.at >= at);
    return next === -1 ? accepted.length - 1 : next;
  };
  const moveTo = (at: string) => setChosen(indexAt(at));
  // The slider marks where each stop and zone visit of the period begins.
  const marks = complete
    ? [...stops.map((stop) => stop.from), ...visits.map((visit) => visit.arrivedAt)].map(indexAt)
    : [];

  const exportAs = useHistoryExport(asset, range, history.fixes, stops);

  return (
    <Stack spacing={2} data-testid="asset-history">
      <HistoryToolbar
        range={range}
        onRange={(next) => {
          setChosen(null);
          setRange(next);
        }}
        canExport={complete && history.fixes.length > 0}
        onExport={(format) => void exportAs(format)}
      />
      {history.failed && <Alert severity="error">{t('loadError')}</Alert>}
      {(history.pending || history.loadingMore) && (
        <Box data-testid="history-progress">
          <LinearProgress />
          <Typography variant="caption" color="text.secondary">
            {t('loading', { count: history.fixes.length, pages: history.pages })}
          </Typography>
        </Box>
      )}
      {complete && history.fixes.length === 0 && <Alert severity="info">{t('empty')}</Alert>}
      {(history.fixes.length > 0 || history.pending) && (
        <HistoryMap
          fixes={history.fixes}
          accepted={accepted}
          stops={stops}
          current={current}
          complete={complete}
          popupText={popupText}
        />
      )}
      {current && (
        <HistorySlider
          count={accepted.length}
          marks={marks}
          index={index}
          onChange={setChosen}
          text={`${formatDateTime(current.at)} · ${popupText('history-fixes', { index }).slice(1).join(' · ')}`}
        />
      )}
      {complete && history.fixes.length > 0 && (
        <HistorySummary stops={stops} visits={showVisits ? visits : null} onChoose={moveTo} />
      )}
    </Stack>
  );
}

/** The period in the address: replaced, not pushed, so Back still leaves the asset (as the tab does). */
function useRangeInAddress(): [HistoryRange, (range: HistoryRange) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const range = useMemo(() => rangeOf(location.search), [location.search]);
  const set = (next: HistoryRange) => {
    const search = new URLSearchParams(location.search);
    search.set(HISTORY_PARAM, rangeParam(next));
    navigate({ pathname: location.pathname, search: search.toString(), hash: location.hash }, { replace: true });
  };
  return [range, set];
}

import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AreaNowResult, AreaSearchResult } from '@shared/schemas/area-search';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../assets/assetFormat';

/** Five skeleton rows while loading, as every list of the console. */
export function ResultsLoading() {
  return (
    <Stack spacing={1} data-testid="area-results" data-state="loading">
      {['a', 'b', 'c', 'd', 'e'].map((row) => (
        <Skeleton key={row} variant="rounded" height={48} />
      ))}
    </Stack>
  );
}

function Empty({ children }: { children: string }) {
  return (
    <Typography color="text.secondary" data-testid="area-results" data-state="empty">
      {children}
    </Typography>
  );
}

/** The assets found in the window, each with its first and last fix inside; a click shows its fixes on the map. */
export function WindowResults(props: {
  result: AreaSearchResult;
  selected: number | null;
  onSelect(assetId: number | null): void;
}) {
  const { t } = useTranslation('areaSearch');
  const { result, selected } = props;
  if (result.assets.length === 0) return <Empty>{t('empty')}</Empty>;
  return (
    <Stack spacing={1} data-testid="area-results" data-state="ready">
      <Typography variant="body2" color="text.secondary">
        {t('summary', { assets: result.assets.length, fixes: result.fixesInside, read: result.itemsRead })}
      </Typography>
      {!result.complete && <Alert severity="warning">{t('incomplete')}</Alert>}
      <List dense disablePadding aria-label={t('resultsLabel')}>
        {result.assets.map((row) => (
          <ListItem key={row.asset.id} disablePadding>
            <ListItemButton
              selected={row.asset.id === selected}
              onClick={() => props.onSelect(row.asset.id === selected ? null : row.asset.id)}
              data-testid="area-result"
              data-asset={row.asset.id}
            >
              <ListItemText
                primary={row.asset.name ?? `#${row.asset.id}`}
                secondary={t('firstLast', {
                  first: formatDateTime(row.first.date),
                  last: formatDateTime(row.last.date),
                  fixes: row.fixes,
                })}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Stack>
  );
}

/** The assets whose current position is inside the area. */
export function NowResults({ result }: { result: AreaNowResult }) {
  const { t } = useTranslation('areaSearch');
  if (result.assets.length === 0) return <Empty>{t('emptyNow')}</Empty>;
  return (
    <Stack spacing={1} data-testid="area-results" data-state="ready">
      <Typography variant="body2" color="text.secondary">
        {t('summaryNow', { assets: result.assets.length })}
      </Typography>
      <List dense disablePadding aria-label={t('resultsLabel')}>
        {result.assets.map((row) => (
          <ListItem key={row.asset.id} data-testid="area-result">
            <ListItemText
              primary={row.asset.name ?? `#${row.asset.id}`}
              secondary={t('lastPosition', { date: formatDateTime(row.date) })}
            />
          </ListItem>
        ))}
      </List>
    </Stack>
  );
}

import PlaceIcon from '@mui/icons-material/Place';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ZoneVisit } from '@shared/schemas/zone-visit';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../assets/assetFormat';
import { VisitExportButtons } from './VisitExportButtons';
import { formatDwell, secondsSince } from './visitFormat';
import { useAssetVisits, VISIT_PAGE_SIZE } from './zoneVisitsApi';

const PLACEHOLDERS = ['a', 'b', 'c', 'd', 'e'];

/**
 * The asset panel's Visits tab: the zones the asset stayed in, newest arrival first, as a time line
 * (zone, arrived, left, dwell time; an open visit is "still there" with its dwell so far), exportable.
 */
export function AssetVisitsTab({ assetId }: { assetId: number }) {
  const { t } = useTranslation('zoneVisits');
  const [page, setPage] = useState(1);
  const visits = useAssetVisits(assetId, page);
  const members = visits.data?.['hydra:member'] ?? [];
  const pages = Math.ceil((visits.data?.['hydra:totalItems'] ?? 0) / VISIT_PAGE_SIZE);
  return (
    <Box data-testid="asset-visits" data-state={visits.isPending ? 'loading' : 'ready'}>
      <VisitExportButtons path={`/api/assets/${assetId}/visits/export`} query={{}} disabled={members.length === 0} />
      {visits.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {t('loadError')}
        </Alert>
      )}
      {visits.isPending && PLACEHOLDERS.map((key) => <Skeleton key={key} height={64} />)}
      {visits.isSuccess && members.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {t('empty')}
        </Typography>
      )}
      <List aria-label={t('title')}>
        {members.map((visit) => (
          <VisitItem key={`${visit.arrivedAt}-${visit.zoneId}`} visit={visit} />
        ))}
      </List>
      {pages > 1 && (
        <Pagination
          count={pages}
          page={page}
          onChange={(_, p) => setPage(p)}
          size="small"
          sx={{ display: 'flex', justifyContent: 'center' }}
        />
      )}
    </Box>
  );
}

function VisitItem({ visit }: { visit: ZoneVisit }) {
  const { t } = useTranslation('zoneVisits');
  const open = visit.leftAt === null;
  const dwell = formatDwell(visit.dwellSeconds ?? secondsSince(visit.arrivedAt), t);
  return (
    <ListItem divider alignItems="flex-start" sx={{ px: 0 }} data-testid="asset-visit">
      <Stack direction="row" spacing={1.5} sx={{ width: '100%', minWidth: 0 }}>
        <PlaceIcon color={open ? 'primary' : 'disabled'} fontSize="small" sx={{ mt: 0.25 }} aria-hidden />
        <Stack spacing={0.25} sx={{ minWidth: 0, flexGrow: 1 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography variant="subtitle2" component="span" sx={{ overflowWrap: 'anywhere' }}>
              {visit.zoneName ?? `#${visit.zoneId}`}
            </Typography>
            {open && <Chip size="small" color="primary" variant="outlined" label={t('stillThere')} />}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {t('arrived')}: {formatDateTime(visit.arrivedAt)}
            {visit.leftAt ? ` · ${t('left')}: ${formatDateTime(visit.leftAt)}` : ''}
          </Typography>
          <Typography variant="body2">
            {t('dwell')}: {dwell}
          </Typography>
        </Stack>
      </Stack>
    </ListItem>
  );
}

import PlaceIcon from '@mui/icons-material/Place';
import Chip from '@mui/material/Chip';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ZoneVisit } from '@shared/schemas/zone-visit';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../assets/assetFormat';
import { ExportMenu } from '../common/export/ExportMenu';
import { PagedTab } from '../common/list/PagedTab';
import { formatDwell, secondsSince } from './visitFormat';
import { useAssetVisits, VISIT_PAGE_SIZE } from './zoneVisitsApi';

/**
 * The asset panel's Visits tab: the zones the asset stayed in, newest arrival first, as a time line
 * (zone, arrived, left, dwell time; an open visit is "still there" with its dwell so far), exportable.
 */
export function AssetVisitsTab({ assetId }: { assetId: number }) {
  const { t } = useTranslation('zoneVisits');
  const [page, setPage] = useState(1);
  const visits = useAssetVisits(assetId, page);
  const members = visits.data?.['hydra:member'] ?? [];
  return (
    <PagedTab
      label={t('title')}
      testId="asset-visits"
      toolbar={
        <ExportMenu
          path={`/api/assets/${assetId}/visits/export`}
          background={false}
          query={() => ({})}
          disabled={members.length === 0}
          size="small"
          testId="visit-export"
        />
      }
      rows={members}
      rowKey={(visit) => `${visit.arrivedAt}-${visit.zoneId}`}
      renderRow={(visit) => <VisitItem visit={visit} />}
      loading={visits.isPending}
      failed={visits.isError}
      errorText={t('loadError')}
      paging={{ page, pageSize: VISIT_PAGE_SIZE, total: visits.data?.['hydra:totalItems'] ?? 0, onChange: setPage }}
      rowHeight={64}
    />
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

import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ZoneVisit } from '@shared/schemas/zone-visit';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { formatDateTime, todayInputDay } from '../assets/assetFormat';
import { ExportMenu } from '../common/export/ExportMenu';
import { PagedTab } from '../common/list/PagedTab';
import { formatDwell, secondsSince } from './visitFormat';
import { type DayPeriod, periodQuery, useZoneVisits, VISIT_PAGE_SIZE } from './zoneVisitsApi';

/** The last seven days up to today, the period a planner looks at first. */
function lastWeek(): DayPeriod {
  const from = new Date();
  from.setDate(from.getDate() - 6);
  return { from: todayInputDay(from), to: todayInputDay() };
}

/**
 * The zone panel's visits: who is there now (each a link to the asset's panel) and the visits of a
 * chosen period, both exportable.
 */
export function ZoneVisitsSection({ zoneId }: { zoneId: number }) {
  const { t } = useTranslation('zoneVisits');
  const here = useZoneVisits(zoneId, { open: true });
  const present = here.data?.['hydra:member'] ?? [];
  return (
    <Box sx={{ mt: 3 }} data-testid="zone-visits">
      <Typography variant="subtitle1" component="h3">
        {t('hereNowCount', { count: here.data?.['hydra:totalItems'] ?? 0 })}
      </Typography>
      <PagedTab
        label={t('hereNow')}
        testId="zone-here-now"
        rows={present}
        rowKey={(visit) => visit.assetId}
        renderRow={(visit) => <PresentVisit visit={visit} />}
        loading={here.isPending}
        failed={here.isError}
        errorText={t('loadError')}
        dense
      />
      <ExportMenu
        path={`/api/geo-zones/${zoneId}/visits/export`}
        background={false}
        query={() => ({ open: 'true' })}
        disabled={present.length === 0}
        listName={t('hereNow')}
        size="small"
        testId="zone-here-now-export"
      />
      <PeriodVisits zoneId={zoneId} />
    </Box>
  );
}

function PresentVisit({ visit }: { visit: ZoneVisit }) {
  const { t } = useTranslation('zoneVisits');
  return (
    <ListItem divider sx={{ px: 0, display: 'block' }}>
      <Link
        component={RouterLink}
        to={`/assets/${visit.assetId}`}
        aria-label={t('openAsset', { name: visit.assetName ?? visit.assetId })}
      >
        {visit.assetName ?? `#${visit.assetId}`}
      </Link>
      <Typography variant="body2" color="text.secondary">
        {t('since', { when: formatDateTime(visit.arrivedAt) })} · {formatDwell(secondsSince(visit.arrivedAt), t)}
      </Typography>
    </ListItem>
  );
}

function PeriodVisits({ zoneId }: { zoneId: number }) {
  const { t } = useTranslation('zoneVisits');
  const [period, setPeriod] = useState<DayPeriod>(lastWeek);
  const [page, setPage] = useState(1);
  const visits = useZoneVisits(zoneId, { period, page });
  const members = visits.data?.['hydra:member'] ?? [];
  const change = (key: keyof DayPeriod) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setPeriod((current) => ({ ...current, [key]: event.target.value }));
    setPage(1);
  };
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {t('periodVisits')}
      </Typography>
      <PagedTab
        label={t('periodVisits')}
        testId="zone-period-visits"
        toolbar={
          <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
            {(['from', 'to'] as const).map((key) => (
              <TextField
                key={key}
                type="date"
                size="small"
                label={t(key)}
                value={period[key]}
                onChange={change(key)}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `visit-period-${key}` } }}
                sx={{ flex: 1, minWidth: 0 }}
              />
            ))}
          </Stack>
        }
        rows={members}
        rowKey={(visit) => `${visit.arrivedAt}-${visit.assetId}`}
        renderRow={(visit) => <PeriodVisit visit={visit} />}
        loading={visits.isPending}
        failed={visits.isError}
        errorText={t('loadError')}
        paging={{ page, pageSize: VISIT_PAGE_SIZE, total: visits.data?.['hydra:totalItems'] ?? 0, onChange: setPage }}
        dense
      />
      <ExportMenu
        path={`/api/geo-zones/${zoneId}/visits/export`}
        background={false}
        query={() => periodQuery(period)}
        disabled={members.length === 0}
        listName={t('periodVisits')}
        size="small"
        testId="zone-period-export"
      />
    </Box>
  );
}

function PeriodVisit({ visit }: { visit: ZoneVisit }) {
  const { t } = useTranslation('zoneVisits');
  return (
    <ListItem divider sx={{ px: 0, display: 'block' }}>
      <Link component={RouterLink} to={`/assets/${visit.assetId}`}>
        {visit.assetName ?? `#${visit.assetId}`}
      </Link>
      <Typography variant="body2" color="text.secondary">
        {formatDateTime(visit.arrivedAt)} – {visit.leftAt ? formatDateTime(visit.leftAt) : t('stillThere')} ·{' '}
        {formatDwell(visit.dwellSeconds ?? secondsSince(visit.arrivedAt), t)}
      </Typography>
    </ListItem>
  );
}

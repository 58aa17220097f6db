import PlaceIcon from '@mui/icons-material/Place';
import Box from '@mui/material/Box';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Event } from '@shared/schemas/event';
import { EVENT_TYPES } from '@shared/schemas/event';
import { useTranslation } from 'react-i18next';
import { PagedTab } from '../../common/list/PagedTab';
import { formatDateTime, formatRelative, joinParts } from '../assetFormat';
import { EVENT_PAGE_SIZE } from '../assetsApi';
import type { AssetEventsState } from './useAssetEventsState';

interface AssetEventsTabProps {
  state: AssetEventsState;
  onSelect: (id: number) => void;
}

const hasPosition = (e: Event) => e.latitude != null && e.longitude != null;

export function AssetEventsTab({ state, onSelect }: AssetEventsTabProps) {
  const { t } = useTranslation('assets');
  return (
    <PagedTab
      label={t('panel.events')}
      testId="asset-events"
      toolbar={<EventFilterBar state={state} />}
      rows={state.events}
      rowKey={(event) => event.id}
      renderRow={(event) => <EventItem event={event} selected={state.selected?.id === event.id} onSelect={onSelect} />}
      loading={state.loading}
      failed={state.failed}
      errorText={t('notices.eventsError')}
      // The state pages from 0 (the map tab reads it too); the frame from 1, as the API.
      paging={{
        page: state.page + 1,
        pageSize: EVENT_PAGE_SIZE,
        total: state.total,
        onChange: (p) => state.setPage(p - 1),
      }}
      dense
    />
  );
}

function EventItem({ event, selected, onSelect }: { event: Event; selected: boolean; onSelect: (id: number) => void }) {
  const { t, i18n } = useTranslation('assets');
  const clickable = hasPosition(event);
  const address = joinParts(event.street, event.postal_code, event.city);
  // A list holds list items (axe list): the button is the item's content.
  return (
    <ListItem disablePadding>
      <ListItemButton
        selected={selected}
        disabled={!clickable}
        onClick={() => clickable && onSelect(event.id)}
        sx={{ borderBottom: 1, borderColor: 'divider', alignItems: 'flex-start', '&.Mui-disabled': { opacity: 0.8 } }}
      >
        <ListItemIcon sx={{ minWidth: 36, mt: 0.5 }}>
          <PlaceIcon color={clickable ? 'primary' : 'disabled'} fontSize="small" />
        </ListItemIcon>
        <ListItemText
          primary={
            <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
              <strong>{formatRelative(event.date, i18n.language)}</strong>
              <span>{formatDateTime(event.date)}</span>
              <Typography component="span" variant="body2" color="text.secondary">
                {t(`eventType.${event.type}`)}
              </Typography>
            </Box>
          }
          secondary={
            <>
              <span>{address || (clickable ? '' : t('events.noPosition'))}</span>
              <br />
              <span>
                {event.geo_zone?.name ? t('events.geoZone', { name: event.geo_zone.name }) : t('events.noGeoZone')}
              </span>
              {/* Why part of the uplink was not used (docs/decisions/0246-every-way-in-robust-bad-positions-and-undecodable-payloads-dropped.md): the server's words. */}
              {event.warnings?.map((warning) => (
                <Box component="span" key={warning} data-event-warning sx={{ display: 'block', color: 'warning.dark' }}>
                  {t('events.warning')} <span lang="en">{warning}</span>
                </Box>
              ))}
            </>
          }
        />
      </ListItemButton>
    </ListItem>
  );
}

function EventFilterBar({ state }: { state: AssetEventsState }) {
  const { t } = useTranslation('assets');
  const { filters, setFilters } = state;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: '1fr 1fr 1fr' }, gap: 1, mb: 1 }}>
      <TextField
        size="small"
        type="date"
        label={t('events.fromDate')}
        value={filters.fromDate}
        onChange={(e) => setFilters({ ...filters, fromDate: e.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        size="small"
        type="date"
        label={t('events.toDate')}
        value={filters.toDate}
        onChange={(e) => setFilters({ ...filters, toDate: e.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        size="small"
        select
        label={t('events.type')}
        value={filters.type}
        onChange={(e) => setFilters({ ...filters, type: e.target.value })}
        sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
      >
        <MenuItem value="">{t('events.allTypes')}</MenuItem>
        {EVENT_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {t(`eventType.${type}`)}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}

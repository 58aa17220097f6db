import CloseIcon from '@mui/icons-material/Close';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { HydraCollection } from '@shared/hydra';
import { ALARM_INBOX_STATES } from '@shared/schemas/alarm-handling';
import type { AlarmInboxEntry } from '@shared/schemas/alarm-inbox';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { AlarmActions } from '../asset-alarms/AlarmActions';
import { AlarmStateLine } from '../asset-alarms/AlarmHandling';
import { formatDateTime } from '../assets/assetFormat';
import { PushPrompt } from '../web-push/PushPrompt';
import type { InboxFilter } from './alarmInboxApi';

const OWNER_FILTERS: readonly InboxFilter['owner'][] = ['anyone', 'me', 'none'];

const PLACEHOLDERS = ['a', 'b', 'c', 'd', 'e'];

interface AlarmInboxPanelProps {
  id: string;
  inbox: UseQueryResult<HydraCollection<AlarmInboxEntry>>;
  filter: InboxFilter;
  onFilterChange: (filter: InboxFilter) => void;
  muted: boolean;
  onMutedChange: (muted: boolean) => void;
  onClose: () => void;
}

/**
 * The unresolved alarms (or those of one state, one owner), newest first, each with its state, owner and age and
 * handled from here; the switch mutes the new-alarm notice.
 */
export function AlarmInboxPanel(props: AlarmInboxPanelProps) {
  const { id, inbox, filter, onFilterChange, muted, onMutedChange, onClose } = props;
  const { t } = useTranslation('alarmInbox');
  const members = inbox.data?.['hydra:member'] ?? [];
  const total = inbox.data?.['hydra:totalItems'] ?? 0;
  const titleId = `${id}-title`;
  return (
    <Box id={id} role="region" aria-labelledby={titleId} data-testid="alarm-inbox" sx={{ p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('title')}
        </Typography>
        <IconButton aria-label={t('close')} onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </Stack>
      <PushPrompt />
      <FormControlLabel
        control={
          <Switch
            checked={!muted}
            onChange={(event) => onMutedChange(!event.target.checked)}
            data-testid="alarm-notice-switch"
          />
        }
        label={t('notify')}
      />
      <InboxFilters filter={filter} onChange={onFilterChange} />
      <Divider sx={{ my: 1 }} />
      {inbox.isError && !inbox.data && <Alert severity="error">{t('loadError')}</Alert>}
      {inbox.isPending && PLACEHOLDERS.map((key) => <Skeleton key={key} height={64} />)}
      {inbox.isSuccess && members.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {t('empty')}
        </Typography>
      )}
      <List aria-label={t('title')} disablePadding>
        {members.map((alarm) => (
          <InboxItem key={alarm.id} alarm={alarm} onOpen={onClose} />
        ))}
      </List>
      {total > members.length && (
        <Typography variant="caption" color="text.secondary">
          {t('more', { shown: members.length, total })}
        </Typography>
      )}
    </Box>
  );
}

function InboxFilters({ filter, onChange }: { filter: InboxFilter; onChange: (filter: InboxFilter) => void }) {
  const { t } = useTranslation('alarmInbox');
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
      <TextField
        select
        size="small"
        fullWidth
        label={t('filters.state')}
        value={filter.state}
        onChange={(event) => onChange({ ...filter, state: event.target.value as InboxFilter['state'] })}
        data-testid="alarm-filter-state"
      >
        {ALARM_INBOX_STATES.map((state) => (
          <MenuItem key={state} value={state}>
            {t(`filters.${state}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        fullWidth
        label={t('filters.owner')}
        value={filter.owner}
        onChange={(event) => onChange({ ...filter, owner: event.target.value as InboxFilter['owner'] })}
        data-testid="alarm-filter-owner"
      >
        {OWNER_FILTERS.map((owner) => (
          <MenuItem key={owner} value={owner}>
            {t(`filters.${owner}`)}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}

function InboxItem({ alarm, onOpen }: { alarm: AlarmInboxEntry; onOpen: () => void }) {
  const { t } = useTranslation('alarmInbox');
  const { t: words } = useTranslation('assetAlarms');
  return (
    <ListItem divider alignItems="flex-start" sx={{ px: 0 }} data-testid="alarm-inbox-entry" data-alarm-id={alarm.id}>
      <Stack spacing={0.5} sx={{ width: '100%', minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <NotificationsActiveIcon color={alarm.state === 'open' ? 'warning' : 'disabled'} fontSize="small" />
          <Typography variant="subtitle2" component="span">
            {words(`types.${alarm.type}`)}
          </Typography>
          <Typography variant="body2" color="text.secondary" component="span">
            {formatDateTime(alarm.at)}
          </Typography>
        </Stack>
        {alarm.assetId === null ? (
          <Typography variant="body2">{t('noAsset', { devEui: alarm.devEui })}</Typography>
        ) : (
          <Link
            component={RouterLink}
            to={{ pathname: `/assets/${alarm.assetId}`, hash: 'alarms' }}
            onClick={onOpen}
            variant="body2"
            aria-label={t('openAsset', { name: alarm.assetName ?? '' })}
          >
            {alarm.assetName}
          </Link>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {alarm.text}
        </Typography>
        <AlarmStateLine alarm={alarm} />
        <AlarmActions alarm={alarm} />
      </Stack>
    </ListItem>
  );
}

import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import { useTheme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import { ALARM_INBOX_COUNT_LIMIT } from '@shared/schemas/alarm-inbox';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/useSession';
import { useSelectedTenant } from '../tenants/selectedTenant';
import { useRenewPushSubscription } from '../web-push/PushPrompt';
import { AlarmInboxPanel } from './AlarmInboxPanel';
import { DEFAULT_INBOX_FILTER, type InboxFilter, useAlarmInbox } from './alarmInboxApi';
import { useAlarmNoticeMuted, useNewAlarmNotice } from './useNewAlarmNotice';

/** Top bar: the open alarms of the user's scope, for everyone who sees assets. */
export function AlarmInboxButton() {
  const { hasAny } = useSession();
  return hasAny(['ASSET_READ']) ? <AlarmInbox /> : null;
}

function AlarmInbox() {
  const { t } = useTranslation('alarmInbox');
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const anchor = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [muted, setMuted] = useAlarmNoticeMuted();
  const tenant = useSelectedTenant()?.id ?? null;
  const inbox = useAlarmInbox(tenant);
  const [filter, setFilter] = useState<InboxFilter>(DEFAULT_INBOX_FILTER);
  const listed = useAlarmInbox(tenant, filter);
  useNewAlarmNotice(inbox.data?.['hydra:member'], muted, tenant);
  useRenewPushSubscription();
  const count = inbox.data?.['hydra:totalItems'] ?? 0;
  const label = t('button', { count });
  const panelId = useId();
  const panel = (
    <AlarmInboxPanel
      id={panelId}
      inbox={listed}
      filter={filter}
      onFilterChange={setFilter}
      muted={muted}
      onMutedChange={setMuted}
      onClose={() => setOpen(false)}
    />
  );
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          ref={anchor}
          color="inherit"
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={() => setOpen((was) => !was)}
          data-alarm-count={inbox.isSuccess ? count : undefined}
          data-testid="alarm-inbox-button"
        >
          <Badge badgeContent={count} max={ALARM_INBOX_COUNT_LIMIT - 1} color="secondary">
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      {isPhone ? (
        <Drawer
          anchor="right"
          open={open}
          onClose={() => setOpen(false)}
          // Below the top bar, which stays above the console's drawers: its bell closes the inbox again.
          slotProps={{
            paper: {
              sx: { width: '100%', top: { xs: 56, sm: 64 }, height: 'auto', bottom: 0 },
              'aria-label': t('title'),
            },
          }}
        >
          {panel}
        </Drawer>
      ) : (
        <Popover
          open={open}
          anchorEl={anchor.current}
          onClose={() => setOpen(false)}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
          slotProps={{ paper: { sx: { width: 420, maxHeight: '80vh' }, 'aria-label': t('title') } }}
        >
          {panel}
        </Popover>
      )}
    </>
  );
}

import CloudOffIcon from '@mui/icons-material/CloudOff';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../assets/assetFormat';
import { translateMessage } from '../i18n/translateMessage';
import type { QueuedAction } from './offlineDb';
import { actionName, dropAction, flushQueue } from './offlineQueue';
import { QueuedConflictDialog } from './QueuedConflictDialog';
import { useOfflineQueue, useOnline } from './useOfflineQueue';
import { useOfflineQueueSync } from './useOfflineQueueSync';

const STATE_COLOR = { pending: 'default', sending: 'info', conflict: 'warning', failed: 'error' } as const;

/**
 * Top bar: the actions waiting on this device to be sent, with a count, and an offline mark when the browser
 * has no network. Their list says each one's state; a refused one can be dropped, a conflict resolved (the
 * conflict dialog also opens by itself when the queue meets one). Shown only while there is something to say.
 */
export function OfflineQueueButton() {
  const { t } = useTranslation('offline');
  useOfflineQueueSync();
  const actions = useOfflineQueue();
  const online = useOnline();
  const anchor = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [resolving, setResolving] = useState<string | null>(null);
  const listId = useId();
  const conflict = actions.find((action) => action.state === 'conflict') ?? null;
  const shownConflict = conflict && (conflict.id === resolving || conflict.id !== dismissed) ? conflict : null;
  if (online && actions.length === 0) return null;
  const label = online ? t('button', { count: actions.length }) : t('offlineButton', { count: actions.length });
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          ref={anchor}
          color="inherit"
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          onClick={() => setOpen((was) => !was)}
          data-testid="offline-queue-button"
          data-count={actions.length}
          data-online={online}
        >
          <Badge badgeContent={actions.length} color="secondary">
            {online ? <CloudUploadIcon /> : <CloudOffIcon />}
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={open}
        anchorEl={anchor.current}
        onClose={() => setOpen(false)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: { id: listId, role: 'dialog', 'aria-label': t('title'), sx: { width: 360 } },
        }}
      >
        <Box sx={{ p: 2 }} data-testid="offline-queue">
          <Typography variant="subtitle1" component="h2">
            {t('title')}
          </Typography>
          {!online && <Typography variant="body2">{t('offlineNote')}</Typography>}
          {actions.length === 0 ? (
            <Typography variant="body2" sx={{ mt: 1 }}>
              {t('empty')}
            </Typography>
          ) : (
            <List dense>
              {actions.map((action) => (
                <QueuedActionItem
                  key={action.id}
                  action={action}
                  onResolve={() => {
                    setResolving(action.id);
                    setOpen(false);
                  }}
                />
              ))}
            </List>
          )}
          {online && actions.some((action) => action.state === 'pending') && (
            <Button size="small" onClick={() => void flushQueue()}>
              {t('sendNow')}
            </Button>
          )}
        </Box>
      </Popover>
      <QueuedConflictDialog
        action={shownConflict}
        onClose={() => {
          setDismissed(shownConflict?.id ?? null);
          setResolving(null);
        }}
      />
    </>
  );
}

function QueuedActionItem({ action, onResolve }: { action: QueuedAction; onResolve: () => void }) {
  const { t } = useTranslation('offline');
  const name = actionName(t, action);
  return (
    <ListItem disableGutters data-state={action.state} data-testid="queued-action" sx={{ flexWrap: 'wrap', gap: 1 }}>
      <ListItemText
        primary={action.subject ? `${name}: ${action.subject}` : name}
        secondary={
          action.error
            ? `${formatDateTime(action.createdAt)} · ${translateMessage(action.error)}`
            : formatDateTime(action.createdAt)
        }
      />
      <Chip size="small" color={STATE_COLOR[action.state]} label={t(`state.${action.state}`)} />
      {action.state === 'failed' && (
        <Button size="small" color="error" onClick={() => void dropAction(action.id)}>
          {t('drop')}
        </Button>
      )}
      {action.state === 'conflict' && (
        <Button size="small" onClick={onResolve}>
          {t('resolve')}
        </Button>
      )}
    </ListItem>
  );
}

import Alert from '@mui/material/Alert';
import Grow from '@mui/material/Grow';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { dismissNotification, type Notification, useVisibleNotifications } from './notificationStore';

const AUTO_HIDE_MS = { success: 4000, info: 5000, warning: 7000, error: 8000 } as const;

/** Renders the visible notifications stacked in a corner; each hides itself after a while. */
export function NotificationStack() {
  const notifications = useVisibleNotifications();
  return (
    <Stack
      spacing={1}
      sx={{
        position: 'fixed',
        zIndex: (theme) => theme.zIndex.snackbar,
        // On phones the edit panels keep Save and Close at the bottom: notices go under the top bar there.
        top: { xs: 64, sm: 'auto' },
        bottom: { xs: 'auto', sm: 24 },
        left: { xs: 8, sm: 24 },
        right: { xs: 8, sm: 'auto' },
        maxWidth: { sm: 420 },
        pointerEvents: 'none',
      }}
    >
      {notifications.map((notification) => (
        <NotificationItem key={notification.id} notification={notification} />
      ))}
    </Stack>
  );
}

function NotificationItem({ notification }: { notification: Notification }) {
  const { t } = useTranslation();
  const { id, severity, message, sticky } = notification;
  useEffect(() => {
    if (sticky) return;
    const timer = window.setTimeout(() => dismissNotification(id), AUTO_HIDE_MS[severity]);
    return () => window.clearTimeout(timer);
  }, [id, severity, sticky]);
  return (
    <Grow in>
      <Alert
        variant="filled"
        severity={severity}
        onClose={() => dismissNotification(id)}
        slotProps={{ closeButton: { title: t('notifications.close'), 'aria-label': t('notifications.close') } }}
        sx={{ pointerEvents: 'auto', boxShadow: 3, whiteSpace: 'pre-line' }}
      >
        {message}
      </Alert>
    </Grow>
  );
}

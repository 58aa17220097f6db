import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import type { Alarm } from '@shared/schemas/alarm';
import type { AlarmSubscriptionStatus, AlarmWithSubscriptions } from '@shared/schemas/alarm-subscription';
import { useTranslation } from 'react-i18next';

const COLOR: Record<AlarmSubscriptionStatus, 'success' | 'warning' | 'default' | 'error'> = {
  confirmed: 'success',
  'pending confirmation': 'warning',
  'not subscribed': 'default',
  failed: 'error',
};

/**
 * Under the Email field of a saved rule: each address's alarm mail subscription, read-only. A new
 * address is "pending confirmation" until its owner follows the link in the confirmation mail; one SNS refused
 * reads "failed" with SNS's reason, so nobody waits for mail that cannot come.
 */
export function AlarmSubscriptionList({ alarm }: { alarm: Alarm | undefined }) {
  const { t } = useTranslation('assetAlarms');
  const subscriptions = (alarm as AlarmWithSubscriptions | undefined)?.subscriptions ?? [];
  if (subscriptions.length === 0) return null;
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="caption" color="text.secondary" id="alarm-subscriptions-title">
        {t('subscriptions.title')}
      </Typography>
      <List dense disablePadding aria-labelledby="alarm-subscriptions-title">
        {subscriptions.map(({ email, status, reason }) => (
          <ListItem key={email} disableGutters sx={{ gap: 1, flexWrap: 'wrap' }} data-status={status}>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere', flexGrow: 1 }}>
              {email}
            </Typography>
            <Chip size="small" color={COLOR[status]} variant="outlined" label={t(`subscriptions.${status}`)} />
            {reason && (
              <Typography variant="caption" color="error" sx={{ flexBasis: '100%' }}>
                {t('subscriptions.failedReason', { reason })}
              </Typography>
            )}
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

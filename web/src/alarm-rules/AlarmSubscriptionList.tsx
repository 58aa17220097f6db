import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import type { Alarm } from '@shared/schemas/alarm';
import type { AlarmSubscriptionStatus, AlarmWithSubscriptions } from '@shared/schemas/alarm-subscription';
import { useTranslation } from 'react-i18next';

const COLOR: Record<AlarmSubscriptionStatus, 'success' | 'warning' | 'default'> = {
  confirmed: 'success',
  'pending confirmation': 'warning',
  'not subscribed': 'default',
};

/**
 * Under the Email field of a saved rule (issue 9): each address's alarm mail subscription, read-only. A new
 * address is "pending confirmation" until its owner follows the link in the confirmation mail.
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
        {subscriptions.map(({ email, status }) => (
          <ListItem key={email} disableGutters sx={{ gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere', flexGrow: 1 }}>
              {email}
            </Typography>
            <Chip size="small" color={COLOR[status]} variant="outlined" label={t(`subscriptions.${status}`)} />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

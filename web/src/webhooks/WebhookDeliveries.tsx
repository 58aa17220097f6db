import ReplayIcon from '@mui/icons-material/Replay';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { WebhookDelivery } from '@shared/schemas/webhook';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/errorMessage';
import { notifyError, notifySuccess } from '../common/notifications/notificationStore';
import { useTranslateMessage } from '../i18n/translateMessage';
import { replayDelivery, useDeliveries, webhookKeys } from './webhooksApi';

const STATUS_COLOR = { delivered: 'success', failed: 'error', retrying: 'warning', pending: 'default' } as const;

/** The endpoint's delivery log, newest first: status, attempts, last answer, and Replay per message. */
export function WebhookDeliveries({ endpointId }: { endpointId: number }) {
  const { t, i18n } = useTranslation('webhooks');
  const { t: tc } = useTranslation('common');
  const translate = useTranslateMessage();
  const queryClient = useQueryClient();
  const deliveries = useDeliveries(endpointId);
  const time = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });
  const replay = async (delivery: WebhookDelivery) => {
    try {
      await replayDelivery(endpointId, delivery.id);
      notifySuccess(t('deliveries.replayed'));
      await queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(endpointId) });
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };
  if (deliveries.isPending)
    return (
      <List aria-busy>
        {[1, 2, 3, 4, 5].map((n) => (
          <ListItem key={n}>
            <ListItemText primary={<Skeleton width="50%" />} secondary={<Skeleton width="80%" />} />
          </ListItem>
        ))}
      </List>
    );
  if (!deliveries.data?.length) return <Typography sx={{ py: 1 }}>{tc('noResult')}</Typography>;
  return (
    <List data-testid="webhook-deliveries" dense>
      {deliveries.data.map((delivery) => (
        <ListItem key={delivery.id} divider data-status={delivery.status} sx={{ flexWrap: 'wrap', gap: 1 }}>
          <ListItemText
            primary={
              <>
                <span lang="en">{delivery.event_type}</span> · {time(delivery.created_at)}
              </>
            }
            secondary={[
              t('deliveries.attempts', { count: delivery.attempt_count }),
              delivery.last_status_code === null ? null : t('deliveries.code', { code: delivery.last_status_code }),
              delivery.last_error ? translate(delivery.last_error) : null,
              delivery.next_attempt_at && delivery.status !== 'delivered'
                ? t('deliveries.next', { time: time(delivery.next_attempt_at) })
                : null,
            ]
              .filter(Boolean)
              .join(' · ')}
            sx={{ minWidth: 200 }}
          />
          <Chip size="small" color={STATUS_COLOR[delivery.status]} label={t(`deliveries.status.${delivery.status}`)} />
          <Button size="small" startIcon={<ReplayIcon />} onClick={() => void replay(delivery)}>
            {t('deliveries.replay')}
          </Button>
        </ListItem>
      ))}
    </List>
  );
}

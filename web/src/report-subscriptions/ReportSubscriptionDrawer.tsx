import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ConflictDialog } from '../common/conflict/ConflictDialog';
import { DeleteButton } from '../common/list/DeleteButton';
import type { PanelId } from '../common/list/ListScreen';
import { SideDrawer } from '../common/list/SideDrawer';
import { useTranslateMessage } from '../i18n/translateMessage';
import { ReportSubscriptionFields } from './ReportSubscriptionFields';
import { useMomentText } from './scheduleWords';
import { useSubscriptionPanel } from './useSubscriptionPanel';

/**
 * The subscription panel at /report-subscriptions/{id} and /report-subscriptions/new: the form, and for a saved
 * subscription its state (next due, last sent, last error), pause or resume, and Send now (a preview mailed to
 * the person who clicks, the subscription unchanged).
 */
export function ReportSubscriptionDrawer({ subscriptionId, onClose }: { subscriptionId: PanelId; onClose(): void }) {
  const { t } = useTranslation('reportSubscriptions');
  const { t: tc } = useTranslation('common');
  const translate = useTranslateMessage();
  const moment = useMomentText();
  const panel = useSubscriptionPanel(subscriptionId, onClose);
  const { form, subscription, isNew } = panel;
  const loading = !isNew && !subscription;
  const actions = (
    <>
      {!isNew && <DeleteButton message={t('confirmDelete')} onConfirm={panel.remove} />}
      <Button onClick={onClose}>{tc('close')}</Button>
      <Button
        type="submit"
        form="report-subscription-form"
        variant="contained"
        loading={form.formState.isSubmitting}
        disabled={loading}
      >
        {tc('save')}
      </Button>
    </>
  );
  return (
    <SideDrawer open title={isNew ? t('drawer.create') : t('drawer.edit')} onClose={onClose} actions={actions}>
      <Stack spacing={3}>
        {subscription?.last_error && (
          <Alert severity="warning" data-testid="subscription-last-error">
            {t('lastError', { error: translate(subscription.last_error) })}
          </Alert>
        )}
        {subscription && (
          <Stack spacing={0.5} data-testid="subscription-state">
            <Typography variant="body2">
              {subscription.paused ? t('state.pausedLong') : t('nextDueAt', { moment: moment(subscription.next_due) })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('lastSentAt', { moment: moment(subscription.last_sent) })}
            </Typography>
          </Stack>
        )}
        {loading ? (
          <Skeleton variant="rounded" height={360} />
        ) : (
          <form id="report-subscription-form" noValidate onSubmit={panel.onSubmit}>
            <ReportSubscriptionFields form={form} />
          </form>
        )}
        {subscription && (
          <>
            <Divider />
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button
                variant="outlined"
                startIcon={<SendIcon />}
                loading={panel.previewing}
                loadingPosition="start"
                onClick={() => void panel.preview()}
                data-testid="subscription-preview"
              >
                {t('preview.button')}
              </Button>
              <Button
                variant="outlined"
                color={subscription.paused ? 'primary' : 'warning'}
                startIcon={subscription.paused ? <PlayArrowIcon /> : <PauseIcon />}
                loading={panel.pausing}
                loadingPosition="start"
                onClick={() => void panel.togglePaused()}
                data-testid="subscription-pause"
              >
                {subscription.paused ? t('resume') : t('pause')}
              </Button>
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {t('preview.hint')}
            </Typography>
          </>
        )}
      </Stack>
      <ConflictDialog {...panel.conflictDialog} />
    </SideDrawer>
  );
}

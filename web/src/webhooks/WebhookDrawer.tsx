import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PREVIOUS_SECRET_HOURS } from '@shared/schemas/webhook';
import { useTranslation } from 'react-i18next';
import { ConflictDialog } from '../common/conflict/ConflictDialog';
import { ConfirmDialog } from '../common/list/ConfirmDialog';
import { DeleteButton } from '../common/list/DeleteButton';
import type { PanelId } from '../common/list/ListScreen';
import { SideDrawer } from '../common/list/SideDrawer';
import { SecretShownOnce } from '../common/secret/SecretShownOnce';
import { useWebhookPanel } from './useWebhookPanel';
import { WebhookDeliveries } from './WebhookDeliveries';
import { WebhookFields } from './WebhookFields';

/**
 * The endpoint panel at /webhooks/{id} and /webhooks/new: the form, then (saved endpoints) the secret's
 * rotation (the old secret signing on for a day, or revoked at once when it leaked), a test event and the
 * delivery log. A new or rotated secret is shown once, above the form.
 */
export function WebhookDrawer({ endpointId, onClose }: { endpointId: PanelId; onClose(): void }) {
  const { t } = useTranslation('webhooks');
  const { t: tc } = useTranslation('common');
  const { form, endpoint, isNew, secret, rotating, setRotating, onSubmit, rotate, test, remove, conflictDialog } =
    useWebhookPanel(endpointId, onClose);
  const loading = !isNew && !endpoint;
  const actions = (
    <>
      {!isNew && <DeleteButton message={t('confirmDelete', { url: endpoint?.url ?? '' })} onConfirm={remove} />}
      <Button onClick={onClose}>{tc('close')}</Button>
      <Button
        type="submit"
        form="webhook-form"
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
        {secret && (
          <SecretShownOnce
            testId="webhook-secret"
            hint={t('secret.once')}
            secrets={[{ label: t('secret.label'), value: secret }]}
          />
        )}
        {endpoint?.disabled_reason && <Alert severity="info">{t('disabledGone')}</Alert>}
        {loading ? (
          <Skeleton variant="rounded" height={320} />
        ) : (
          <form id="webhook-form" noValidate onSubmit={onSubmit}>
            <WebhookFields form={form} />
          </form>
        )}
        {endpoint && (
          <>
            <Divider />
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button variant="outlined" onClick={() => void test()} data-testid="webhook-test">
                {t('sendTest')}
              </Button>
              <Button variant="outlined" color="warning" onClick={() => setRotating('overlap')}>
                {t('secret.rotate')}
              </Button>
              <Button variant="outlined" color="error" onClick={() => setRotating('revoke')}>
                {t('secret.revoke')}
              </Button>
            </Stack>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {t('deliveries.title')}
            </Typography>
            <WebhookDeliveries endpointId={endpoint.id} />
          </>
        )}
      </Stack>
      <ConfirmDialog
        open={rotating !== null}
        message={
          rotating === 'revoke'
            ? t('secret.confirmRevoke')
            : t('secret.confirmRotate', { hours: PREVIOUS_SECRET_HOURS })
        }
        onYes={() => void rotate()}
        onNo={() => setRotating(null)}
      />
      <ConflictDialog {...conflictDialog} />
    </SideDrawer>
  );
}

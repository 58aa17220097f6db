import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type WebhookEndpoint, type WebhookEndpointInput, webhookEndpointInputSchema } from '@shared/schemas/webhook';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../api/ApiError';
import { errorMessage } from '../api/errorMessage';
import { ConfirmDialog } from '../common/list/ConfirmDialog';
import { DeleteButton } from '../common/list/DeleteButton';
import type { PanelId } from '../common/list/ListScreen';
import { SideDrawer } from '../common/list/SideDrawer';
import { notifyError, notifySuccess } from '../common/notifications/notificationStore';
import { SecretNotice } from './SecretNotice';
import { WebhookDeliveries } from './WebhookDeliveries';
import { WebhookFields } from './WebhookFields';
import {
  createWebhook,
  deleteWebhook,
  rotateSecret,
  sendTestEvent,
  updateWebhook,
  useWebhook,
  webhookKeys,
} from './webhooksApi';

/**
 * A new endpoint's secret, handed from the panel at /webhooks/new to the panel of its id (the list remounts the
 * panel when the id changes); taken once, so a reload shows no secret.
 */
const handedOver = new Map<number, string>();

const EMPTY: WebhookEndpointInput = { url: 'https://', description: '', event_types: [], enabled: true };
const FIELDS = ['url', 'description', 'event_types'] as const;

/**
 * The endpoint panel at /webhooks/{id} and /webhooks/new: the form, then (saved endpoints) the secret's
 * rotation, a test event and the delivery log. A new or rotated secret is shown once, above the form.
 */
export function WebhookDrawer({ endpointId, onClose }: { endpointId: PanelId; onClose(): void }) {
  const { t } = useTranslation('webhooks');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isNew = endpointId === 'new';
  const existing = useWebhook(isNew ? undefined : endpointId);
  const endpoint = existing.data;
  const [secret, setSecret] = useState<string | null>(() =>
    typeof endpointId === 'number' ? (handedOver.get(endpointId) ?? null) : null,
  );
  useEffect(() => {
    if (typeof endpointId === 'number') handedOver.delete(endpointId);
  }, [endpointId]);
  const [rotating, setRotating] = useState(false);
  const form = useForm<WebhookEndpointInput>({
    resolver: zodResolver(webhookEndpointInputSchema),
    defaultValues: EMPTY,
  });
  const { reset, handleSubmit, setError, formState } = form;

  useEffect(() => {
    if (endpoint) reset({ ...endpoint, event_types: endpoint.event_types as WebhookEndpointInput['event_types'] });
  }, [endpoint, reset]);
  useEffect(() => {
    if (existing.isError) onClose();
  }, [existing.isError, onClose]);

  const refresh = async (saved?: WebhookEndpoint) => {
    if (saved) queryClient.setQueryData(webhookKeys.one(saved.id), { ...saved, secret: undefined });
    await queryClient.invalidateQueries({ queryKey: webhookKeys.all });
  };
  const onSubmit = handleSubmit(async (input) => {
    try {
      const saved = isNew
        ? await createWebhook(input)
        : await updateWebhook(endpointId, { ...input, version: endpoint?.version });
      notifySuccess(t('saved'));
      await refresh(saved);
      if (saved.secret) setSecret(saved.secret);
      if (isNew && saved.secret) handedOver.set(saved.id, saved.secret);
      if (isNew) navigate(`/webhooks/${saved.id}`, { replace: true });
    } catch (error) {
      const fields = error instanceof ApiError ? FIELDS.filter((field) => error.violationFor(field)) : [];
      for (const field of fields) setError(field, { message: (error as ApiError).violationFor(field) });
      if (fields.length === 0) notifyError(errorMessage(error));
    }
  });
  const rotate = async () => {
    if (!endpoint) return;
    try {
      const rotated = await rotateSecret(endpoint.id, endpoint.version);
      setSecret(rotated.secret ?? null);
      notifySuccess(t('secret.rotated'));
      await refresh(rotated);
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setRotating(false);
    }
  };
  const test = async () => {
    if (!endpoint) return;
    try {
      await sendTestEvent(endpoint.id);
      notifySuccess(t('testSent'));
      await queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(endpoint.id) });
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };
  const remove = async () => {
    await deleteWebhook(endpointId as number);
    notifySuccess(t('deleted'));
    await refresh();
    onClose();
  };

  const loading = !isNew && !endpoint;
  const actions = (
    <>
      {!isNew && <DeleteButton message={t('confirmDelete', { url: endpoint?.url ?? '' })} onConfirm={remove} />}
      <Button onClick={onClose}>{tc('close')}</Button>
      <Button type="submit" form="webhook-form" variant="contained" loading={formState.isSubmitting} disabled={loading}>
        {tc('save')}
      </Button>
    </>
  );
  return (
    <SideDrawer open title={isNew ? t('drawer.create') : t('drawer.edit')} onClose={onClose} actions={actions}>
      <Stack spacing={3}>
        {secret && <SecretNotice secret={secret} />}
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
              <Button variant="outlined" color="warning" onClick={() => setRotating(true)}>
                {t('secret.rotate')}
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
        open={rotating}
        message={t('secret.confirmRotate')}
        onYes={() => void rotate()}
        onNo={() => setRotating(false)}
      />
    </SideDrawer>
  );
}

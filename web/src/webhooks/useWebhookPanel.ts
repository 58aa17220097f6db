import {
  type WebhookEndpoint,
  webhookEndpointInputSchema,
  webhookEndpointUpdateInputSchema,
} from '@shared/schemas/webhook';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../api/errorMessage';
import { conflictRowsOf, conflictText } from '../common/conflict/conflicts';
import type { PanelId } from '../common/list/ListScreen';
import { usePanelForm } from '../common/list/usePanelForm';
import { notifyError, notifySuccess } from '../common/notifications/notificationStore';
import {
  createWebhook,
  deleteWebhook,
  rotateSecret,
  sendTestEvent,
  updateWebhook,
  useWebhook,
  type WebhookPayload,
  webhookKeys,
} from './webhooksApi';

/**
 * A new endpoint's secret, handed from the panel at /webhooks/new to the panel of its id (the list remounts the
 * panel when the id changes); taken once, so a reload shows no secret.
 */
const handedOver = new Map<number, string>();

const EMPTY: WebhookPayload = { url: 'https://', description: '', event_types: [], enabled: true, format: 'standard' };
const FIELDS = new Set(['url', 'description', 'event_types', 'enabled', 'format']);

const toFormValues = (endpoint: WebhookEndpoint): WebhookPayload => ({
  url: endpoint.url,
  description: endpoint.description,
  event_types: endpoint.event_types as WebhookPayload['event_types'],
  enabled: endpoint.enabled,
  format: endpoint.format,
  version: endpoint.version,
});

/** The secret shown once: from the create that opened this panel, or from a rotation here. */
function useShownSecret(endpointId: PanelId) {
  const state = useState<string | null>(() =>
    typeof endpointId === 'number' ? (handedOver.get(endpointId) ?? null) : null,
  );
  useEffect(() => {
    if (typeof endpointId === 'number') handedOver.delete(endpointId);
  }, [endpointId]);
  return state;
}

/** The endpoint panel's data and actions: the form, save, rotate (after its confirmation), test and delete. */
export function useWebhookPanel(endpointId: PanelId, onClose: () => void) {
  const { t } = useTranslation('webhooks');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isNew = endpointId === 'new';
  const existing = useWebhook(isNew ? undefined : endpointId);
  const endpoint = existing.data;
  const [secret, setSecret] = useShownSecret(endpointId);
  /** The rotation being confirmed: the old secret signing on for a day beside the new one, or revoked at once. */
  const [rotating, setRotating] = useState<'overlap' | 'revoke' | null>(null);
  const labels = {
    url: t('fields.url'),
    description: t('fields.description'),
    event_types: t('fields.events'),
    format: t('fields.format.label'),
  };
  const { form, submit, conflictDialog } = usePanelForm({
    schema: isNew ? webhookEndpointInputSchema : webhookEndpointUpdateInputSchema,
    empty: EMPTY,
    entity: endpoint,
    failed: existing.isError,
    toFormValues,
    fields: FIELDS,
    conflict: {
      reread: () => existing.refetch().then((read) => read.data),
      rows: conflictRowsOf<WebhookPayload>({ ...labels, enabled: t('fields.enabled') }, (field, value) =>
        field === 'enabled' ? tc(value ? 'confirm.yes' : 'confirm.no') : conflictText(value),
      ),
    },
    // The panel stays: a new endpoint's secret is shown here, once.
    stayOpen: true,
    onClose,
  });

  const refresh = async (saved?: WebhookEndpoint) => {
    if (saved) queryClient.setQueryData(webhookKeys.one(saved.id), { ...saved, secret: undefined });
    await queryClient.invalidateQueries({ queryKey: webhookKeys.all });
  };
  const onSubmit = submit(async (input) => {
    const saved = isNew ? await createWebhook(input) : await updateWebhook(endpointId, input);
    await refresh(saved);
    if (saved.secret) setSecret(saved.secret);
    if (isNew && saved.secret) handedOver.set(saved.id, saved.secret);
    if (isNew) navigate(`/webhooks/${saved.id}`, { replace: true });
    return t('saved');
  });
  const rotate = async () => {
    if (!endpoint) return;
    try {
      const rotated = await rotateSecret(endpoint.id, endpoint.version, rotating === 'revoke');
      setSecret(rotated.secret ?? null);
      notifySuccess(t('secret.rotated'));
      await refresh(rotated);
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setRotating(null);
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

  return { form, endpoint, isNew, secret, rotating, setRotating, onSubmit, rotate, test, remove, conflictDialog };
}

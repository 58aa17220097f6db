import { zodResolver } from '@hookform/resolvers/zod';
import { type WebhookEndpoint, type WebhookEndpointInput, webhookEndpointInputSchema } from '@shared/schemas/webhook';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../api/ApiError';
import { errorMessage } from '../api/errorMessage';
import type { PanelId } from '../common/list/ListScreen';
import { notifyError, notifySuccess } from '../common/notifications/notificationStore';
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
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isNew = endpointId === 'new';
  const existing = useWebhook(isNew ? undefined : endpointId);
  const endpoint = existing.data;
  const [secret, setSecret] = useShownSecret(endpointId);
  /** The rotation being confirmed: the old secret signing on for a day beside the new one, or revoked at once. */
  const [rotating, setRotating] = useState<'overlap' | 'revoke' | null>(null);
  const form = useForm<WebhookEndpointInput>({
    resolver: zodResolver(webhookEndpointInputSchema),
    defaultValues: EMPTY,
  });
  const { reset, handleSubmit, setError } = form;

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

  return { form, endpoint, isNew, secret, rotating, setRotating, onSubmit, rotate, test, remove };
}

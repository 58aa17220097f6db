import {
  type ReportSubscription,
  reportSubscriptionInputSchema,
  reportSubscriptionUpdateSchema,
} from '@shared/schemas/report-subscription';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/errorMessage';
import { conflictRowsOf, conflictText } from '../common/conflict/conflicts';
import type { PanelId } from '../common/list/ListScreen';
import { usePanelForm } from '../common/list/usePanelForm';
import { notifyError, notifySuccess } from '../common/notifications/notificationStore';
import { DEFAULT_LANGUAGE, isLanguage } from '../i18n/languages';
import {
  emptyValues,
  FORM_FIELDS,
  type ReportSubscriptionFormValues,
  type ReportSubscriptionPayload,
  toFormValues,
} from './reportSubscriptionForm';
import {
  createSubscription,
  deleteSubscription,
  previewSubscription,
  subscriptionKeys,
  updateSubscription,
  useSubscription,
} from './reportSubscriptionsApi';
import { useScheduleWords } from './scheduleWords';

/**
 * The subscription panel's data and actions: the form (save, conflict dialog), pause or resume (a save of the
 * paused flag alone, with the record's version), Send now (a preview mailed to oneself) and delete.
 */
export function useSubscriptionPanel(subscriptionId: PanelId, onClose: () => void) {
  const { t, i18n } = useTranslation('reportSubscriptions');
  const queryClient = useQueryClient();
  const isNew = subscriptionId === 'new';
  const existing = useSubscription(isNew ? undefined : subscriptionId);
  const subscription = existing.data;
  const schedule = useScheduleWords();
  const [previewing, setPreviewing] = useState(false);
  const [pausing, setPausing] = useState(false);
  const empty = useMemo(
    () => emptyValues(isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE),
    [i18n.language],
  );
  const { form, submit, conflictDialog } = usePanelForm<
    ReportSubscriptionFormValues,
    ReportSubscription,
    ReportSubscriptionPayload
  >({
    schema: isNew ? reportSubscriptionInputSchema : reportSubscriptionUpdateSchema,
    empty,
    entity: subscription,
    failed: existing.isError,
    toFormValues,
    fields: FORM_FIELDS,
    conflict: {
      reread: () => existing.refetch().then((read) => read.data),
      rows: conflictRowsOf<ReportSubscriptionFormValues>(
        {
          owner: t('fields.owner'),
          client: t('fields.client'),
          schedule: t('fields.schedule'),
          format: t('fields.format'),
          language: t('fields.language'),
          paused: t('fields.paused'),
        },
        (field, value) => {
          if (field === 'schedule') return schedule(value as ReportSubscription['schedule']);
          if (field === 'owner' || field === 'client') return (value as { name?: string } | null)?.name ?? '—';
          if (field === 'format') return t(`formats.${value as 'pdf'}`);
          if (field === 'language') return t(`languages.${value as 'en'}`);
          if (field === 'paused') return t(value ? 'state.paused' : 'state.active');
          return conflictText(value);
        },
      ),
    },
    onClose,
  });

  const refresh = async (saved?: ReportSubscription) => {
    if (saved) queryClient.setQueryData(subscriptionKeys.one(saved.id), saved);
    await queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
  };
  const onSubmit = submit(async (input) => {
    const saved = isNew ? await createSubscription(input) : await updateSubscription(subscriptionId, input);
    await refresh(saved);
    return t('saved');
  });

  /** Pause or resume as saved now, whatever the form holds unsaved. */
  const togglePaused = async () => {
    if (!subscription) return;
    setPausing(true);
    try {
      const stored = toFormValues(subscription);
      const payload = reportSubscriptionUpdateSchema.parse({ ...stored, paused: !subscription.paused });
      const saved = await updateSubscription(subscription.id, payload);
      await refresh(saved);
      form.setValue('paused', saved.paused);
      form.setValue('version', saved.version);
      notifySuccess(t(saved.paused ? 'pausedNotice' : 'resumedNotice'));
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setPausing(false);
    }
  };

  const preview = async () => {
    if (!subscription) return;
    setPreviewing(true);
    try {
      const sent = await previewSubscription(subscription.id);
      notifySuccess(t('preview.sent', { address: sent.sent_to, month: sent.month }));
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setPreviewing(false);
    }
  };

  const remove = async () => {
    await deleteSubscription(subscriptionId as number);
    notifySuccess(t('deleted'));
    await refresh();
    onClose();
  };

  return { form, subscription, isNew, onSubmit, conflictDialog, togglePaused, pausing, preview, previewing, remove };
}

import type { Asset } from '@shared/schemas/asset';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { assetKeys, withListDefaults } from '../assets/assetsApi';
import { notifySuccess } from '../common/notifications/notificationStore';
import { actionName, flushQueue, onActionSent } from './offlineQueue';

const isAsset = (answer: unknown): answer is Asset =>
  typeof answer === 'object' && answer !== null && typeof (answer as { id?: unknown }).id === 'number';

/**
 * While signed in: the queue is sent at start and whenever the browser says it is online again, and what the
 * server took refreshes the screens (the asset as answered, the lists read again) with the action's notice.
 */
export function useOfflineQueueSync() {
  const queryClient = useQueryClient();
  const { t } = useTranslation('assets');
  const { t: to } = useTranslation('offline');
  useEffect(() => {
    const stopListening = onActionSent((action, answer) => {
      if (action.assetId !== null && isAsset(answer))
        queryClient.setQueryData(assetKeys.one(action.assetId), withListDefaults(answer));
      void queryClient.invalidateQueries({ queryKey: assetKeys.all });
      // A report says it was sent as the asset panel always did; an action of a kind says which, and of what.
      notifySuccess(action.kind ? `${actionName(to, action)}: ${action.subject}` : t('notices.notificationSent'));
    });
    const online = () => void flushQueue();
    window.addEventListener('online', online);
    void flushQueue();
    return () => {
      stopListening();
      window.removeEventListener('online', online);
    };
  }, [queryClient, t, to]);
}

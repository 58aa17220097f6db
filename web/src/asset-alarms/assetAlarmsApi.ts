import type { AssetAlarm } from '@shared/schemas/asset-alarm';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../api/apiClient';
import type { Collection } from '../assets/assetsApi';
import { notifySuccess } from '../common/notifications/notificationStore';

export const ALARM_PAGE_SIZE = 10;

const alarmKeys = {
  all: (assetId: number) => ['asset-alarms', assetId] as const,
  page: (assetId: number, page: number) => ['asset-alarms', assetId, page] as const,
};

/** One page of the alarms sent for an asset, newest first (GET /api/assets/{id}/alarms). */
export function useAssetAlarms(assetId: number, page: number) {
  return useQuery({
    queryKey: alarmKeys.page(assetId, page),
    queryFn: ({ signal }) =>
      api.get<Collection<AssetAlarm>>(`/api/assets/${assetId}/alarms`, {
        query: { page, itemsPerPage: ALARM_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: false,
    meta: { silent: true },
  });
}

export function useAcknowledgeAlarm(assetId: number) {
  const queryClient = useQueryClient();
  const { t } = useTranslation('assetAlarms');
  return useMutation({
    mutationFn: (alarmId: string) => api.put<AssetAlarm>(`/api/assets/${assetId}/alarms/${alarmId}/acknowledge`, {}),
    onSuccess: () => notifySuccess(t('acknowledged')),
    // Also after a 409 (someone else acknowledged it first): the list then shows who.
    onSettled: () => queryClient.invalidateQueries({ queryKey: alarmKeys.all(assetId) }),
  });
}

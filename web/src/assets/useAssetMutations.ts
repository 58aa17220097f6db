import type { Asset } from '@shared/schemas/asset';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../api/apiClient';
import { notifySuccess } from '../common/notifications/notificationStore';
import { assetKeys, assetPath, withListDefaults } from './assetsApi';

/** After any change the lists and the open asset are read again. */
function useRefreshAssets() {
  const queryClient = useQueryClient();
  return (asset?: Asset) => {
    if (asset?.id) queryClient.setQueryData(assetKeys.one(asset.id), withListDefaults(asset));
    return queryClient.invalidateQueries({ queryKey: assetKeys.all });
  };
}

export function useSaveAsset() {
  const refresh = useRefreshAssets();
  const { t } = useTranslation('assets');
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: Record<string, unknown> }) =>
      id === null ? api.post<Asset>('/api/assets', body) : api.put<Asset>(assetPath(id), body),
    onSuccess: async (asset, { id }) => {
      notifySuccess(id === null ? t('notices.added') : t('notices.updated'));
      await refresh(asset);
    },
    // Someone else's save in between opens the conflict dialog (AssetDetails), not an error notice.
    meta: { ownsConflicts: true },
  });
}

/** The inline scheduled picker: PUT with the name and version the list row holds (spec 000 s.7). */
export function useScheduleAsset() {
  const refresh = useRefreshAssets();
  const { t } = useTranslation('assets');
  return useMutation({
    mutationFn: ({ asset, scheduled }: { asset: Asset; scheduled: string | null }) =>
      api.put<Asset>(assetPath(asset.id), { name: asset.name, scheduled, version: asset.version }),
    onSuccess: async (asset) => {
      notifySuccess(t('notices.updated'));
      await refresh(asset);
    },
    meta: { ownsConflicts: true },
  });
}

export function useDeleteAssets() {
  const refresh = useRefreshAssets();
  return useMutation({
    mutationFn: async (ids: readonly number[]) => {
      for (const id of ids) await api.delete(assetPath(id));
    },
    onSettled: () => refresh(),
  });
}

/**
 * The loan-days reset: a PUT without a body. The delivered / empty reports go through the device's queue
 * instead (web/src/offline/offlineQueue.ts), which refreshes the asset when the server took them.
 */
export function useAssetAction(action: 'days-outside-geo-zone/reset') {
  const refresh = useRefreshAssets();
  const { t } = useTranslation('assets');
  return useMutation({
    mutationFn: (id: number) => api.put<Asset | undefined>(`${assetPath(id)}/${action}`),
    onSuccess: async (asset) => {
      notifySuccess(t('notices.loanDaysReset'));
      await refresh(asset ?? undefined);
    },
  });
}

import type { AssetAlarm } from '@shared/schemas/asset-alarm';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../api/apiClient';
import type { Collection } from '../assets/assetsApi';

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

import type { HydraCollection } from '@shared/hydra';
import type { StockAsset, StockLimitsInput, StockTable, ZoneStock } from '@shared/schemas/zone-stock';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/apiClient';

/** Stock per zone: counts of the assets inside the zones now, and each zone's limits. */
export const stockKeys = {
  all: ['stock'] as const,
  table: () => [...stockKeys.all, 'table'] as const,
  zone: (zoneId: number) => [...stockKeys.all, 'zone', zoneId] as const,
  assets: (zoneId: number, profile: string | null) => [...stockKeys.all, 'assets', zoneId, profile] as const,
};

/** Counts move with every arrival and departure: read again each minute while a stock view is open. */
const REFRESH_MS = 60_000;

export const useStockTable = () =>
  useQuery({
    queryKey: stockKeys.table(),
    queryFn: ({ signal }) => api.get<StockTable>('/api/stock', { signal }),
    refetchInterval: REFRESH_MS,
  });

export const useZoneStock = (zoneId: number | undefined) =>
  useQuery({
    queryKey: stockKeys.zone(zoneId ?? 0),
    queryFn: ({ signal }) => api.get<ZoneStock>(`/api/geo-zones/${zoneId}/stock`, { signal }),
    enabled: zoneId !== undefined,
    refetchInterval: REFRESH_MS,
  });

/** One cell's assets; `profile` 'none' for those without a profile, null for every asset of the zone. */
export const useStockAssets = (zoneId: number | null, profile: string | null) =>
  useQuery({
    queryKey: stockKeys.assets(zoneId ?? 0, profile),
    queryFn: ({ signal }) =>
      api.get<HydraCollection<StockAsset>>(`/api/geo-zones/${zoneId}/stock/assets`, {
        query: profile === null ? {} : { profile },
        signal,
      }),
    enabled: zoneId !== null,
  });

export function useSaveStockLimits(zoneId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StockLimitsInput) => api.put<ZoneStock>(`/api/geo-zones/${zoneId}/stock-limits`, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(stockKeys.zone(zoneId), saved);
      return queryClient.invalidateQueries({ queryKey: stockKeys.table() });
    },
    // The dialog's panel form says what went wrong (a conflict as its dialog), not a second notice.
    meta: { silent: true },
  });
}

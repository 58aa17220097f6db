import type { AssetHistoryPage, TrackFix } from '@shared/schemas/asset-history';
import type { ZoneVisit } from '@shared/schemas/zone-visit';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { api } from '../../api/apiClient';
import type { Collection } from '../assetsApi';
import { type HistoryRange, rangeInstants } from './historyRange';

/**
 * The asset's track of a period, every page of it: the first page is drawn as soon as it comes, the next ones
 * are fetched one after the other (a year is ~35 pages), each added to the same map sources.
 */
export function useAssetHistory(assetId: number, range: HistoryRange, enabled: boolean) {
  const instants = rangeInstants(range);
  const query = useInfiniteQuery({
    enabled,
    queryKey: ['assets', assetId, 'history', instants.from, instants.to],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      api.get<AssetHistoryPage>(`/api/assets/${assetId}/history`, {
        query: { ...instants, cursor: pageParam },
        signal,
      }),
    getNextPageParam: (page) => page.next ?? undefined,
    retry: false,
    meta: { silent: true },
  });
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);
  const fixes = useMemo<TrackFix[]>(() => query.data?.pages.flatMap((page) => page.fixes) ?? [], [query.data]);
  return {
    fixes,
    pages: query.data?.pages.length ?? 0,
    failed: isError,
    /** The first page has not come yet. */
    pending: enabled && query.isPending,
    /** Pages after the first are still coming. */
    loadingMore: hasNextPage || isFetchingNextPage,
  };
}

// The most one page holds (MAX_ITEMS_PER_PAGE): a period with more visits shows its latest 100.
const VISITS_READ = 100;

/**
 * The zone visits that overlap the period (staff only: client users see no zones). Visits are listed newest
 * arrival first; those that arrived by the period's end and had not left before its start.
 */
export function useHistoryVisits(assetId: number, range: HistoryRange, enabled: boolean) {
  const instants = rangeInstants(range);
  const query = useQuery({
    enabled,
    queryKey: ['zone-visits', 'asset', assetId, 'history', instants.from, instants.to],
    queryFn: ({ signal }) =>
      api.get<Collection<ZoneVisit>>(`/api/assets/${assetId}/visits`, {
        query: { 'arrivedAt[before]': instants.to, itemsPerPage: VISITS_READ },
        signal,
      }),
    retry: false,
    meta: { silent: true },
  });
  return useMemo(
    () =>
      (query.data?.['hydra:member'] ?? [])
        .filter((visit) => visit.leftAt === null || visit.leftAt >= instants.from)
        .reverse(),
    [query.data, instants.from],
  );
}

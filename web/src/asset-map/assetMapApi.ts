import type { HydraCollection } from '@shared/hydra';
import { decodeMapAnswer } from '@shared/schemas/asset-map-codec';
import type { GeoZoneInput } from '@shared/schemas/geo-zone';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { api } from '../api/apiClient';
import type { AssetMapAnswer, AssetMapPage, MapGeoZone } from './mapTypes';

export type { MapGeoZone, MapMarker } from './mapTypes';

const zonesKey = ['geo-zones'] as const;

/** The cursor a page's `next` path names, undefined after the last page. */
const cursorOf = (next: string | null) =>
  next === null ? undefined : (new URLSearchParams(next.split('?')[1]).get('cursor') ?? undefined);

/**
 * Every marker: one columnar, compressed answer decoded into the tuples the map draws
 * (docs/decisions/0256-asset-map-answer-columnar-compressed-one-answer-up-to-250k-markers.md). Past the API's size bounds the
 * answer names the rest in `next`; those pages are fetched one after the other, the map filling in. The cache
 * keeps decoded pages (AssetMapPage: `markers` tuples, `cursor` of the live change log), which the live layer
 * updates in place.
 */
export function useMapAssets() {
  const query = useInfiniteQuery({
    queryKey: ['assets', 'map'],
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam, signal }): Promise<AssetMapPage> =>
      decodeMapAnswer(await api.get<AssetMapAnswer>('/api/assets/map', { query: { cursor: pageParam }, signal })),
    getNextPageParam: (page) => cursorOf(page.next),
    meta: { silent: true },
  });
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);
  const markers = useMemo(() => query.data?.pages.flatMap((page) => page.markers) ?? [], [query.data]);
  return {
    markers,
    isError,
    /** Still fetching: the first page, or the ones after it. */
    isLoading: query.isPending || hasNextPage,
    /** All pages read. */
    isDone: query.isSuccess && !hasNextPage,
  };
}

/** `enabled` false for client users: the API answers them 403, as geo zones are hidden from them. */
export function useGeoZones(enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...zonesKey, 'list'],
    queryFn: ({ signal }) =>
      api.get<HydraCollection<MapGeoZone>>('/api/geo-zones', { query: { pagination: false }, signal }),
    select: (collection) => collection['hydra:member'],
    meta: { silent: true },
  });
}

export function useGeoZoneMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: zonesKey });
  const create = useMutation({
    mutationFn: (input: GeoZoneInput) => api.post<MapGeoZone>('/api/geo-zones', input),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, ...input }: GeoZoneInput & { id: number; version: number }) =>
      api.put<MapGeoZone>(`/api/geo-zones/${id}`, input),
    onSuccess: refresh,
    meta: { silent: true },
  });
  const remove = useMutation({ mutationFn: (id: number) => api.delete(`/api/geo-zones/${id}`), onSuccess: refresh });
  return { create, update, remove };
}

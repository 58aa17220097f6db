import type { HydraCollection } from '@shared/hydra';
import type { GeoZoneInput } from '@shared/schemas/geo-zone';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/apiClient';
import type { MapAsset, MapGeoZone } from './mapTypes';

export type { MapAsset, MapGeoZone } from './mapTypes';

const zonesKey = ['geo-zones'] as const;

export function useMapAssets() {
  return useQuery({
    queryKey: ['assets', 'map'],
    queryFn: ({ signal }) => api.get<HydraCollection<MapAsset>>('/api/assets/map', { signal }),
    select: (collection) => collection['hydra:member'],
    meta: { silent: true },
  });
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

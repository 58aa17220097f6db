import type { HydraCollection } from '@shared/hydra';
import type { Asset } from '@shared/schemas/asset';
import type { GeoZone, GeoZoneGeometry, GeoZoneInput } from '@shared/schemas/geo-zone';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/apiClient';

/** GET /api/assets/map answers the map fields only (functions/http/assets.ts 'assets.map'). */
export type MapAsset = Pick<Asset, 'id' | 'name' | 'last_event'> & {
  lastLocationUpdate?: string | null;
  status?: Asset['status'];
};

/** The API answers the parsed geometry, or null for stored text that no longer parses. */
export type MapGeoZone = Omit<GeoZone, 'geometry'> & { geometry: GeoZoneGeometry | null };

const zonesKey = ['geo-zones'] as const;

export function useMapAssets() {
  return useQuery({
    queryKey: ['assets', 'map'],
    queryFn: ({ signal }) => api.get<HydraCollection<MapAsset>>('/api/assets/map', { signal }),
    select: (collection) => collection['hydra:member'],
    meta: { silent: true },
  });
}

export function useGeoZones() {
  return useQuery({
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

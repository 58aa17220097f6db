import type { HydraCollection } from '@shared/hydra';
import {
  DEVICE_SORT_FIELDS,
  type Device,
  type DeviceCreateInput,
  type DeviceProfile,
  type DeviceSortField,
} from '@shared/schemas/device';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequestWithHeaders } from '../api/apiClient';
import { toDeviceQuery } from './deviceParams';

/** Spec 000 s.9: 20 rows per page, no page-size options. */
export const DEVICES_PAGE_SIZE = 20;
/**
 * URL names of the filter drawer's fields; `hasAsset` (true/false) is sent as asset[exists], `batteryLow` as
 * batteryLevelLow (each flag alone has an exact total).
 */
export const DEVICE_FILTER_KEYS = ['id', 'logicalId', 'hasAsset', 'batteryLow', 'sabotaged', 'connectivity'] as const;
export type DeviceFilterKey = (typeof DEVICE_FILTER_KEYS)[number];
export type DeviceFilters = Partial<Record<DeviceFilterKey, string>>;

/** The sortable columns' fields (spec 000 s.9), as the URL's ?order= names them. */
export const DEVICE_SORT_COLUMNS: readonly string[] = DEVICE_SORT_FIELDS;

export type SortDirection = 'asc' | 'desc';
export interface DeviceSort {
  field: DeviceSortField;
  direction: SortDirection;
}

export interface DeviceListParams {
  page: number;
  search: string;
  filters: DeviceFilters;
  sort?: DeviceSort;
}

/** The form's body: what the shared create/update schemas take (objects for references are fine). */
export type DevicePayload = Partial<Omit<DeviceCreateInput, 'asset'>> & {
  asset?: number | { id: number } | null;
  version?: number;
};

export const deviceKeys = {
  all: ['devices'] as const,
  list: (params: DeviceListParams) => ['devices', 'list', params] as const,
  one: (id: number) => ['devices', 'one', id] as const,
};

/**
 * A page of the device list; `totalExact` false (x-total-exact: false) when combined filters or a search stopped
 * counting in a large tenant: "of more than N". A single filter's total is always exact.
 */
export function useDeviceList(params: DeviceListParams) {
  return useQuery({
    queryKey: deviceKeys.list(params),
    queryFn: async ({ signal }) => {
      const { body, headers } = await apiRequestWithHeaders<HydraCollection<Device>>('/api/devices', {
        query: { page: params.page, itemsPerPage: DEVICES_PAGE_SIZE, ...toDeviceQuery(params) },
        signal,
      });
      return { ...body, totalExact: headers.get('x-total-exact') !== 'false' };
    },
    placeholderData: keepPreviousData,
    // The page says itself what failed (spec 000 s.8, "…the devices list").
    meta: { silent: true },
  });
}

export function useDevice(id: number | undefined) {
  return useQuery({
    queryKey: deviceKeys.one(id ?? 0),
    queryFn: ({ signal }) => api.get<Device>(`/api/devices/${id}`, { signal }),
    enabled: id !== undefined,
    retry: false,
    staleTime: 0,
  });
}

/** GET /api/device-profiles; a tenant without profiles (or an API without them) simply offers none. */
export function useDeviceProfiles(enabled = true) {
  return useQuery({
    queryKey: ['device-profiles'],
    queryFn: async ({ signal }) => {
      const list = await api.get<HydraCollection<DeviceProfile> | DeviceProfile[]>('/api/device-profiles', {
        query: { pagination: 'false' },
        signal,
      });
      return Array.isArray(list) ? list : (list['hydra:member'] ?? []);
    },
    enabled,
    retry: false,
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
}

/** Save, delete and reset the sabotage alarm; each refreshes the device lists (and the assets that show them). */
export function useDeviceMutations() {
  const client = useQueryClient();
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: deviceKeys.all }),
      client.invalidateQueries({ queryKey: ['assets'] }),
      client.invalidateQueries({ queryKey: ['asset-options', 'devices'] }),
    ]);
  const save = useMutation({
    mutationFn: ({ id, payload }: { id?: number; payload: DevicePayload }) =>
      id === undefined ? api.post<Device>('/api/devices', payload) : api.put<Device>(`/api/devices/${id}`, payload),
    onSuccess: refresh,
    meta: { silent: true },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete(`/api/devices/${id}`),
    // The deleted device's own query would answer 404 on a refetch: drop it instead.
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: deviceKeys.one(id) });
      return refresh();
    },
  });
  const resetSabotaged = useMutation({
    mutationFn: (id: number) => api.post<Device | undefined>(`/api/devices/${id}/reset-sabotaged`),
    onSuccess: refresh,
  });
  return { save, remove, resetSabotaged };
}

/** The Asset picker's choices, searched on the server by name. */
export function useAssetOptions(search: string, enabled = true) {
  return useQuery({
    queryKey: ['asset-options', 'devices-picker', search],
    queryFn: async ({ signal }) => {
      const list = await api.get<HydraCollection<{ id: number; name: string }>>('/api/assets', {
        query: { search: search || undefined, itemsPerPage: 30 },
        signal,
      });
      return list['hydra:member'].map((asset) => ({ id: asset.id, name: asset.name }));
    },
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 60_000,
    meta: { silent: true },
  });
}

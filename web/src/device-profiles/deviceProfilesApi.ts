import type { HydraCollection } from '@shared/hydra';
import type {
  DeviceProfile,
  DeviceProfileInput,
  DeviceProfileTestInput,
  DeviceProfileTestResult,
} from '@shared/schemas/device-profile';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/apiClient';
import type { ListRowsParams } from '../common/list/ListScreen';

/** A tenant holds a handful of profiles: 20 a page, as the other general lists. */
export const DEVICE_PROFILES_PAGE_SIZE = 20;

/** The same key as the device drawer's profile choices, so a saved profile shows up there at once. */
export const deviceProfileKeys = {
  all: ['device-profiles'] as const,
  one: (id: number) => ['device-profiles', 'one', id] as const,
};

/** What a save sends: the shared input schema's body, with the version read (409 when someone saved since). */
export type DeviceProfilePayload = DeviceProfileInput & { version?: number };

async function fetchAll(signal: AbortSignal) {
  const list = await api.get<HydraCollection<DeviceProfile> | DeviceProfile[]>('/api/device-profiles', {
    query: { pagination: 'false' },
    signal,
  });
  return Array.isArray(list) ? list : (list['hydra:member'] ?? []);
}

/**
 * GET /api/device-profiles, built-ins first. The whole (short) list is read once and paged here, under the
 * same query key as the device drawer's choices, so both always agree.
 */
export function useDeviceProfileList({ page }: ListRowsParams<never>) {
  const query = useQuery({
    queryKey: deviceProfileKeys.all,
    queryFn: ({ signal }) => fetchAll(signal),
    placeholderData: keepPreviousData,
    // The page says itself what failed (spec 000 s.8).
    meta: { silent: true },
  });
  const start = (page - 1) * DEVICE_PROFILES_PAGE_SIZE;
  const data = query.data && {
    'hydra:member': query.data.slice(start, start + DEVICE_PROFILES_PAGE_SIZE),
    'hydra:totalItems': query.data.length,
  };
  return { data, isPending: query.isPending, isError: query.isError };
}

export function useDeviceProfile(id: number | undefined) {
  return useQuery({
    queryKey: deviceProfileKeys.one(id ?? 0),
    queryFn: ({ signal }) => api.get<DeviceProfile>(`/api/device-profiles/${id}`, { signal }),
    enabled: id !== undefined,
    retry: false,
    staleTime: 0,
  });
}

/** Save and delete show their own errors (violations on fields, conflicts in a dialog, "in use" in the panel). */
export function useDeviceProfileMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: deviceProfileKeys.all });
  const save = useMutation({
    mutationFn: ({ id, payload }: { id?: number; payload: DeviceProfilePayload }) =>
      id === undefined
        ? api.post<DeviceProfile>('/api/device-profiles', payload)
        : api.put<DeviceProfile>(`/api/device-profiles/${id}`, payload),
    onSuccess: refresh,
    meta: { silent: true },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete(`/api/device-profiles/${id}`),
    // The deleted profile's own query would answer 404 on a refetch: drop it instead.
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: deviceProfileKeys.one(id) });
      return refresh();
    },
    meta: { silent: true },
  });
  return { save, remove };
}

/** POST /api/device-profiles/test: the form's unsaved codec and mapping against some bytes. */
export function useCodecTest() {
  return useMutation({
    mutationFn: (body: DeviceProfileTestInput) => api.post<DeviceProfileTestResult>('/api/device-profiles/test', body),
    meta: { silent: true },
  });
}

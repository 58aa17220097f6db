import type { Asset } from '@shared/schemas/asset';
import type { AssetStatus } from '@shared/schemas/asset-status';
import type { Client } from '@shared/schemas/client';
import type { Device } from '@shared/schemas/device';
import type { Event } from '@shared/schemas/event';
import type { GeoZoneRef } from '@shared/schemas/geo-zone';
import type { FrontendSetting } from '@shared/schemas/settings';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError } from '../api/ApiError';
import { api, apiRequestWithHeaders } from '../api/apiClient';
import { keepAsset, keptAsset } from '../offline/keptAssets';

/** Hydra collection as the console reads it (spec 000 s.7: members and total). */
export interface Collection<T> {
  'hydra:member': T[];
  'hydra:totalItems': number;
}

export const ASSET_PAGE_SIZE = 20;
export const EVENT_PAGE_SIZE = 20;

export type QueryParams = Record<string, string | number | undefined>;

export const assetKeys = {
  all: ['assets'] as const,
  list: (query: QueryParams) => ['assets', 'list', query] as const,
  one: (id: number) => ['assets', 'one', id] as const,
  events: (query: QueryParams) => ['events', query] as const,
  setting: (name: string) => ['frontend-settings', name] as const,
  options: (kind: string, search = '') => ['asset-options', kind, search] as const,
};

export const assetPath = (id: number) => `/api/assets/${id}`;

/**
 * Client users get assets without the hidden fields (absent, not null; spec 000 s.6), so the lists an asset
 * carries are filled in once here. Devices stay absent: "no devices" and "not shown" differ.
 */
export const withListDefaults = (asset: Asset): Asset => ({
  ...asset,
  asset_profile_relations: asset.asset_profile_relations ?? [],
  asset_profile_definitions: asset.asset_profile_definitions ?? [],
  attachments: asset.attachments ?? [],
});

/**
 * A page of the asset list. `totalExact` is false when the API answers `x-total-exact: false`: a filtered list
 * on a large tenant stops counting after its read budget, and `hydra:totalItems` is then a lower bound
 * (docs/data-model.md, "Asset list"), shown as "of more than N".
 */
export function useAssetList(query: QueryParams) {
  return useQuery({
    queryKey: assetKeys.list(query),
    queryFn: async ({ signal }) => {
      const { body: list, headers } = await apiRequestWithHeaders<Collection<Asset>>('/api/assets', { query, signal });
      return {
        ...list,
        'hydra:member': (list['hydra:member'] ?? []).map(withListDefaults),
        totalExact: headers.get('x-total-exact') !== 'false',
      };
    },
    placeholderData: keepPreviousData,
    // The list says itself what failed (spec 000 s.8, "…the entity list"), see AssetsPage.
    meta: { silent: true },
  });
}

/**
 * One asset, kept on the device as read: without network its page shows the kept copy, marked as such
 * (web/src/offline/keptAssets.ts). 'always': the read is tried offline too, so the kept copy is found.
 */
export function useAsset(id: number | null) {
  return useQuery({
    queryKey: assetKeys.one(id ?? 0),
    queryFn: async ({ signal }) => {
      try {
        const asset = await api.get<Asset>(assetPath(id ?? 0), { signal });
        void keepAsset(asset);
        return withListDefaults(asset);
      } catch (error) {
        const kept = error instanceof ApiError && error.status === 0 ? await keptAsset(id ?? 0) : undefined;
        if (!kept) throw error;
        return withListDefaults(kept);
      }
    },
    networkMode: 'always',
    enabled: id !== null,
    retry: false,
    meta: { silent: true },
  });
}

export function useAssetEvents(query: QueryParams, enabled: boolean) {
  return useQuery({
    queryKey: assetKeys.events(query),
    queryFn: ({ signal }) => api.get<Collection<Event>>('/api/events', { query, signal }),
    enabled,
    retry: false,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

/**
 * A stored console setting (asset-table-hidden-columns, asset-table-column-names). The settings API may not
 * answer yet (501) or hold nothing: both read as "no setting".
 */
export function useFrontendSetting(name: string) {
  return useQuery({
    queryKey: assetKeys.setting(name),
    queryFn: async ({ signal }) => {
      try {
        const list = await api.get<Collection<FrontendSetting> | FrontendSetting[]>('/api/frontend-settings', {
          query: { name },
          signal,
        });
        const members = Array.isArray(list) ? list : (list?.['hydra:member'] ?? []);
        return members.find((m) => m.name === name)?.data ?? null;
      } catch {
        return null;
      }
    },
    retry: false,
    staleTime: 5 * 60 * 1000,
  });
}

/** Choices for the asset form and filter; a list the API cannot give yet is simply empty. */
function useOptions<T>(kind: string, path: string, query: QueryParams, enabled = true) {
  return useQuery({
    queryKey: assetKeys.options(kind, JSON.stringify(query)),
    queryFn: async ({ signal }) => {
      const list = await api.get<Collection<T> | T[]>(path, { query, signal });
      return Array.isArray(list) ? list : (list?.['hydra:member'] ?? []);
    },
    enabled,
    retry: false,
    staleTime: 60 * 1000,
    meta: { silent: true },
  });
}

export const useClientOptions = (search: string, enabled = true) =>
  useOptions<Client>('clients', '/api/clients', { search: search || undefined, itemsPerPage: 30 }, enabled);
export const useDeviceOptions = (enabled = true) =>
  useOptions<Device>('devices', '/api/devices', { itemsPerPage: 100 }, enabled);
export const useGeoZoneOptions = (enabled = true) => useOptions<GeoZoneRef>('geo-zones', '/api/geo-zones', {}, enabled);
export const useAssetStatusOptions = (enabled = true) =>
  useOptions<AssetStatus>('statuses', '/api/asset-statuses', {}, enabled);
export const useProfileDefinitionOptions = (enabled = true) =>
  useOptions<{ id: number; name: string; type: string }>(
    'profile-definitions',
    '/api/asset-profile-definitions',
    {},
    enabled,
  );

import type { HydraCollection } from '@shared/hydra';
import type {
  AssetProfile,
  AssetProfileDefinition,
  AssetProfileDefinitionUpdateInput,
  AssetProfileValue,
} from '@shared/schemas/asset-profile';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/apiClient';
import { assetKeys } from '../assets/assetsApi';

const definitionsKey = ['asset-profile-definitions'] as const;
const profileKey = (uri: string) => ['asset-profile', uri] as const;

/** GET /api/asset-profile-definitions: a handful per tenant, read in one go. */
export function useProfileDefinitions(enabled = true) {
  return useQuery({
    queryKey: definitionsKey,
    queryFn: ({ signal }) =>
      api.get<HydraCollection<AssetProfileDefinition>>('/api/asset-profile-definitions', {
        query: { pagination: 'false' },
        signal,
      }),
    enabled,
    meta: { silent: true },
  });
}

export function useSaveDefinition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AssetProfileDefinitionUpdateInput }) =>
      api.put<AssetProfileDefinition>(`/api/asset-profile-definitions/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: definitionsKey }),
    // The editor's panel form says what went wrong (a conflict as its dialog), not a second notice.
    meta: { silent: true },
  });
}

/** GET on an asset's profile relation URI (/api/asset-profiles/{id}). */
export function useAssetProfile(uri: string | undefined) {
  return useQuery({
    queryKey: profileKey(uri ?? ''),
    queryFn: ({ signal }) => api.get<AssetProfile>(uri as string, { signal }),
    enabled: !!uri,
    staleTime: 0,
  });
}

export interface AssetProfileSave {
  data: AssetProfileValue[];
  version: number;
  reset_residual_length?: boolean;
}

/** PUT on the relation URI; the asset's cable length (list sort) changes with it, so assets are read again. */
export function useSaveAssetProfile(uri: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AssetProfileSave) => api.put<AssetProfile>(uri, body),
    // The assets are read again in the background: awaiting that here would hold the caller's onSettled until the
    // refetch ends, and a confirmation opened meanwhile (Reset straight after a save) would be closed by it.
    onSuccess: (saved) => {
      queryClient.setQueryData(profileKey(uri), saved);
      void queryClient.invalidateQueries({ queryKey: assetKeys.all });
    },
    // The block says what went wrong: the save through its panel form (a conflict as its dialog), Reset itself.
    meta: { silent: true },
  });
}

import type { HydraCollection } from '@shared/hydra';
import { type ApiToken, type ApiTokenInput, apiTokenSchema } from '@shared/schemas/api-token';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/apiClient';

export const API_TOKENS_KEY = ['api-tokens'] as const;

export const apiTokensQuery = queryOptions({
  queryKey: API_TOKENS_KEY,
  queryFn: async () =>
    (await api.get<HydraCollection<ApiToken>>('/api/tokens', { query: { pagination: false } }))['hydra:member'],
  // The screen says a failed load itself (useListLoadError), as every list.
  meta: { silent: true },
});

/** The answer carries client_secret: the only time the console ever sees it. */
export const createApiToken = async (input: ApiTokenInput) =>
  apiTokenSchema.parse(await api.post('/api/tokens', input));

export const revokeApiToken = (id: number) => api.delete(`/api/tokens/${id}`);

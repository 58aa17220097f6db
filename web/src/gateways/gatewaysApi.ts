import type { HydraCollection } from '@shared/hydra';
import { type Gateway, type GatewayInput, gatewaySchema } from '@shared/schemas/gateway';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/apiClient';

export const GATEWAYS_KEY = ['gateways'] as const;

export const gatewaysQuery = queryOptions({
  queryKey: GATEWAYS_KEY,
  queryFn: async () =>
    (await api.get<HydraCollection<Gateway>>('/api/gateways', { query: { pagination: false } }))['hydra:member'],
});

/** The answer carries the certificate and its private key: the only time the console ever sees them. */
export const registerGateway = async (input: GatewayInput) =>
  gatewaySchema.parse(await api.post('/api/gateways', input));

export const deleteGateway = (id: number) => api.delete(`/api/gateways/${id}`);

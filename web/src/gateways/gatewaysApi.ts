import type { HydraCollection } from '@shared/hydra';
import { type Gateway, type GatewayInput, gatewaySchema } from '@shared/schemas/gateway';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/apiClient';

export const GATEWAYS_KEY = ['gateways'] as const;

/** All of the organisation's gateways in one answer (a handful): the list shows them whole. */
export const useGateways = () =>
  useQuery({
    queryKey: GATEWAYS_KEY,
    queryFn: () => api.get<HydraCollection<Gateway>>('/api/gateways', { query: { pagination: false } }),
    meta: { silent: true },
  });

/** The answer carries the certificate and its private key: the only time the console ever sees them. */
export const registerGateway = async (input: GatewayInput) =>
  gatewaySchema.parse(await api.post('/api/gateways', input));

export const deleteGateway = (id: number) => api.delete(`/api/gateways/${id}`);

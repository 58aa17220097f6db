import type { HydraCollection } from '@shared/hydra';
import type {
  RentalContract,
  RentalContractBulkReport,
  RentalContractStatus,
  rentalContractWithVersionsSchema,
} from '@shared/schemas/rental-contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../api/apiClient';

/** The ERP's contract lines (shared/api/rental-contracts.ts): a customer's or an asset's, one line with versions. */
export const CONTRACTS_PAGE_SIZE = 20;
export const CONTRACT_FILTER_KEYS = ['customer', 'status'] as const;
export type ContractFilterKey = (typeof CONTRACT_FILTER_KEYS)[number];
export type ContractWithVersions = z.infer<typeof rentalContractWithVersionsSchema>;
/** A list row is known by its external id. */
export type ContractRow = RentalContract & { id: string };

const contractsKey = ['rental-contracts'] as const;

/** One page of the lines of a customer (`/api/clients/{id}/...`) or an asset (`/api/assets/{id}/...`). */
export function useContractLines(
  owner: { kind: 'clients' | 'assets'; id: number } | undefined,
  page: number,
  status?: RentalContractStatus,
  pageSize = CONTRACTS_PAGE_SIZE,
) {
  return useQuery({
    queryKey: [...contractsKey, owner?.kind, owner?.id, page, status, pageSize],
    queryFn: ({ signal }) =>
      api.get<HydraCollection<RentalContract>>(`/api/${owner?.kind}/${owner?.id}/rental-contracts`, {
        query: { page, itemsPerPage: pageSize, status },
        signal,
      }),
    select: (collection) => ({
      ...collection,
      'hydra:member': collection['hydra:member'].map((line) => ({ ...line, id: line.externalId })),
    }),
    enabled: owner !== undefined,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

export function useContractLine(externalId: string | undefined) {
  return useQuery({
    queryKey: [...contractsKey, 'one', externalId],
    queryFn: ({ signal }) =>
      api.get<ContractWithVersions>(`/api/rental-contracts/${encodeURIComponent(externalId ?? '')}`, { signal }),
    enabled: externalId !== undefined,
    staleTime: 0,
  });
}

const linePath = (externalId: string) => `/api/rental-contracts/${encodeURIComponent(externalId)}`;

export function useContractMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: contractsKey });
  const save = useMutation({
    mutationFn: ({ externalId, payload }: { externalId: string; payload: Record<string, unknown> }) =>
      api.put<RentalContract>(linePath(externalId), payload),
    onSuccess: refresh,
    meta: { silent: true },
  });
  const cancel = useMutation({
    mutationFn: (externalId: string) => api.delete(linePath(externalId)),
    onSuccess: refresh,
  });
  const bulk = useMutation({
    mutationFn: (lines: readonly Record<string, unknown>[]) =>
      api.post<RentalContractBulkReport>('/api/rental-contracts/bulk', { lines }),
    onSettled: refresh,
    meta: { silent: true },
  });
  return { save, cancel, bulk };
}

import type { HydraCollection } from '@shared/hydra';
import type { Tenant } from '@shared/schemas/tenant';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/apiClient';

/** Spec 001 s.9: 30 tenants a page, no page-size options. */
export const TENANTS_PAGE_SIZE = 30;
export const TENANT_FILTER_KEYS = [
  'subdomain',
  'company',
  'address',
  'zipcode',
  'city',
  'country',
  'phone',
  'email',
] as const;
export type TenantFilterKey = (typeof TENANT_FILTER_KEYS)[number];

export interface TenantPayload {
  subdomain: string;
  company: string;
  address: string;
  zipcode: string;
  city: string;
  country: string;
  phone: string;
  email: string;
  icon: string;
  descriptionShort: string;
  version?: number;
}

const tenantsKey = ['tenants'] as const;

export interface TenantListParams {
  page: number;
  search: string;
  filters: Partial<Record<TenantFilterKey, string>>;
}

/** What a search for something that is no tenant id finds. */
const NO_TENANTS: HydraCollection<Tenant> = {
  '@context': '/api/contexts/Tenant',
  '@id': '/api/tenants',
  '@type': 'hydra:Collection',
  'hydra:member': [],
  'hydra:totalItems': 0,
};

export function useTenantList({ page, search, filters }: TenantListParams) {
  return useQuery({
    queryKey: [...tenantsKey, 'list', page, search, filters],
    // The search is by id: words find no tenant, said as an empty list (the API refuses an id that is no number).
    queryFn: ({ signal }) =>
      search && !/^\d{1,9}$/.test(search.trim())
        ? Promise.resolve(NO_TENANTS)
        : api.get<HydraCollection<Tenant>>('/api/tenants', {
            query: { page, itemsPerPage: TENANTS_PAGE_SIZE, id: search.trim() || undefined, ...filters },
            signal,
          }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

/** There is no GET /api/tenants/{id} (spec 001 s.7): the drawer reads the tenant through the id filter. */
export function useTenant(id: number | undefined) {
  return useQuery({
    queryKey: [...tenantsKey, 'one', id],
    queryFn: async ({ signal }) => {
      const list = await api.get<HydraCollection<Tenant>>('/api/tenants', { query: { id }, signal });
      return list['hydra:member'][0] ?? null;
    },
    enabled: id !== undefined,
    staleTime: 0,
  });
}

/** Save and delete refresh the list; errors are shown by the drawer (spec 001 s.8). */
export function useTenantMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: tenantsKey });
  const save = useMutation({
    mutationFn: ({ id, payload }: { id?: number; payload: TenantPayload }) =>
      id === undefined ? api.post<Tenant>('/api/tenants', payload) : api.put<Tenant>(`/api/tenants/${id}`, payload),
    onSuccess: refresh,
    meta: { silent: true },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete(`/api/tenants/${id}`),
    onSettled: (_, __, id) => {
      client.removeQueries({ queryKey: [...tenantsKey, 'one', id] });
      return client.invalidateQueries({ queryKey: [...tenantsKey, 'list'] });
    },
    meta: { silent: true },
  });
  return { save, remove, refresh };
}

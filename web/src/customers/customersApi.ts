import type { HydraCollection } from '@shared/hydra';
import type { Client, ClientUser, CredentialsResetResult } from '@shared/schemas/client';
import type { User } from '@shared/schemas/user';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/apiClient';

/** Spec 000 s.9: page size of the customers list is not shown; 20 as the general lists. */
export const CUSTOMERS_PAGE_SIZE = 20;
export const CLIENT_USERS_PAGE_SIZE = 10;
export const CUSTOMER_FILTER_KEYS = ['id', 'logical_id'] as const;
export type CustomerFilterKey = (typeof CUSTOMER_FILTER_KEYS)[number];

export interface CustomerPayload {
  company: string | null;
  name: string;
  email: string;
  account_manager: number | null;
  version?: number;
}

export interface ClientUserPayload {
  name: string;
  email: string;
  active: boolean;
  version?: number;
}

const customersKey = ['customers'] as const;

export function useCustomerList(params: {
  page: number;
  search: string;
  filters: Partial<Record<CustomerFilterKey, string>>;
}) {
  const { page, search, filters } = params;
  return useQuery({
    queryKey: [...customersKey, 'list', page, search, filters],
    queryFn: ({ signal }) =>
      api.get<HydraCollection<Client>>('/api/clients', {
        query: { page, itemsPerPage: CUSTOMERS_PAGE_SIZE, search: search || undefined, ...filters },
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

export function useCustomer(id: number | undefined) {
  return useQuery({
    queryKey: [...customersKey, 'one', id],
    queryFn: ({ signal }) => api.get<Client>(`/api/clients/${id}`, { signal }),
    enabled: id !== undefined,
    staleTime: 0,
  });
}

/** GET /api/users (spec 000 s.7): the account managers to choose from; client users are not staff. */
export function useAccountManagers() {
  return useQuery({
    queryKey: ['users', 'account-managers'],
    queryFn: ({ signal }) => api.get<HydraCollection<User>>('/api/users', { query: { pagination: false }, signal }),
    select: (collection) => collection['hydra:member'].filter((user) => !user.roles.includes('ROLE_CLIENT')),
    staleTime: 60_000,
  });
}

export function useCustomerMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: customersKey });
  const save = useMutation({
    mutationFn: ({ id, payload }: { id?: number; payload: CustomerPayload }) =>
      id === undefined ? api.post<Client>('/api/clients', payload) : api.put<Client>(`/api/clients/${id}`, payload),
    onSuccess: refresh,
    meta: { silent: true },
  });
  const remove = useMutation({ mutationFn: (id: number) => api.delete(`/api/clients/${id}`), onSuccess: refresh });
  const resetPassword = useMutation({
    mutationFn: (id: number) => api.post<CredentialsResetResult>(`/api/clients/${id}/resetpassword`),
  });
  return { save, remove, resetPassword };
}

export function useClientUsers(clientId: number, page: number, search: string) {
  return useQuery({
    queryKey: [...customersKey, clientId, 'users', page, search],
    queryFn: ({ signal }) =>
      api.get<HydraCollection<ClientUser>>(`/api/clients/${clientId}/users`, {
        query: { page, itemsPerPage: CLIENT_USERS_PAGE_SIZE, search: search || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useClientUserMutations(clientId: number) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: [...customersKey, clientId, 'users'] });
  const base = `/api/clients/${clientId}/users`;
  const save = useMutation({
    mutationFn: ({ id, payload }: { id?: number; payload: ClientUserPayload }) =>
      id === undefined ? api.post<ClientUser>(base, payload) : api.put<ClientUser>(`${base}/${id}`, payload),
    onSuccess: refresh,
    meta: { silent: true },
  });
  const remove = useMutation({ mutationFn: (id: number) => api.delete(`${base}/${id}`), onSuccess: refresh });
  return { save, remove };
}

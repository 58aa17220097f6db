import type { HydraCollection } from '@shared/hydra';
import type { User } from '@shared/schemas/user';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/apiClient';
import { renewSessionWith } from '../session/sessionStore';

/** Spec 001 s.9: the users list shows 20 per page, no page-size options. */
export const USERS_PAGE_SIZE = 20;
export const USER_FILTER_KEYS = ['id', 'email'] as const;
export type UserFilterKey = (typeof USER_FILTER_KEYS)[number];

export interface UserListParams {
  page: number;
  search: string;
  filters: Partial<Record<UserFilterKey, string>>;
}

/** What the form sends (spec 001 s.7: name, username, email, password, roles, active; version on update). */
export interface UserPayload {
  name: string;
  username?: string | null;
  email?: string;
  password?: string;
  current_password?: string;
  roles?: string[];
  active?: boolean;
  version?: number;
}

const usersKey = ['users'] as const;

export function useUserList({ page, search, filters }: UserListParams) {
  return useQuery({
    queryKey: [...usersKey, 'list', page, search, filters],
    queryFn: ({ signal }) =>
      api.get<HydraCollection<User>>('/api/users', {
        query: { page, itemsPerPage: USERS_PAGE_SIZE, search: search || undefined, ...filters },
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

export function useUser(id: number | undefined) {
  return useQuery({
    queryKey: [...usersKey, 'one', id],
    queryFn: ({ signal }) => api.get<User>(`/api/users/${id}`, { signal }),
    enabled: id !== undefined,
    staleTime: 0,
  });
}

/** GET /api/roles: the role names the tenant knows (spec 001 s.7). */
export function useRoleNames() {
  return useQuery({
    queryKey: ['roles', 'names'],
    queryFn: ({ signal }) => api.get<HydraCollection<string>>('/api/roles', { signal }),
    select: (collection) => collection['hydra:member'],
    staleTime: 5 * 60_000,
  });
}

/** Save (create or update) and delete; both refresh every users query. Errors are shown by the drawer. */
interface SaveUser {
  id?: number;
  payload: UserPayload;
  /** The caller's own password changed: the session to renew with it. */
  renewSession?: { login: string; password: string };
}

export function useUserMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: usersKey });
  const save = useMutation({
    mutationFn: async ({ id, payload, renewSession }: SaveUser) => {
      const saved = await (id === undefined
        ? api.post<User>('/api/users', payload)
        : api.put<User>(`/api/users/${id}`, payload));
      // One's own new password ends every session, this one too (docs/security.md): sign in again before the
      // lists refetch, or their refetch with the ended token would sign the user out.
      if (renewSession) await renewSessionWith(renewSession.login, renewSession.password);
      return saved;
    },
    onSuccess: refresh,
    meta: { silent: true },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete(`/api/users/${id}`),
    // The deleted user's own query would answer 404 on a refetch: drop it instead.
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: [...usersKey, 'one', id] });
      return client.invalidateQueries({ queryKey: [...usersKey, 'list'] });
    },
  });
  return { save, remove };
}

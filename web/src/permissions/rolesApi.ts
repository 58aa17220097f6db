import type { HydraCollection } from '@shared/hydra';
import type { Permission, Role } from '@shared/schemas/role';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/apiClient';

/** The role matrix calls of spec 001 s.7: permissions, roles with their permissions, PUT per role. */
export const ROLE_MATRIX_KEY = ['role-matrix'] as const;
const PERMISSIONS_KEY = ['permissions'] as const;

export function useRoleMatrix() {
  return useQuery({
    queryKey: ROLE_MATRIX_KEY,
    queryFn: async () => (await api.get<HydraCollection<Role>>('/api/role-matrix'))['hydra:member'],
  });
}

export function usePermissions() {
  return useQuery({
    queryKey: PERMISSIONS_KEY,
    queryFn: async () =>
      (await api.get<HydraCollection<Permission>>('/api/permissions', { query: { pagination: false } }))[
        'hydra:member'
      ],
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export const saveRolePermissions = (id: number, permissions: readonly string[], version: number) =>
  api.put<Role>(`/api/roles/${id}`, { role_permissions: permissions.map((permission) => ({ permission })), version });

export const renameRole = (id: number, name: string, version: number) =>
  api.put<Role>(`/api/roles/${id}`, { name, version });

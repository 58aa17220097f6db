import type { PermissionName, RoleName } from '../../../shared/permissions';
import { DEFAULT_ROLE_PERMISSIONS, PERMISSIONS, ROLES } from '../../../shared/permissions';
import { createRepository, type Stored } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';

/** A role of the tenant's matrix (spec 001 section 3): built-in roles plus user-defined ones. */
export interface RoleRecord extends Stored {
  name: string;
  is_user_defined: boolean;
  permissions: string[];
}

export const roleRepository = createRepository<RoleRecord>({ type: 'ROLE' });

/** The whole matrix of a tenant: one query on a small partition. Read on every request, never cached, so a
 * permission removed in the matrix is refused on the very next call. */
export async function loadRoleMatrix(ctx: TenantContext): Promise<RoleRecord[]> {
  const { items } = await roleRepository.page(ctx, { page: 1, itemsPerPage: 1000 });
  return items;
}

export function permissionsOf(matrix: RoleRecord[], roles: readonly string[]): Set<string> {
  const granted = new Set<string>();
  for (const role of matrix) if (roles.includes(role.name)) for (const p of role.permissions) granted.add(p);
  return granted;
}

/** The matrix a new tenant starts with. */
export const defaultRoleMatrix = (): Omit<RoleRecord, 'id' | 'version'>[] =>
  ROLES.map((name: RoleName) => ({
    name,
    is_user_defined: false,
    permissions: [...(DEFAULT_ROLE_PERMISSIONS[name] as readonly PermissionName[])],
  }));

/** Permissions have no table of their own: the id is the name's place in PERMISSIONS, stable across tenants. */
export const permissionId = (name: string) => (PERMISSIONS as readonly string[]).indexOf(name) + 1;

export const toApiPermission = (name: string) => ({
  '@id': `/api/permissions/${permissionId(name)}`,
  '@type': 'Permission',
  id: permissionId(name),
  permission: name,
});

/** The Role shape of spec 001 s.3, permissions in the order of PERMISSIONS. */
export const toApiRole = (role: RoleRecord) => ({
  '@id': `/api/roles/${role.id}`,
  '@type': 'Role',
  id: role.id,
  name: role.name,
  is_user_defined: role.is_user_defined,
  role_permissions: PERMISSIONS.filter((name) => role.permissions.includes(name)).map(toApiPermission),
  version: role.version,
});

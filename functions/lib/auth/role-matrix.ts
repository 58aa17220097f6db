import type { PermissionName, RoleName } from '../../../shared/permissions';
import { DEFAULT_ROLE_PERMISSIONS, PERMISSIONS, ROLES } from '../../../shared/permissions';
import { tableName } from '../data/client';
import { typePartition } from '../data/keys';
import { queryAllPages } from '../data/query-page';
import { createRepository, fromItem, type Stored } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';

/** A role of the tenant's matrix (spec 001 section 3): built-in roles plus user-defined ones. */
export interface RoleRecord extends Stored {
  name: string;
  is_user_defined: boolean;
  permissions: string[];
}

const ROLE_TYPE = 'ROLE';
export const roleRepository = createRepository<RoleRecord>({ type: ROLE_TYPE });

/**
 * The whole matrix of a tenant: one query on a small partition. Read on every request, never cached, so a
 * permission removed in the matrix is refused on the very next call. A plain Query rather than the repository's
 * page: the live authorizer reads the matrix too, and may read the table only (infra/handler-grants.ts).
 */
export async function loadRoleMatrix(ctx: TenantContext): Promise<RoleRecord[]> {
  const roles: RoleRecord[] = [];
  const pages = queryAllPages({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': typePartition(ctx, ROLE_TYPE) },
  });
  for await (const page of pages) for (const item of page.Items ?? []) roles.push(fromItem<RoleRecord>(item));
  return roles;
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

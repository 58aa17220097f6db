import type { Violation } from '../../shared/errors';
import { PERMISSIONS, ROLES } from '../../shared/permissions';
import {
  BUILT_IN_ROLE_NAME_FIXED,
  PERMISSION_EDIT_LOCKOUT,
  ROLE_NAME_TAKEN,
  type RoleUpdateInput,
  SUPER_ADMIN_ROLE_RESERVED,
} from '../../shared/schemas/role';
import type { AuthContext } from '../lib/auth/auth-context';
import {
  loadRoleMatrix,
  permissionsOf,
  type RoleRecord,
  roleRepository,
  toApiPermission,
  toApiRole,
} from '../lib/auth/role-matrix';
import { forbidden, unprocessable } from '../lib/http/errors';
import { createHttpHandler, reply, route } from '../lib/http/handler';
import { toCollection } from '../lib/http/hydra';

/** Roles and the permission matrix (spec 001 section 2, Roles). */
const whole = <T>(path: string, members: T[]) =>
  toCollection(
    path,
    { page: 1, itemsPerPage: Math.max(1, members.length), paginate: false, params: new URLSearchParams() },
    members,
    members.length,
  );

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** A new or changed name must not collide with a built-in role or another role of the tenant. */
function nameViolation(matrix: RoleRecord[], name: string, ownId?: number): Violation | undefined {
  const taken =
    ROLES.some((builtIn) => sameName(builtIn, name)) ||
    matrix.some((role) => role.id !== ownId && sameName(role.name, name));
  return taken ? { propertyPath: 'name', message: ROLE_NAME_TAKEN } : undefined;
}

/** What PUT would store; 422 for a rename of a built-in role or a taken name. */
function applyChange(matrix: RoleRecord[], current: RoleRecord, input: RoleUpdateInput): RoleRecord {
  const renamed = input.name !== undefined && input.name !== current.name;
  if (renamed && !current.is_user_defined) {
    throw unprocessable([{ propertyPath: 'name', message: BUILT_IN_ROLE_NAME_FIXED }]);
  }
  const taken = renamed ? nameViolation(matrix, input.name as string, current.id) : undefined;
  if (taken) throw unprocessable([taken]);
  return {
    ...current,
    name: renamed ? (input.name as string) : current.name,
    permissions: input.role_permissions ? input.role_permissions.map((p) => p.permission) : current.permissions,
  };
}

/**
 * Lock-out guard: whoever saves the matrix must still hold PERMISSION_EDIT afterwards, through some role
 * they have. Otherwise nobody of their rank could undo the change.
 */
function assertKeepsPermissionEdit(auth: AuthContext, matrix: RoleRecord[], next: RoleRecord) {
  const after = matrix.map((role) => (role.id === next.id ? next : role));
  if (!permissionsOf(after, auth.roles).has('PERMISSION_EDIT')) {
    throw unprocessable([{ propertyPath: 'role_permissions', message: PERMISSION_EDIT_LOCKOUT }]);
  }
}

export const handler = createHttpHandler('roles', {
  'roles.names': route({
    run: async ({ auth }) => {
      const matrix = await loadRoleMatrix(auth.tenant);
      const names = [...new Set([...ROLES, ...matrix.map((role) => role.name)])];
      return whole('/api/roles', names);
    },
  }),
  'roles.matrix': route({
    run: async ({ auth }) => {
      const matrix = await loadRoleMatrix(auth.tenant);
      return whole('/api/role-matrix', matrix.map(toApiRole));
    },
  }),
  'permissions.list': route({
    run: async () => whole('/api/permissions', PERMISSIONS.map(toApiPermission)),
  }),
  'roles.create': route({
    run: async ({ auth, body }) => {
      const taken = nameViolation(await loadRoleMatrix(auth.tenant), body.name);
      if (taken) throw unprocessable([taken]);
      const created = await roleRepository.create(auth.tenant, {
        name: body.name,
        is_user_defined: true,
        permissions: body.role_permissions.map((p) => p.permission),
      });
      return reply(201, toApiRole(created));
    },
  }),
  'roles.update': route({
    run: async ({ auth, params, body }) => {
      const { id } = params;
      const matrix = await loadRoleMatrix(auth.tenant);
      const current = await roleRepository.getOrThrow(auth.tenant, id);
      if (current.name === 'ROLE_SUPER_ADMIN' && !auth.roles.includes('ROLE_SUPER_ADMIN')) {
        throw forbidden(SUPER_ADMIN_ROLE_RESERVED);
      }
      const next = applyChange(matrix, current, body);
      assertKeepsPermissionEdit(auth, matrix, next);
      const { id: _id, version: _version, ...change } = next;
      return toApiRole(await roleRepository.update(auth.tenant, id, body.version, () => change));
    },
  }),
});

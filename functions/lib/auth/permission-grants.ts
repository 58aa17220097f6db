import { DEFAULT_ROLE_PERMISSIONS, isRoleName, type PermissionName } from '../../../shared/permissions';
import type { TenantContext } from '../data/tenant-context';
import { HttpError } from '../http/errors';
import { loadRoleMatrix, roleRepository } from './role-matrix';

/**
 * Permissions that joined PERMISSIONS after tenants had saved their role matrix. A new tenant's matrix has them
 * (DEFAULT_ROLE_PERMISSIONS); an older tenant's built-in roles get them once, by a migration step each
 * (scripts/migrations/steps.ts), so an admin who takes one away afterwards keeps it away. A permission added
 * to PERMISSIONS goes here too (test/unit/permission-grants.test.ts fails until it does).
 */
export const LATER_PERMISSIONS = ['GATEWAYS', 'ASSET_REPORT_CONFIRM'] as const satisfies readonly PermissionName[];

const ATTEMPTS = 5;

/**
 * Adds the permission to each built-in role of the tenant whose default holds it and that lacks it. Each role is
 * written on the version read, so an admin's edit meanwhile is re-read rather than overwritten.
 */
export async function grantToBuiltInRoles(
  ctx: TenantContext,
  permission: PermissionName,
): Promise<{ roles: number; granted: number }> {
  let granted = 0;
  const matrix = await loadRoleMatrix(ctx);
  const wanting = matrix.filter(
    (role) =>
      !role.is_user_defined &&
      isRoleName(role.name) &&
      DEFAULT_ROLE_PERMISSIONS[role.name].includes(permission) &&
      !role.permissions.includes(permission),
  );
  for (const role of wanting) if (await grantOne(ctx, role.id, permission)) granted++;
  return { roles: matrix.length, granted };
}

async function grantOne(ctx: TenantContext, roleId: number, permission: string): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    const role = await roleRepository.get(ctx, roleId);
    if (!role || role.permissions.includes(permission)) return false;
    try {
      await roleRepository.update(ctx, roleId, role.version, (current) => ({
        ...current,
        permissions: [...current.permissions, permission],
      }));
      return true;
    } catch (error) {
      if (!(error instanceof HttpError && error.status === 409) || attempt >= ATTEMPTS) throw error;
    }
  }
}

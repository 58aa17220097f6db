import type { Role } from '../../../shared/schemas/role';

/**
 * Unsaved matrix changes (spec 001 s.4: nothing is saved until Save). Each touched role keeps the version it
 * was read at, so saving over someone else's newer change answers 409 instead of silently overwriting it.
 */
export interface RoleDraft {
  version: number;
  permissions: ReadonlySet<string>;
}
export type MatrixDraft = Readonly<Record<number, RoleDraft>>;

export const permissionNames = (role: Role) => role.role_permissions.map((p) => p.permission);

export function holds(draft: MatrixDraft, role: Role, permission: string): boolean {
  const touched = draft[role.id];
  return touched ? touched.permissions.has(permission) : permissionNames(role).includes(permission);
}

export function toggle(draft: MatrixDraft, role: Role, permission: string): MatrixDraft {
  const current = draft[role.id] ?? { version: role.version, permissions: new Set(permissionNames(role)) };
  const permissions = new Set(current.permissions);
  if (permissions.has(permission)) permissions.delete(permission);
  else permissions.add(permission);
  return { ...draft, [role.id]: { ...current, permissions } };
}

export interface RoleChange {
  role: Role;
  permissions: string[];
  version: number;
}

/** Roles whose drafted permissions differ from the stored ones; toggling a box back is no change. */
export function changedRoles(draft: MatrixDraft, roles: readonly Role[]): RoleChange[] {
  return roles.flatMap((role) => {
    const touched = draft[role.id];
    if (!touched) return [];
    const stored = new Set(permissionNames(role));
    const same = stored.size === touched.permissions.size && [...stored].every((p) => touched.permissions.has(p));
    return same ? [] : [{ role, permissions: [...touched.permissions], version: touched.version }];
  });
}

export function without(draft: MatrixDraft, roleId: number): MatrixDraft {
  const { [roleId]: _dropped, ...rest } = draft;
  return rest;
}

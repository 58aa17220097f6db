import type { Violation } from '../../../shared/errors';
import { rankOf } from '../../../shared/permissions';
import { DEFAULT_USER_ROLES } from '../../../shared/schemas/user';
import type { AuthContext } from '../auth/auth-context';
import { forbidden, unprocessable } from '../http/errors';
import type { UserRecord } from './user-repository';

/**
 * Who may do what to a user record (spec 001 s.6, and docs/decisions/0061). The route table only
 * checks the permission; these rules need the record and the caller.
 */
export const ADMIN_ROLES = ['ROLE_ADMIN', 'ROLE_SUPER_ADMIN'] as const;
export const SUPER_ADMIN = 'ROLE_SUPER_ADMIN';

export const MESSAGES_USERS = {
  adminsOnly: 'Only administrators may change this field',
  superAdminOnly: 'Only a super administrator may grant or remove ROLE_SUPER_ADMIN',
  superAdminTarget: 'Only a super administrator may change or delete a super administrator.',
  clientRole: 'Client users are managed under Customers',
  ownRoles: 'You cannot change your own roles',
  ownActive: 'You cannot deactivate yourself',
  usernameFixed: 'The username cannot be changed',
  deleteSelf: 'You cannot delete your own account.',
  higherRank: 'You cannot manage a user whose role is above your own.',
  roleAboveOwn: 'You cannot grant a role above your own.',
  currentPasswordRequired: 'Enter your current password to set a new one',
  currentPasswordWrong: 'The current password is not correct',
} as const;

export const isSelf = (auth: AuthContext, user: { id: number }) => auth.userId === user.id;
const isAdminCaller = (auth: AuthContext) => auth.hasAny(...ADMIN_ROLES);
const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item) => b.includes(item));

/** Reading a user: oneself always; others with a user permission or as admin (the customers screen too). */
export function assertMayRead(auth: AuthContext, user: UserRecord) {
  if (isSelf(auth, user)) return;
  if (!auth.hasAny('USER_READ', 'USER_EDIT', 'USER_CREATE', 'USER_DELETE', ...ADMIN_ROLES)) throw forbidden();
}

/**
 * Changing (name, password, active flag, roles) or deleting someone else: needs the permission, and nobody
 * manages a user ranked above them (shared/permissions.ts ROLE_RANK). Without the rank rule, a USER_EDIT holder
 * could set an admin's password and sign in as them.
 */
export function assertMayManage(auth: AuthContext, user: UserRecord, permission: 'USER_EDIT' | 'USER_DELETE') {
  if (!auth.hasAny(permission, ...ADMIN_ROLES)) throw forbidden();
  if (rankOf(user.roles) <= rankOf(auth.roles)) return;
  throw forbidden(user.roles.includes(SUPER_ADMIN) ? MESSAGES_USERS.superAdminTarget : MESSAGES_USERS.higherRank);
}

/** Granting a role: never one above the caller's own rank (403, before the field rules below). */
export function assertMayGrant(auth: AuthContext, before: readonly string[], after: readonly string[]) {
  const granted = after.filter((role) => !before.includes(role));
  if (rankOf(granted) > rankOf(auth.roles)) throw forbidden(MESSAGES_USERS.roleAboveOwn);
}

/** Role changes: known roles only (schema), never ROLE_CLIENT here, ROLE_SUPER_ADMIN only by a super admin. */
function roleViolations(auth: AuthContext, before: readonly string[], after: readonly string[]): Violation[] {
  if (sameSet(before, after)) return [];
  if (!isAdminCaller(auth)) return [{ propertyPath: 'roles', message: MESSAGES_USERS.adminsOnly }];
  if (before.includes('ROLE_CLIENT') !== after.includes('ROLE_CLIENT'))
    return [{ propertyPath: 'roles', message: MESSAGES_USERS.clientRole }];
  if (before.includes(SUPER_ADMIN) !== after.includes(SUPER_ADMIN) && !auth.hasAny(SUPER_ADMIN))
    return [{ propertyPath: 'roles', message: MESSAGES_USERS.superAdminOnly }];
  return [];
}

/** A new user: non-admins with USER_CREATE may only make plain users. */
export function assertMayCreate(auth: AuthContext, roles: readonly string[]) {
  const violations = roleViolations(auth, isAdminCaller(auth) ? [] : DEFAULT_USER_ROLES, roles);
  if (roles.includes('ROLE_CLIENT')) violations.push({ propertyPath: 'roles', message: MESSAGES_USERS.clientRole });
  if (violations.length) throw unprocessable(violations.slice(0, 1));
}

export interface WantedChange {
  username?: string | null;
  email: string;
  roles: string[];
  active: boolean;
}

/**
 * An update: username is fixed (Cognito usernames cannot change); e-mail and roles are for admins; nobody
 * changes their own roles or deactivates themselves (they would lock themselves out).
 */
export function assertMayChange(auth: AuthContext, current: UserRecord, wanted: WantedChange) {
  const violations: Violation[] = [];
  if (wanted.username && wanted.username !== current.username)
    violations.push({ propertyPath: 'username', message: MESSAGES_USERS.usernameFixed });
  if (wanted.email !== current.email && !isAdminCaller(auth))
    violations.push({ propertyPath: 'email', message: MESSAGES_USERS.adminsOnly });
  if (isSelf(auth, current)) {
    if (!sameSet(current.roles, wanted.roles))
      violations.push({ propertyPath: 'roles', message: MESSAGES_USERS.ownRoles });
    if (current.active !== wanted.active)
      violations.push({ propertyPath: 'active', message: MESSAGES_USERS.ownActive });
  } else {
    violations.push(...roleViolations(auth, current.roles, wanted.roles));
  }
  if (violations.length) throw unprocessable(violations);
}

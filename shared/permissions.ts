/**
 * Role and permission names of both spec documents, and the default role/permission matrix a new tenant
 * starts with. The matrix is per tenant and editable (spec 001 section 2, Roles); this is only its seed.
 */
export const ROLES = [
  'ROLE_SUPER_ADMIN',
  'ROLE_ADMIN',
  'ROLE_USER',
  'ROLE_CLIENT',
  'ROLE_TRANSPORTER',
  'ROLE_ACCOUNT_MANAGER',
] as const;
export type RoleName = (typeof ROLES)[number];

const crud = <P extends string>(prefix: P) =>
  [`${prefix}_CREATE`, `${prefix}_READ`, `${prefix}_EDIT`, `${prefix}_DELETE`] as const;

export const PERMISSIONS = [
  ...crud('ASSET'),
  ...crud('ALARM'),
  ...crud('DEVICE'),
  ...crud('USER'),
  ...crud('CUSTOMER'),
  'PERMISSION_READ',
  'PERMISSION_EDIT',
  'ASSET_PROFILE_READ',
  'ASSET_PROFILE_EDIT',
  'VIEW_ASSET_MAP',
  'RESET_LOAN_DAYS',
  'CABLE_REEL_RESET',
  'STYLING_EDIT',
  'KPN_THINGS',
  'API_TOKENS',
  'COMING_SOON',
  'DEPRECATED',
  // Last, so the ids of the others (their place in this list, role-matrix.ts permissionId) stay the same.
  'GATEWAYS',
  // Planners confirm the delivered / empty reports of transporters and client users.
  'ASSET_REPORT_CONFIRM',
] as const;
export type PermissionName = (typeof PERMISSIONS)[number];

export const isRoleName = (value: string): value is RoleName => (ROLES as readonly string[]).includes(value);
export const isPermissionName = (value: string): value is PermissionName =>
  (PERMISSIONS as readonly string[]).includes(value);

/** Roles whose holders count as staff (spec 000 section 6: neither client nor transporter). */
export const isStaff = (roles: readonly string[]) =>
  !roles.includes('ROLE_CLIENT') && !roles.includes('ROLE_TRANSPORTER');

/**
 * The role hierarchy (spec 001 s.1: super administrators, administrators, normal users, clients): who may
 * manage whom. Account managers are staff like users; transporters and clients see only assets. A user's
 * rank is that of their highest role; nobody manages a user ranked above them or grants a role above their own
 * (functions/lib/users/user-policy.ts). User-defined roles cannot be assigned yet, so every assignable role is here.
 */
export const ROLE_RANK: Record<RoleName, number> = {
  ROLE_SUPER_ADMIN: 3,
  ROLE_ADMIN: 2,
  ROLE_USER: 1,
  ROLE_ACCOUNT_MANAGER: 1,
  ROLE_TRANSPORTER: 0,
  ROLE_CLIENT: 0,
};
export const rankOf = (roles: readonly string[]) =>
  Math.max(0, ...roles.map((role) => (isRoleName(role) ? ROLE_RANK[role] : 0)));

export const isAdmin = (roles: readonly string[]) => roles.includes('ROLE_ADMIN') || roles.includes('ROLE_SUPER_ADMIN');

export const isClientUser = (roles: readonly string[]) => roles.includes('ROLE_CLIENT');

/** Who may call a route whatever the tenant's role matrix grants (shared/routes.ts `only`). */
export type Audience = 'staff' | 'admins' | 'not-clients';

export function inAudience(audience: Audience, roles: readonly string[]): boolean {
  if (audience === 'staff') return isStaff(roles);
  if (audience === 'admins') return isAdmin(roles);
  return !isClientUser(roles);
}

const everything = PERMISSIONS.filter((p) => p !== 'COMING_SOON' && p !== 'DEPRECATED');

/**
 * The spec says only "which roles hold which permissions: not shown"; this default is our decision
 * (docs/decisions/0002). Admins get everything usable; the other roles get what their screens need.
 */
export const DEFAULT_ROLE_PERMISSIONS: Record<RoleName, readonly PermissionName[]> = {
  ROLE_SUPER_ADMIN: everything,
  ROLE_ADMIN: everything,
  ROLE_USER: [
    ...crud('ASSET'),
    'ALARM_READ',
    'DEVICE_READ',
    'DEVICE_EDIT',
    'CUSTOMER_READ',
    'ASSET_PROFILE_READ',
    'VIEW_ASSET_MAP',
    'RESET_LOAN_DAYS',
    'ASSET_REPORT_CONFIRM',
  ],
  ROLE_ACCOUNT_MANAGER: [
    'ASSET_READ',
    'ASSET_EDIT',
    ...crud('CUSTOMER'),
    'DEVICE_READ',
    'ALARM_READ',
    'ASSET_PROFILE_READ',
    'VIEW_ASSET_MAP',
    'ASSET_REPORT_CONFIRM',
  ],
  ROLE_TRANSPORTER: ['ASSET_READ', 'VIEW_ASSET_MAP'],
  ROLE_CLIENT: ['ASSET_READ', 'VIEW_ASSET_MAP'],
};

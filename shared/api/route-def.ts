import type { Audience, PermissionName, RoleName } from '../permissions';

/**
 * What a route of the table is (shared/routes.ts joins every module's routes into the one table), and the
 * access rules the modules' routes are written with.
 *
 * access:
 *  - 'public': no token (sign-in, refresh, password reset, SSO callback, logo)
 *  - 'authenticated': any signed-in user of the tenant
 *  - { anyOf }: the user must hold one of these permissions (from the tenant's role matrix) or roles
 *  - { anyOf, only }: and be of that audience whatever the matrix grants (spec 000 s.6): staff (neither client
 *    nor transporter), admins, or anyone but client users (who see no devices and no geo zones, and write no
 *    asset). Checked before the body is read, so such a caller learns 403 and nothing of the body's faults.
 *
 * handler: the feature module under functions/http/ that implements the route (one Lambda per module).
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RouteAccess =
  | 'public'
  | 'authenticated'
  | { anyOf: readonly (PermissionName | RoleName)[]; only?: Audience };

export const HANDLER_MODULES = [
  'session',
  'admin-users',
  'roles',
  'tenants',
  'settings',
  'kpn-things',
  'api-tokens',
  'assets',
  'asset-profiles',
  'clients',
  'devices',
  'events',
  'geo-zones',
  'zone-stock',
  'alarms',
  'exports',
  'device-uplinks',
  'asset-alarms',
  'gateways',
  'device-profiles',
  'zone-visits',
  'pickups',
  'loan-days',
  'webhooks',
  'audit',
  'report-subscriptions',
  'web-push',
  'utilisation',
  'area-search',
  'share-links',
  'labels',
  'rental-contracts',
] as const;
export type HandlerModule = (typeof HANDLER_MODULES)[number];

export interface RouteDef {
  /** Stable identifier, used by handler modules to register their implementation. */
  id: string;
  method: HttpMethod;
  /** API Gateway path syntax, parameters as {name}. */
  path: string;
  access: RouteAccess;
  handler: HandlerModule;
}

/** Any of these permissions or roles. */
export const any = (...anyOf: (PermissionName | RoleName)[]) => ({ anyOf });
/** Staff only (neither client users nor transporters), and any of these. */
export const staffOnly = (...anyOf: (PermissionName | RoleName)[]) => ({ anyOf, only: 'staff' as const });
/** Administrators only, and any of these. */
export const adminsOnly = (...anyOf: (PermissionName | RoleName)[]) => ({ anyOf, only: 'admins' as const });
/** Anyone but client users, and any of these. */
export const noClients = (...anyOf: (PermissionName | RoleName)[]) => ({ anyOf, only: 'not-clients' as const });
export const ADMINS = ['ROLE_ADMIN', 'ROLE_SUPER_ADMIN'] as const;

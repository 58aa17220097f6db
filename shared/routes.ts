import type { Audience, PermissionName, RoleName } from './permissions';

/**
 * The one route table. The local gateway serves from it, the CDK API stack creates API Gateway routes and
 * Lambda integrations from it, and the authorization middleware reads each route's requirement from it.
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
  'alarms',
  'exports',
  'device-uplinks',
  'asset-alarms',
  'gateways',
  'device-profiles',
  'zone-visits',
  'billing',
  'webhooks',
  'audit',
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

const any = (...anyOf: (PermissionName | RoleName)[]) => ({ anyOf });
const staffOnly = (...anyOf: (PermissionName | RoleName)[]) => ({ anyOf, only: 'staff' as const });
const adminsOnly = (...anyOf: (PermissionName | RoleName)[]) => ({ anyOf, only: 'admins' as const });
const noClients = (...anyOf: (PermissionName | RoleName)[]) => ({ anyOf, only: 'not-clients' as const });
const ADMINS = ['ROLE_ADMIN', 'ROLE_SUPER_ADMIN'] as const;

export const ROUTES = [
  // spec 001: sign-in, session, single sign-on
  { id: 'session.signIn', method: 'POST', path: '/user/sign-in', access: 'public', handler: 'session' },
  { id: 'session.verify', method: 'POST', path: '/user/verify', access: 'public', handler: 'session' },
  // Beyond the spec: sign-out revokes the session's refresh token; the token is the proof.
  { id: 'session.signOut', method: 'POST', path: '/user/sign-out', access: 'public', handler: 'session' },
  { id: 'session.resetPassword', method: 'POST', path: '/user/reset-password', access: 'public', handler: 'session' },
  {
    id: 'session.confirmResetPassword',
    method: 'POST',
    path: '/user/reset-password/confirm',
    access: 'public',
    handler: 'session',
  },
  { id: 'session.oauthCallback', method: 'GET', path: '/oauth', access: 'public', handler: 'session' },
  { id: 'session.azureLogin', method: 'GET', path: '/login/azure', access: 'public', handler: 'session' },
  { id: 'session.me', method: 'GET', path: '/api/me', access: 'authenticated', handler: 'session' },
  // The signed-in user's own second factor (functions/lib/auth/second-factor.ts); API credentials have none.
  {
    id: 'session.secondFactor',
    method: 'GET',
    path: '/api/me/second-factor',
    access: 'authenticated',
    handler: 'session',
  },
  {
    id: 'session.startSecondFactor',
    method: 'POST',
    path: '/api/me/second-factor/setup',
    access: 'authenticated',
    handler: 'session',
  },
  {
    id: 'session.confirmSecondFactor',
    method: 'POST',
    path: '/api/me/second-factor',
    access: 'authenticated',
    handler: 'session',
  },
  {
    id: 'session.turnOffSecondFactor',
    method: 'POST',
    path: '/api/me/second-factor/turn-off',
    access: 'authenticated',
    handler: 'session',
  },

  // spec 001: roles and permissions
  { id: 'roles.names', method: 'GET', path: '/api/roles', access: 'authenticated', handler: 'roles' },
  {
    id: 'roles.matrix',
    method: 'GET',
    path: '/api/role-matrix',
    access: any('PERMISSION_READ', 'PERMISSION_EDIT'),
    handler: 'roles',
  },
  { id: 'roles.create', method: 'POST', path: '/api/roles', access: any('PERMISSION_EDIT'), handler: 'roles' },
  { id: 'roles.update', method: 'PUT', path: '/api/roles/{id}', access: any('PERMISSION_EDIT'), handler: 'roles' },
  {
    id: 'permissions.list',
    method: 'GET',
    path: '/api/permissions',
    access: any('PERMISSION_READ', 'PERMISSION_EDIT'),
    handler: 'roles',
  },

  // spec 001: users (also used by spec 000 to choose an account manager)
  {
    id: 'users.list',
    method: 'GET',
    path: '/api/users',
    access: any('USER_READ', 'USER_EDIT', 'CUSTOMER_CREATE', 'CUSTOMER_EDIT', ...ADMINS),
    handler: 'admin-users',
  },
  { id: 'users.get', method: 'GET', path: '/api/users/{id}', access: 'authenticated', handler: 'admin-users' },
  { id: 'users.create', method: 'POST', path: '/api/users', access: any('USER_CREATE'), handler: 'admin-users' },
  { id: 'users.update', method: 'PUT', path: '/api/users/{id}', access: 'authenticated', handler: 'admin-users' },
  { id: 'users.delete', method: 'DELETE', path: '/api/users/{id}', access: any('USER_DELETE'), handler: 'admin-users' },
  // A lost authenticator: an administrator turns the user's second factor off (and the user is mailed).
  {
    id: 'users.resetSecondFactor',
    method: 'POST',
    path: '/api/users/{id}/second-factor/reset',
    access: any('USER_EDIT'),
    handler: 'admin-users',
  },
  // A person's data: erased (the account and every copy of their name, login and address; the history keeps a
  // pseudonym) or handed over as JSON (functions/lib/personal-data/).
  {
    id: 'users.erase',
    method: 'POST',
    path: '/api/users/{id}/erase',
    access: any('USER_DELETE'),
    handler: 'admin-users',
  },
  {
    id: 'users.exportPersonalData',
    method: 'POST',
    path: '/api/users/{id}/personal-data',
    access: any('USER_EDIT'),
    handler: 'admin-users',
  },
  {
    id: 'users.uploadDevices',
    method: 'POST',
    path: '/api/users/{id}/devices/upload',
    access: any(...ADMINS),
    handler: 'admin-users',
  },

  // spec 001: tenants
  { id: 'tenants.list', method: 'GET', path: '/api/tenants', access: any(...ADMINS), handler: 'tenants' },
  { id: 'tenants.create', method: 'POST', path: '/api/tenants', access: any('ROLE_SUPER_ADMIN'), handler: 'tenants' },
  { id: 'tenants.update', method: 'PUT', path: '/api/tenants/{id}', access: any(...ADMINS), handler: 'tenants' },
  {
    id: 'tenants.delete',
    method: 'DELETE',
    path: '/api/tenants/{id}',
    access: any('ROLE_SUPER_ADMIN'),
    handler: 'tenants',
  },
  {
    id: 'tenants.uploadDevices',
    method: 'POST',
    path: '/api/tenants/{id}/devices/upload',
    access: any(...ADMINS),
    handler: 'tenants',
  },

  // spec 001: styling, logo, stored settings (spec 000 reads table settings from the same list)
  { id: 'settings.list', method: 'GET', path: '/api/frontend-settings', access: 'authenticated', handler: 'settings' },
  {
    id: 'settings.create',
    method: 'POST',
    path: '/api/frontend-settings',
    access: any('STYLING_EDIT'),
    handler: 'settings',
  },
  {
    id: 'settings.update',
    method: 'PUT',
    path: '/api/frontend-settings/{id}',
    access: any('STYLING_EDIT'),
    handler: 'settings',
  },
  { id: 'settings.logo', method: 'GET', path: '/api/logo', access: 'public', handler: 'settings' },
  // How long the tenant keeps each kind of record (shared/schemas/retention.ts): administrators only.
  {
    id: 'settings.retention',
    method: 'GET',
    path: '/api/retention-settings',
    access: any(...ADMINS),
    handler: 'settings',
  },
  {
    id: 'settings.saveRetention',
    method: 'PUT',
    path: '/api/retention-settings',
    access: any(...ADMINS),
    handler: 'settings',
  },
  // Which roles must use a second factor (shared/schemas/second-factor.ts): administrators only.
  {
    id: 'settings.secondFactor',
    method: 'GET',
    path: '/api/second-factor-settings',
    access: any(...ADMINS),
    handler: 'settings',
  },
  {
    id: 'settings.saveSecondFactor',
    method: 'PUT',
    path: '/api/second-factor-settings',
    access: any(...ADMINS),
    handler: 'settings',
  },

  // spec 001: KPN Things integration
  { id: 'kpn.get', method: 'GET', path: '/api/kpn-things', access: any('KPN_THINGS'), handler: 'kpn-things' },
  { id: 'kpn.save', method: 'PUT', path: '/api/kpn-things', access: any('KPN_THINGS'), handler: 'kpn-things' },
  {
    id: 'kpn.verify',
    method: 'POST',
    path: '/api/kpn-things/verify',
    access: any('KPN_THINGS'),
    handler: 'kpn-things',
  },
  {
    id: 'kpn.deviceCount',
    method: 'GET',
    path: '/api/kpn-things/device-count',
    access: any('ROLE_SUPER_ADMIN'),
    handler: 'kpn-things',
  },
  // The secrets of the TTS and ChirpStack ways in (made by the API, shown once)
  {
    id: 'uplinkIntegrations.get',
    method: 'GET',
    path: '/api/uplink-integrations',
    access: any('KPN_THINGS'),
    handler: 'kpn-things',
  },
  {
    id: 'uplinkIntegrations.ttsSecret',
    method: 'POST',
    path: '/api/uplink-integrations/tts/secret',
    access: any('KPN_THINGS'),
    handler: 'kpn-things',
  },
  {
    id: 'uplinkIntegrations.chirpstackSecret',
    method: 'POST',
    path: '/api/uplink-integrations/chirpstack/secret',
    access: any('KPN_THINGS'),
    handler: 'kpn-things',
  },

  // spec 001: API credentials
  { id: 'tokens.list', method: 'GET', path: '/api/tokens', access: any('API_TOKENS'), handler: 'api-tokens' },
  { id: 'tokens.create', method: 'POST', path: '/api/tokens', access: any('API_TOKENS'), handler: 'api-tokens' },
  { id: 'tokens.update', method: 'PUT', path: '/api/tokens', access: any('API_TOKENS'), handler: 'api-tokens' },
  {
    id: 'tokens.revoke',
    method: 'DELETE',
    path: '/api/tokens/{id}',
    access: any('API_TOKENS'),
    handler: 'api-tokens',
  },
  // Background exports of any list: the caller's own jobs only.
  { id: 'exports.get', method: 'GET', path: '/api/exports/{id}', access: 'authenticated', handler: 'exports' },
  // LoRaWAN gateways as IoT things bound to the tenant (functions/http/gateways.ts).
  { id: 'gateways.list', method: 'GET', path: '/api/gateways', access: any('GATEWAYS'), handler: 'gateways' },
  { id: 'gateways.create', method: 'POST', path: '/api/gateways', access: any('GATEWAYS'), handler: 'gateways' },
  { id: 'gateways.get', method: 'GET', path: '/api/gateways/{id}', access: any('GATEWAYS'), handler: 'gateways' },
  { id: 'gateways.delete', method: 'DELETE', path: '/api/gateways/{id}', access: any('GATEWAYS'), handler: 'gateways' },
  { id: 'tokens.issue', method: 'POST', path: '/api/oauth/token', access: 'public', handler: 'api-tokens' },
  // The OpenAPI 3.1 document for API clients, generated from this table and shared/route-contracts.ts.
  { id: 'docs.openapi', method: 'GET', path: '/api/docs.json', access: 'public', handler: 'api-tokens' },

  // spec 000: assets
  { id: 'assets.list', method: 'GET', path: '/api/assets', access: any('ASSET_READ'), handler: 'assets' },
  { id: 'assets.map', method: 'GET', path: '/api/assets/map', access: any('VIEW_ASSET_MAP'), handler: 'assets' },
  { id: 'assets.export', method: 'GET', path: '/api/assets/export', access: any('ASSET_READ'), handler: 'assets' },
  // The same export run in the background (large lists outlast API Gateway's 30 s); see docs/decisions/0111.
  {
    id: 'assets.exportJob',
    method: 'POST',
    path: '/api/assets/export',
    access: any('ASSET_READ'),
    handler: 'assets',
  },
  { id: 'assets.get', method: 'GET', path: '/api/assets/{id}', access: any('ASSET_READ'), handler: 'assets' },
  { id: 'assets.create', method: 'POST', path: '/api/assets', access: noClients('ASSET_CREATE'), handler: 'assets' },
  {
    id: 'assets.update',
    method: 'PUT',
    path: '/api/assets/{id}',
    access: noClients('ASSET_EDIT', 'ASSET_CREATE'),
    handler: 'assets',
  },
  {
    id: 'assets.delete',
    method: 'DELETE',
    path: '/api/assets/{id}',
    access: staffOnly('ASSET_DELETE', 'ASSET_EDIT'),
    handler: 'assets',
  },
  {
    id: 'assets.saveProfiles',
    method: 'POST',
    path: '/api/assets/{id}/asset-profiles',
    access: noClients('ASSET_PROFILE_EDIT', 'ASSET_EDIT'),
    handler: 'assets',
  },
  {
    id: 'assets.delivered',
    method: 'PUT',
    path: '/api/assets/{id}/delivered',
    access: noClients('ROLE_TRANSPORTER', 'ASSET_EDIT'),
    handler: 'assets',
  },
  {
    id: 'assets.deregister',
    method: 'PUT',
    path: '/api/assets/{id}/deregister',
    access: any('ROLE_TRANSPORTER', 'ROLE_CLIENT', 'ASSET_EDIT'),
    handler: 'assets',
  },
  {
    // A planner confirms a delivered / empty report (send_delivered -> delivered, ...).
    id: 'assets.confirmReport',
    method: 'PUT',
    path: '/api/assets/{id}/confirm-report',
    access: noClients('ASSET_REPORT_CONFIRM'),
    handler: 'assets',
  },
  {
    id: 'assets.resetLoanDays',
    method: 'PUT',
    path: '/api/assets/{id}/days-outside-geo-zone/reset',
    access: noClients('RESET_LOAN_DAYS'),
    handler: 'assets',
  },
  {
    id: 'assets.addAttachment',
    method: 'POST',
    path: '/api/assets/{id}/attachments',
    access: any('ASSET_EDIT', 'ASSET_CREATE'),
    handler: 'assets',
  },
  {
    id: 'assets.deleteAttachment',
    method: 'DELETE',
    path: '/api/assets/{id}/attachments/{attachmentId}',
    access: any('ASSET_EDIT'),
    handler: 'assets',
  },
  // The alarms sent for an asset, acknowledged by whoever sees the asset
  {
    id: 'assetAlarms.list',
    method: 'GET',
    path: '/api/assets/{id}/alarms',
    access: any('ASSET_READ'),
    handler: 'asset-alarms',
  },
  {
    id: 'assetAlarms.acknowledge',
    method: 'PUT',
    path: '/api/assets/{id}/alarms/{alarmId}/acknowledge',
    access: any('ASSET_READ'),
    handler: 'asset-alarms',
  },
  // Zone visits of an asset and of a zone (staff and transporters; client users 403), with exports
  {
    id: 'zoneVisits.ofAsset',
    method: 'GET',
    path: '/api/assets/{id}/visits',
    access: noClients('ASSET_READ'),
    handler: 'zone-visits',
  },
  {
    id: 'zoneVisits.exportOfAsset',
    method: 'GET',
    path: '/api/assets/{id}/visits/export',
    access: noClients('ASSET_READ'),
    handler: 'zone-visits',
  },
  {
    id: 'zoneVisits.ofZone',
    method: 'GET',
    path: '/api/geo-zones/{id}/visits',
    access: noClients('VIEW_ASSET_MAP'),
    handler: 'zone-visits',
  },
  {
    id: 'zoneVisits.exportOfZone',
    method: 'GET',
    path: '/api/geo-zones/{id}/visits/export',
    access: noClients('VIEW_ASSET_MAP'),
    handler: 'zone-visits',
  },
  // The open alarms of the caller's scope (staff: the tenant's; client users: their customer's)
  {
    id: 'alarmInbox.list',
    method: 'GET',
    path: '/api/alarm-inbox',
    access: any('ASSET_READ'),
    handler: 'asset-alarms',
  },
  {
    id: 'deviceAlarms.acknowledge',
    method: 'PUT',
    path: '/api/devices/{id}/alarms/{alarmId}/acknowledge',
    access: noClients('ASSET_READ'),
    handler: 'asset-alarms',
  },
  { id: 'storage.credentials', method: 'GET', path: '/api/aws/s3', access: any('ASSET_READ'), handler: 'assets' },
  {
    id: 'assetStatuses.list',
    method: 'GET',
    path: '/api/asset-statuses',
    access: any('ASSET_READ'),
    handler: 'assets',
  },

  // spec 000: asset profiles
  {
    id: 'assetProfileDefinitions.list',
    method: 'GET',
    path: '/api/asset-profile-definitions',
    access: any('ASSET_PROFILE_READ', 'ASSET_PROFILE_EDIT'),
    handler: 'asset-profiles',
  },
  {
    id: 'assetProfileDefinitions.update',
    method: 'PUT',
    path: '/api/asset-profile-definitions/{id}',
    access: any('ASSET_PROFILE_EDIT'),
    handler: 'asset-profiles',
  },
  {
    id: 'assetProfiles.get',
    method: 'GET',
    path: '/api/asset-profiles/{id}',
    access: any('ASSET_PROFILE_READ', 'ASSET_PROFILE_EDIT', 'ASSET_READ'),
    handler: 'asset-profiles',
  },
  {
    id: 'assetProfiles.update',
    method: 'PUT',
    path: '/api/asset-profiles/{id}',
    access: noClients('ASSET_PROFILE_EDIT', 'ASSET_EDIT'),
    handler: 'asset-profiles',
  },
  // Device profiles per tenant with a payload codec; writes for admins only (a code rule)
  {
    id: 'deviceProfiles.list',
    method: 'GET',
    path: '/api/device-profiles',
    access: noClients('DEVICE_READ'),
    handler: 'device-profiles',
  },
  {
    id: 'deviceProfiles.test',
    method: 'POST',
    path: '/api/device-profiles/test',
    access: adminsOnly('DEVICE_EDIT'),
    handler: 'device-profiles',
  },
  {
    id: 'deviceProfiles.get',
    method: 'GET',
    path: '/api/device-profiles/{id}',
    access: noClients('DEVICE_READ'),
    handler: 'device-profiles',
  },
  {
    id: 'deviceProfiles.create',
    method: 'POST',
    path: '/api/device-profiles',
    access: adminsOnly('DEVICE_CREATE'),
    handler: 'device-profiles',
  },
  {
    id: 'deviceProfiles.update',
    method: 'PUT',
    path: '/api/device-profiles/{id}',
    access: adminsOnly('DEVICE_EDIT'),
    handler: 'device-profiles',
  },
  {
    id: 'deviceProfiles.delete',
    method: 'DELETE',
    path: '/api/device-profiles/{id}',
    access: adminsOnly('DEVICE_DELETE'),
    handler: 'device-profiles',
  },

  // spec 000: customers (clients) and their users
  { id: 'clients.list', method: 'GET', path: '/api/clients', access: any('CUSTOMER_READ'), handler: 'clients' },
  { id: 'clients.get', method: 'GET', path: '/api/clients/{id}', access: any('CUSTOMER_READ'), handler: 'clients' },
  { id: 'clients.create', method: 'POST', path: '/api/clients', access: any('CUSTOMER_CREATE'), handler: 'clients' },
  { id: 'clients.update', method: 'PUT', path: '/api/clients/{id}', access: any('CUSTOMER_EDIT'), handler: 'clients' },
  {
    id: 'clients.delete',
    method: 'DELETE',
    path: '/api/clients/{id}',
    access: any('CUSTOMER_DELETE'),
    handler: 'clients',
  },
  {
    id: 'clients.resetPassword',
    method: 'POST',
    path: '/api/clients/{id}/resetpassword',
    access: any('CUSTOMER_EDIT'),
    handler: 'clients',
  },
  {
    id: 'clientUsers.list',
    method: 'GET',
    path: '/api/clients/{id}/users',
    access: any('CUSTOMER_READ'),
    handler: 'clients',
  },
  {
    id: 'clientUsers.create',
    method: 'POST',
    path: '/api/clients/{id}/users',
    access: any('CUSTOMER_EDIT'),
    handler: 'clients',
  },
  {
    id: 'clientUsers.update',
    method: 'PUT',
    path: '/api/clients/{id}/users/{userId}',
    access: any('CUSTOMER_EDIT'),
    handler: 'clients',
  },
  {
    id: 'clientUsers.delete',
    method: 'DELETE',
    path: '/api/clients/{id}/users/{userId}',
    access: any('CUSTOMER_EDIT'),
    handler: 'clients',
  },

  // spec 000: devices and their events
  { id: 'devices.list', method: 'GET', path: '/api/devices', access: noClients('DEVICE_READ'), handler: 'devices' },
  {
    id: 'devices.export',
    method: 'GET',
    path: '/api/devices/export',
    access: noClients('DEVICE_READ'),
    handler: 'devices',
  },
  // The same export run in the background, as assets.exportJob.
  {
    id: 'devices.exportJob',
    method: 'POST',
    path: '/api/devices/export',
    access: noClients('DEVICE_READ'),
    handler: 'devices',
  },
  { id: 'devices.get', method: 'GET', path: '/api/devices/{id}', access: noClients('DEVICE_READ'), handler: 'devices' },
  {
    id: 'devices.create',
    method: 'POST',
    path: '/api/devices',
    access: noClients('ROLE_SUPER_ADMIN'),
    handler: 'devices',
  },
  {
    id: 'devices.update',
    method: 'PUT',
    path: '/api/devices/{id}',
    access: noClients('DEVICE_EDIT'),
    handler: 'devices',
  },
  {
    id: 'devices.delete',
    method: 'DELETE',
    path: '/api/devices/{id}',
    access: noClients(...ADMINS),
    handler: 'devices',
  },
  {
    id: 'devices.resetSabotaged',
    method: 'POST',
    path: '/api/devices/{id}/reset-sabotaged',
    access: staffOnly('DEVICE_EDIT'),
    handler: 'devices',
  },
  {
    id: 'events.list',
    method: 'GET',
    path: '/api/events',
    access: any('ASSET_READ', 'DEVICE_READ'),
    handler: 'events',
  },

  // spec 000: geo zones and alarm rules
  {
    id: 'geoZones.list',
    method: 'GET',
    path: '/api/geo-zones',
    access: noClients('VIEW_ASSET_MAP'),
    handler: 'geo-zones',
  },
  // Beyond the spec: GeoJSON export and import; writes are refused to client users on the server.
  {
    id: 'geoZones.export',
    method: 'GET',
    path: '/api/geo-zones/export',
    access: noClients('VIEW_ASSET_MAP'),
    handler: 'geo-zones',
  },
  {
    id: 'geoZones.import',
    method: 'POST',
    path: '/api/geo-zones/import',
    access: staffOnly('VIEW_ASSET_MAP'),
    handler: 'geo-zones',
  },
  {
    id: 'geoZones.get',
    method: 'GET',
    path: '/api/geo-zones/{id}',
    access: noClients('VIEW_ASSET_MAP'),
    handler: 'geo-zones',
  },
  {
    id: 'geoZones.create',
    method: 'POST',
    path: '/api/geo-zones',
    access: staffOnly('VIEW_ASSET_MAP'),
    handler: 'geo-zones',
  },
  {
    id: 'geoZones.update',
    method: 'PUT',
    path: '/api/geo-zones/{id}',
    access: staffOnly('VIEW_ASSET_MAP'),
    handler: 'geo-zones',
  },
  {
    id: 'geoZones.delete',
    method: 'DELETE',
    path: '/api/geo-zones/{id}',
    access: staffOnly('VIEW_ASSET_MAP'),
    handler: 'geo-zones',
  },
  // Stock per zone (staff only: functions/lib/zone-stock/stock-routes.ts)
  { id: 'stock.table', method: 'GET', path: '/api/stock', access: staffOnly('VIEW_ASSET_MAP'), handler: 'geo-zones' },
  {
    id: 'stock.zone',
    method: 'GET',
    path: '/api/geo-zones/{id}/stock',
    access: staffOnly('VIEW_ASSET_MAP'),
    handler: 'geo-zones',
  },
  {
    id: 'stock.assets',
    method: 'GET',
    path: '/api/geo-zones/{id}/stock/assets',
    access: staffOnly('VIEW_ASSET_MAP'),
    handler: 'geo-zones',
  },
  {
    id: 'stock.saveLimits',
    method: 'PUT',
    path: '/api/geo-zones/{id}/stock-limits',
    access: staffOnly('VIEW_ASSET_MAP'),
    handler: 'geo-zones',
  },
  {
    id: 'zoneAlarms.acknowledge',
    method: 'PUT',
    path: '/api/geo-zones/{id}/alarms/{alarmId}/acknowledge',
    access: staffOnly('ALARM_READ'),
    handler: 'asset-alarms',
  },
  { id: 'alarms.list', method: 'GET', path: '/api/alarms', access: any('ALARM_READ'), handler: 'alarms' },
  { id: 'alarms.get', method: 'GET', path: '/api/alarms/{id}', access: any('ALARM_READ'), handler: 'alarms' },
  { id: 'alarms.create', method: 'POST', path: '/api/alarms', access: any('ALARM_CREATE'), handler: 'alarms' },
  { id: 'alarms.update', method: 'PUT', path: '/api/alarms/{id}', access: any('ALARM_EDIT'), handler: 'alarms' },
  { id: 'alarms.delete', method: 'DELETE', path: '/api/alarms/{id}', access: any('ALARM_DELETE'), handler: 'alarms' },

  // The KPN Things HTTPS destination; public, the Things-Message-Token is its credential
  {
    id: 'uplinks.kpnThings',
    method: 'POST',
    path: '/api/things/uplink',
    access: 'public',
    handler: 'device-uplinks',
  },
  // The Things Stack webhook and the ChirpStack v4 HTTP integration; public, the
  // X-Uplink-Secret header is their credential (functions/lib/pipeline/network-webhooks.ts)
  { id: 'uplinks.tts', method: 'POST', path: '/api/tts/uplink', access: 'public', handler: 'device-uplinks' },
  {
    id: 'uplinks.chirpstack',
    method: 'POST',
    path: '/api/chirpstack/uplink',
    access: 'public',
    handler: 'device-uplinks',
  },
  // Rental operations (functions/http/billing.ts): the pickups waiting, for everybody who sees assets (client
  // users their customer's); the monthly loan-day report for planners and ERP systems' API credentials.
  { id: 'pickups.list', method: 'GET', path: '/api/pickups', access: any('ASSET_READ'), handler: 'billing' },
  {
    id: 'loanDays.report',
    method: 'GET',
    path: '/api/loan-days',
    access: any('CUSTOMER_READ', 'RESET_LOAN_DAYS'),
    handler: 'billing',
  },
  {
    id: 'loanDays.exportJob',
    method: 'POST',
    path: '/api/loan-days/export',
    access: any('CUSTOMER_READ', 'RESET_LOAN_DAYS'),
    handler: 'billing',
  },
  // Webhook endpoints of the tenant's ERP and planning systems; administrators only
  { id: 'webhooks.list', method: 'GET', path: '/api/webhook-endpoints', access: any(...ADMINS), handler: 'webhooks' },
  {
    id: 'webhooks.get',
    method: 'GET',
    path: '/api/webhook-endpoints/{id}',
    access: any(...ADMINS),
    handler: 'webhooks',
  },
  {
    id: 'webhooks.create',
    method: 'POST',
    path: '/api/webhook-endpoints',
    access: any(...ADMINS),
    handler: 'webhooks',
  },
  {
    id: 'webhooks.update',
    method: 'PUT',
    path: '/api/webhook-endpoints/{id}',
    access: any(...ADMINS),
    handler: 'webhooks',
  },
  {
    id: 'webhooks.delete',
    method: 'DELETE',
    path: '/api/webhook-endpoints/{id}',
    access: any(...ADMINS),
    handler: 'webhooks',
  },
  {
    id: 'webhooks.rotateSecret',
    method: 'POST',
    path: '/api/webhook-endpoints/{id}/rotate-secret',
    access: any(...ADMINS),
    handler: 'webhooks',
  },
  {
    id: 'webhooks.test',
    method: 'POST',
    path: '/api/webhook-endpoints/{id}/test',
    access: any(...ADMINS),
    handler: 'webhooks',
  },
  {
    id: 'webhooks.deliveries',
    method: 'GET',
    path: '/api/webhook-endpoints/{id}/deliveries',
    access: any(...ADMINS),
    handler: 'webhooks',
  },
  {
    id: 'webhooks.replay',
    method: 'POST',
    path: '/api/webhook-endpoints/{id}/deliveries/{deliveryId}/replay',
    access: any(...ADMINS),
    handler: 'webhooks',
  },
  // The audit log: every change made through the API, for administrators (and their API credentials); read only.
  { id: 'audit.list', method: 'GET', path: '/api/audit', access: any(...ADMINS), handler: 'audit' },
] as const satisfies readonly RouteDef[];

export type RouteId = (typeof ROUTES)[number]['id'];

/** API Gateway HTTP API route key, e.g. "GET /api/assets/{id}". */
export const routeKey = (route: Pick<RouteDef, 'method' | 'path'>) => `${route.method} ${route.path}`;

const byKey = new Map<string, RouteDef>(ROUTES.map((r) => [routeKey(r), r]));
export const findRouteByKey = (key: string): RouteDef | undefined => byKey.get(key);

/**
 * Match a concrete method and path against the table the way API Gateway does: static segments win over
 * parameters, and a trailing slash is ignored (the console calls /api/assets/export/).
 */
export function matchRoute(
  method: string,
  rawPath: string,
): { route: RouteDef; pathParameters: Record<string, string> } | undefined {
  const segments = rawPath.replace(/\/+$/, '').split('/').filter(Boolean);
  let best: { route: RouteDef; pathParameters: Record<string, string>; score: number } | undefined;
  for (const route of ROUTES as readonly RouteDef[]) {
    if (route.method !== method.toUpperCase()) continue;
    const parts = route.path.split('/').filter(Boolean);
    if (parts.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let score = 0;
    const matched = parts.every((part, i) => {
      const segment = segments[i] as string;
      if (part.startsWith('{') && part.endsWith('}')) {
        params[part.slice(1, -1)] = decodeURIComponent(segment);
        return true;
      }
      score += 1;
      return part === segment;
    });
    if (matched && (!best || score > best.score)) best = { route, pathParameters: params, score };
  }
  return best && { route: best.route, pathParameters: best.pathParameters };
}

/** Paths that exist for some method: lets the gateway answer 405 instead of 404. */
export const pathExists = (rawPath: string) =>
  (['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const).some((m) => matchRoute(m, rawPath));

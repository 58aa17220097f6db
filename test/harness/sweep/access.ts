import type { RouteDef, RouteId } from '../../../shared/routes';

/**
 * What the route table and a tenant's role matrix say a caller gets on a route: the permission sweep
 * (test/integration/sweep-permissions.test.ts) computes every expectation here, none is written by hand.
 */
export type Outcome = 'allowed' | 403 | 401;

/** "Allowed" is anything but a refusal: a 404 for an id that does not exist or a 422 for an empty body is fine. */
export const outcomeOf = (status: number): Outcome => (status === 401 || status === 403 ? status : 'allowed');

export const describeOutcome = (outcome: Outcome) => (outcome === 'allowed' ? 'allowed (not 401/403)' : `${outcome}`);

/** role name -> the permissions the tenant's matrix gives it */
export type RoleMatrix = Map<string, Set<string>>;

export function roleMatrixOf(json: unknown): RoleMatrix {
  const members = (json as { 'hydra:member'?: { name: string; role_permissions: { permission: string }[] }[] })[
    'hydra:member'
  ];
  return new Map((members ?? []).map((role) => [role.name, new Set(role.role_permissions.map((p) => p.permission))]));
}

/**
 * Rules a handler applies beyond the table, refusing before it reads the body or looks the id up, so the
 * sweep's harmless requests meet them. Rules that come after the body check (a client user creating an asset,
 * editing a profile) never show with an invalid body; the default matrix refuses those roles anyway.
 */
export const CODE_RULES: { routes: RouteId[]; roles: string[] | 'everyone'; status: 403 | 401; reason: string }[] = [
  {
    routes: ['geoZones.import', 'geoZones.create', 'geoZones.update', 'geoZones.delete'],
    roles: ['ROLE_CLIENT', 'ROLE_TRANSPORTER'],
    status: 403,
    reason: 'geo zones are written by staff only, whatever the matrix says (functions/http/geo-zones.ts)',
  },
  {
    routes: ['stock.table', 'stock.zone', 'stock.assets', 'stock.saveLimits'],
    roles: ['ROLE_CLIENT', 'ROLE_TRANSPORTER'],
    status: 403,
    reason: 'stock per zone is staff only, whatever the matrix says (functions/lib/zone-stock/stock-routes.ts)',
  },
  {
    routes: ['zoneAlarms.acknowledge'],
    roles: ['ROLE_CLIENT', 'ROLE_TRANSPORTER'],
    status: 403,
    reason: 'zone stock alarms are staff only: client users see no zones (functions/http/asset-alarms.ts)',
  },
  {
    routes: ['geoZones.list', 'geoZones.get', 'geoZones.export'],
    roles: ['ROLE_CLIENT'],
    status: 403,
    reason: 'client users see no geo zones: spec 000 hides the Geo zone from them (functions/http/geo-zones.ts)',
  },
  {
    routes: ['zoneVisits.ofAsset', 'zoneVisits.exportOfAsset', 'zoneVisits.ofZone', 'zoneVisits.exportOfZone'],
    roles: ['ROLE_CLIENT'],
    status: 403,
    reason: 'visits name geo zones, which client users never see (functions/http/zone-visits.ts)',
  },
  {
    routes: ['assets.update', 'assets.delivered', 'assets.resetLoanDays', 'assets.confirmReport'],
    roles: ['ROLE_CLIENT'],
    status: 403,
    reason: 'client users never write assets (refuseClientUsers in functions/http/assets.ts)',
  },
  {
    routes: ['assets.delete'],
    roles: ['ROLE_CLIENT', 'ROLE_TRANSPORTER'],
    status: 403,
    reason: 'only staff delete an asset (spec 000 s.6)',
  },
  {
    routes: [
      'devices.list',
      'devices.get',
      'devices.update',
      'devices.export',
      'devices.exportJob',
      'deviceProfiles.list',
      'deviceProfiles.get',
      'deviceAlarms.acknowledge',
    ],
    roles: ['ROLE_CLIENT'],
    status: 403,
    reason: 'client users see no devices (functions/lib/devices/device-view.ts)',
  },
  {
    routes: ['deviceProfiles.create', 'deviceProfiles.update', 'deviceProfiles.delete', 'deviceProfiles.test'],
    roles: ['ROLE_USER', 'ROLE_CLIENT', 'ROLE_TRANSPORTER', 'ROLE_ACCOUNT_MANAGER'],
    status: 403,
    reason: 'a codec is code the pipeline runs for the whole tenant: admins only (functions/http/device-profiles.ts)',
  },
  {
    routes: ['devices.resetSabotaged'],
    roles: ['ROLE_CLIENT', 'ROLE_TRANSPORTER'],
    status: 403,
    reason: 'the sabotage reset is staff work (spec 000 s.6)',
  },
  {
    routes: ['uplinks.kpnThings'],
    roles: 'everyone',
    status: 403,
    reason: 'public, but its credential is the Things-Message-Token header, which a user token does not replace',
  },
  {
    routes: ['uplinks.tts', 'uplinks.chirpstack'],
    roles: 'everyone',
    status: 403,
    reason: 'public, but its credential is the X-Uplink-Secret header, which a user token does not replace',
  },
];

const ruleFor = (route: RouteDef, roles: readonly string[]) =>
  CODE_RULES.find(
    (rule) =>
      rule.routes.includes(route.id as RouteId) &&
      (rule.roles === 'everyone' || rule.roles.some((role) => roles.includes(role))),
  );

/** The expected outcome for a caller holding `roles` (none: no token) in a tenant with `matrix`. */
export function expectedOutcome(
  route: RouteDef,
  roles: readonly string[] | undefined,
  matrix: RoleMatrix,
): { outcome: Outcome; why: string } {
  const rule = ruleFor(route, roles ?? []);
  if (route.access === 'public') {
    return rule ? { outcome: rule.status, why: rule.reason } : { outcome: 'allowed', why: 'public route' };
  }
  if (!roles) return { outcome: 401, why: 'no token' };
  let why = 'any signed-in user';
  if (route.access !== 'authenticated') {
    const names = new Set([...roles, ...roles.flatMap((role) => [...(matrix.get(role) ?? [])])]);
    const granting = route.access.anyOf.filter((name) => names.has(name));
    if (granting.length === 0) return { outcome: 403, why: `needs any of ${route.access.anyOf.join(', ')}` };
    why = `granted by ${granting.join(', ')}`;
  }
  return rule ? { outcome: rule.status, why: rule.reason } : { outcome: 'allowed', why };
}

import { inAudience } from '../../../shared/permissions';
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
 * sweep's harmless requests meet them. Who may call a route whatever the matrix grants is the table's
 * (`only`); what is left here is a credential the table cannot name: the ways in that take a header, not a token.
 */
export const CODE_RULES: { routes: RouteId[]; roles: string[] | 'everyone'; status: 403 | 401; reason: string }[] = [
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
    if (route.access.only && !inAudience(route.access.only, roles))
      return { outcome: 403, why: `for ${route.access.only} only, whatever the matrix grants` };
    why = `granted by ${granting.join(', ')}`;
  }
  return rule ? { outcome: rule.status, why: rule.reason } : { outcome: 'allowed', why };
}

import { type Audience, inAudience } from '../../../shared/permissions';
import type { RouteAccess } from '../../../shared/routes';
import { assertApiClientActive, isApiClientIdentity } from '../api-tokens/api-client-identity';
import { makeTenantContext, type TenantContext } from '../data/tenant-context';
import { forbidden, notFound, unauthorized } from '../http/errors';
import { tenantRepository } from '../tenants/tenant-repository';
import { identityFromClaims, type RawClaims } from './claims';
import { loadRoleMatrix, permissionsOf } from './role-matrix';
import { assertTokenCurrent } from './sign-out-everywhere';

/** Who is calling, in which tenant, with what rights: everything a handler may rely on. */
export interface AuthContext {
  sub: string;
  userId: number;
  username: string;
  email: string;
  roles: string[];
  permissions: Set<string>;
  /** The tenant this request acts in: the user's own, or the selected one for a super admin. */
  tenant: TenantContext;
  homeTenantId: string;
  hasAny(...names: string[]): boolean;
}

/** Header with which a super admin acts in another tenant (the console's tenant switch). */
export const TENANT_HEADER = 'x-tenant-id';

export async function authContextFromClaims(
  claims: RawClaims | undefined,
  requestedTenant: string | undefined,
): Promise<AuthContext> {
  const identity = identityFromClaims(claims);
  if (!identity) throw unauthorized();
  // Beside the role matrix read, not after it: the JWT authorizer cannot know of a revoked credential, a
  // deactivated user or sessions ended everywhere, so every request checks (docs/security.md).
  const current = isApiClientIdentity(identity) ? assertApiClientActive(identity) : assertTokenCurrent(identity);
  current.catch(() => undefined);
  let tenantId = identity.tenantId;
  if (requestedTenant && requestedTenant !== identity.tenantId) {
    if (!identity.groups.includes('ROLE_SUPER_ADMIN')) throw forbidden('You may only act in your own tenant.');
    if (!/^\d+$/.test(requestedTenant) || !(await tenantRepository.get(Number(requestedTenant))))
      throw notFound('Tenant not found');
    tenantId = requestedTenant;
  }
  const tenant = makeTenantContext(tenantId);
  const [matrix] = await Promise.all([loadRoleMatrix(tenant), current]);
  const permissions = permissionsOf(matrix, identity.groups);
  const names = new Set([...permissions, ...identity.groups]);
  return {
    sub: identity.sub,
    userId: identity.userId,
    username: identity.username,
    email: identity.email,
    roles: identity.groups,
    permissions,
    tenant,
    homeTenantId: identity.tenantId,
    hasAny: (...wanted) => wanted.some((name) => names.has(name)),
  };
}

/**
 * The route table's requirement: any of the listed permissions or roles (spec 000/001 section 6), and the
 * route's audience whatever the matrix grants.
 */
export function assertAccess(access: RouteAccess, auth: AuthContext | undefined): void {
  if (access === 'public') return;
  if (!auth) throw unauthorized();
  if (access === 'authenticated') return;
  if (!auth.hasAny(...access.anyOf)) throw forbidden();
  if (access.only) assertAudience(access.only, auth);
}

/** 403 unless the caller is of `audience`: the route table's rule. */
function assertAudience(audience: Audience, auth: Pick<AuthContext, 'roles'>): void {
  if (!inAudience(audience, auth.roles)) throw forbidden();
}

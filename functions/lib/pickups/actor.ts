import type { AuthContext } from '../auth/auth-context';

/**
 * The user a pickup request or a loan-day reset names as "by": a user of the tenant acted in. An API credential
 * (user id 0) and a super admin acting in another tenant (their id is a user of their own tenant, another
 * person here) name nobody.
 */
export const actorOf = (auth: Pick<AuthContext, 'userId' | 'tenant' | 'homeTenantId'>): number | null =>
  auth.userId > 0 && auth.homeTenantId === auth.tenant.tenantId ? auth.userId : null;

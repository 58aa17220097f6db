import { makeTenantContext, type TenantContext } from './tenant-context';

/**
 * A tenant context for code that runs on behalf of the platform, not of a request: the seed script, the
 * device event pipeline (which resolves a DEVEUI to its tenant first), daily jobs. HTTP handlers must never
 * import this (test/unit/auth.test.ts fails if one does).
 */
export const systemTenantContext = (tenantId: string | number): TenantContext => makeTenantContext(String(tenantId));

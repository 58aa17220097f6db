/**
 * The tenant every repository call is scoped to. Its constructor is not exported from here: request code
 * gets one only from the verified token (functions/lib/auth/auth-context.ts), and system code (seed, device
 * pipeline, daily jobs) from system-context.ts. A unit test checks that no HTTP handler imports the latter,
 * so no code path can build a context from an id that came in a request.
 */
declare const tenantBrand: unique symbol;

export interface TenantContext {
  readonly tenantId: string;
  readonly [tenantBrand]: true;
}

/** @internal Only auth-context.ts and system-context.ts may call this. */
export const makeTenantContext = (tenantId: string): TenantContext => {
  if (!/^\d+$/.test(tenantId)) throw new Error(`Invalid tenant id: ${tenantId}`);
  return { tenantId } as TenantContext;
};

import { randomBytes } from 'node:crypto';
import { DEMO_PASSWORD, tokenOf } from '../api';
import { inParallel, send } from './client';
import { discoverEntities, entitiesUnder } from './discovery';
import { ALL_ROUTES } from './routes';

/**
 * A tenant made for one sweep through the API (the super admin creates it and an admin in it), so that a
 * sweep's writes land where no other test looks and its ids exist in no other tenant. Removed afterwards.
 */
export interface SweepTenant {
  tenantId: number;
  /** The super admin acting in this tenant (the X-Tenant-Id header). */
  superAdmin: { token: string; headers: Record<string, string> };
  adminLogin: string;
  /** The admin's own user record, which a sweep must not change under its own feet. */
  adminIri: string;
}

export async function createSweepTenant(purpose: string): Promise<SweepTenant> {
  const suffix = randomBytes(4).toString('hex');
  const superToken = await tokenOf('superadmin');
  const tenant = await send({
    method: 'POST',
    path: '/api/tenants',
    token: superToken,
    body: JSON.stringify({ subdomain: `sweep-${suffix}`, company: `${purpose} ${suffix}` }),
  });
  if (tenant.status !== 201) throw new Error(`sweep tenant not created: ${tenant.status} ${tenant.text}`);
  const tenantId = (tenant.json as { id: number }).id;
  const headers = { 'x-tenant-id': String(tenantId) };
  const adminLogin = `sweep-admin-${suffix}`;
  const admin = await send({
    method: 'POST',
    path: '/api/users',
    token: superToken,
    headers,
    body: JSON.stringify({
      name: `Sweep Admin ${suffix}`,
      username: adminLogin,
      email: `${adminLogin}@sweep.local`,
      roles: ['ROLE_ADMIN'],
      password: DEMO_PASSWORD,
    }),
  });
  if (admin.status !== 201) throw new Error(`sweep admin not created: ${admin.status} ${admin.text}`);
  const adminIri = `/api/users/${(admin.json as { id: number }).id}`;
  return { tenantId, superAdmin: { token: superToken, headers }, adminLogin, adminIri };
}

/**
 * Deletes what a sweep made in its tenant through the table's DELETE routes (their Cognito users with users and
 * API credentials), then the tenant.
 */
export async function removeSweepTenant(tenant: SweepTenant | undefined): Promise<void> {
  if (!tenant) return;
  const index = await discoverEntities(tenant.superAdmin);
  const deletes = ALL_ROUTES.filter((route) => route.method === 'DELETE' && !route.path.startsWith('/api/tenants/'));
  for (const route of deletes) {
    await inParallel(entitiesUnder(index, route.path), 8, (entity) =>
      send({ method: 'DELETE', path: entity.iri, ...tenant.superAdmin }),
    );
  }
  await send({ method: 'DELETE', path: `/api/tenants/${tenant.tenantId}`, token: tenant.superAdmin.token });
}

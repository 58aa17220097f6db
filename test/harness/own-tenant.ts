import { randomBytes } from 'node:crypto';
import { DEMO_PASSWORD } from './api';
import { send } from './sweep/client';
import { createSweepTenant, removeSweepTenant, type SweepTenant } from './sweep/sweep-tenant';

/**
 * A tenant of one test file's own (made through the API by the super admin, with an admin in it), for a file
 * whose expectations start from "nothing saved yet": they hold whatever other files did to demo and acme, and
 * what the file saves lands where no other file looks. Removed in the file's afterAll.
 */
export type OwnTenant = SweepTenant;
export const createOwnTenant = (purpose: string): Promise<OwnTenant> => createSweepTenant(purpose);
export const removeOwnTenant = (tenant: OwnTenant | undefined): Promise<void> => removeSweepTenant(tenant);

/** Another user in the tenant with these roles; answers the login (password DEMO_PASSWORD). */
export async function addTenantUser(tenant: OwnTenant, roles: string[]): Promise<string> {
  const login = `own-user-${randomBytes(4).toString('hex')}`;
  const created = await send({
    method: 'POST',
    path: '/api/users',
    ...tenant.superAdmin,
    body: JSON.stringify({
      name: `Own ${login}`,
      username: login,
      email: `${login}@own.local`,
      roles,
      password: DEMO_PASSWORD,
    }),
  });
  if (created.status !== 201) throw new Error(`user not created: ${created.status} ${created.text}`);
  return login;
}

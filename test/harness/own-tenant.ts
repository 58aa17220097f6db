import { randomBytes } from 'node:crypto';
import { call, DEMO_PASSWORD } from './api';
import { waitForMail } from './mail';
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

/**
 * A customer of the tenant with its primary login, signed in: the customer is made, its credentials are mailed
 * (as the console's "send login" does) and the mailed password signs in. Answers the customer's id, the login's
 * username (which the API made) and its token.
 */
export async function addCustomerLogin(
  tenant: OwnTenant,
  name: string,
): Promise<{ customerId: number; username: string; token: string }> {
  const email = `own-customer-${randomBytes(4).toString('hex')}@own.local`;
  const created = await send({
    method: 'POST',
    path: '/api/clients',
    ...tenant.superAdmin,
    body: JSON.stringify({ name, email }),
  });
  if (created.status !== 201) throw new Error(`customer not created: ${created.status} ${created.text}`);
  const customerId = (created.json as { id: number }).id;
  const mailed = await send({ method: 'POST', path: `/api/clients/${customerId}/resetpassword`, ...tenant.superAdmin });
  if (mailed.status !== 200) throw new Error(`credentials not mailed: ${mailed.status} ${mailed.text}`);
  const password = /Password: (\S+)/.exec((await waitForMail(email)).text)?.[1];
  if (!password) throw new Error(`no password in the credentials mail to ${email}`);
  const session = await call<{ token: string; user: { username: string } }>('POST', '/user/sign-in', {
    body: { email, password },
  });
  if (session.status !== 200) throw new Error(`the customer's login did not sign in: ${session.status}`);
  return { customerId, username: session.body.user.username, token: session.body.token };
}

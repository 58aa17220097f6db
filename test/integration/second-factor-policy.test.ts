import { call } from '../harness/api';
import { waitForMail } from '../harness/mail';
import { addTenantUser, createOwnTenant, type OwnTenant, removeOwnTenant } from '../harness/own-tenant';
import { FreshCodes, setUpSecondFactor, signInWith, staleCode } from '../harness/second-factor';

/**
 * A tenant that requires a second factor of a role: the role's next password sign-in sets one up before any
 * token is given, a session from before the policy is not renewed, a tenant admin cannot require it of super
 * admins, and an administrator's reset of a lost device turns it off and mails the user.
 */
jest.setTimeout(120_000);

const codes = new FreshCodes();

async function userIdOf(tenant: OwnTenant, login: string): Promise<number> {
  const found = await call<{ 'hydra:member': { id: number }[] }>('GET', `/api/users?username=${login}`, {
    token: tenant.superAdmin.token,
    headers: tenant.superAdmin.headers,
  });
  return found.body['hydra:member'][0]?.id as number;
}

describe('second factor required of a role', () => {
  let tenant: OwnTenant;
  let admin: string;
  let adminToken: string;
  let signedInBefore: { refresh_token: string };
  let user: string;
  /** The ROLE_USER's key, once its required setup is done. */
  let userSecret = '';

  beforeAll(async () => {
    tenant = await createOwnTenant('Second factor policy');
    admin = await addTenantUser(tenant, ['ROLE_ADMIN']);
    adminToken = (await signInWith(admin)).body.token as string;
    user = await addTenantUser(tenant, ['ROLE_USER']);
    const earlier = await addTenantUser(tenant, ['ROLE_USER']);
    signedInBefore = (await signInWith(earlier)).body as { refresh_token: string };
    const saved = await call('PUT', '/api/second-factor-settings', {
      token: adminToken,
      body: { required_roles: ['ROLE_USER'], version: null },
    });
    expect(saved.status).toBe(200);
  });

  afterAll(() => removeOwnTenant(tenant));

  it('lets a tenant admin require it of no super admin', async () => {
    const current = await call<{ version: number }>('GET', '/api/second-factor-settings', { token: adminToken });
    expect(current.body).toMatchObject({ required_roles: ['ROLE_USER'] });
    const answer = await call('PUT', '/api/second-factor-settings', {
      token: adminToken,
      body: { required_roles: ['ROLE_USER', 'ROLE_SUPER_ADMIN'], version: current.body.version },
    });
    expect(answer.status).toBe(422);
  });

  it('answers the role’s password with a key to set up, and no token, until the app’s first code turns it on', async () => {
    const asked = await signInWith(user);
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({
      second_factor: 'setup',
      secret: expect.any(String),
      otpauth_uri: expect.stringContaining('otpauth://totp/'),
    });
    const secret = asked.body.secret as string;
    userSecret = secret;
    const wrong = await signInWith(user, { code: staleCode(secret) });
    expect(wrong.status).toBe(422);
    const done = await signInWith(user, { code: await codes.of(secret) });
    expect(done.status).toBe(200);
    expect(done.body.token).toEqual(expect.any(String));
    expect(done.body.recovery_codes).toHaveLength(10);
    expect((await signInWith(user)).body).toEqual({ second_factor: 'code' });
  });

  it('does not renew a session from before the policy while the user has no second factor', async () => {
    const renewed = await call('POST', '/user/verify', { body: { refresh_token: signedInBefore.refresh_token } });
    expect(renewed.status).toBe(401);
  });

  it('lets an administrator reset a lost device: the factor is off, the user mailed and asked to set up again', async () => {
    const other = await addTenantUser(tenant, ['ROLE_ADMIN']);
    const otherToken = (await signInWith(other)).body.token as string;
    await setUpSecondFactor(otherToken, codes);
    expect((await signInWith(other)).body).toEqual({ second_factor: 'code' });
    const reset = await call('POST', `/api/users/${await userIdOf(tenant, other)}/second-factor/reset`, {
      token: adminToken,
    });
    expect(reset.status).toBe(204);
    expect((await waitForMail(`${other}@own.local`)).subject).toMatch(/second factor/i);
    const after = await signInWith(other);
    expect(after.body.token).toEqual(expect.any(String));
    const status = await call('GET', '/api/me/second-factor', { token: after.body.token });
    expect(status.body).toEqual({ enabled: false, recovery_codes_left: 0 });
  });

  it('refuses the reset to a user without the right to edit users', async () => {
    const signedIn = await signInWith(user, { code: await codes.of(userSecret) });
    expect(signedIn.status).toBe(200);
    const answer = await call('POST', `/api/users/${await userIdOf(tenant, admin)}/second-factor/reset`, {
      token: signedIn.body.token,
    });
    expect(answer.status).toBe(403);
  });
});

import { call, DEMO_PASSWORD } from '../harness/api';
import { freshClientIp } from '../harness/client-ip';
import { addTenantUser, createOwnTenant, type OwnTenant, removeOwnTenant } from '../harness/own-tenant';
import { FreshCodes, setUpSecondFactor, signInWith, staleCode } from '../harness/second-factor';
import { totpAt } from '../harness/totp';

/**
 * A second factor against the local Cognito stand-in, which checks codes, challenge sessions and reuse as AWS
 * does: setup from Preferences (password again, the app's first code), sign-in with the app's code or a
 * recovery code, and wrong codes under the sign-in lockout.
 */
jest.setTimeout(120_000);

const codes = new FreshCodes();
const signIn = signInWith;

describe('second factor', () => {
  let tenant: OwnTenant;
  let login: string;
  let token: string;

  beforeAll(async () => {
    tenant = await createOwnTenant('Second factor');
    login = await addTenantUser(tenant, ['ROLE_ADMIN']);
    const session = await signIn(login);
    token = session.body.token as string;
  });

  afterAll(() => removeOwnTenant(tenant));

  it('asks the password again to start, and the first code from the key shown to turn it on', async () => {
    const wrongPassword = await call('POST', '/api/me/second-factor/setup', {
      token,
      body: { password: 'Wrong-2026!x' },
    });
    expect(wrongPassword.status).toBe(422);
    const started = await call<{ secret: string; otpauth_uri: string }>('POST', '/api/me/second-factor/setup', {
      token,
      body: { password: DEMO_PASSWORD },
    });
    expect(started.status).toBe(200);
    expect(started.body.otpauth_uri).toContain(`secret=${started.body.secret}`);
    const wrongCode = await call('POST', '/api/me/second-factor', {
      token,
      body: { password: DEMO_PASSWORD, code: staleCode(started.body.secret) },
    });
    expect(wrongCode.status).toBe(422);
    expect((await call<{ enabled: boolean }>('GET', '/api/me/second-factor', { token })).body.enabled).toBe(false);
  });

  describe('once set up', () => {
    let secret: string;
    let recoveryCodes: string[];

    beforeAll(async () => {
      ({ secret, recoveryCodes } = await setUpSecondFactor(token, codes));
    });

    it('is on, with ten recovery codes', async () => {
      const status = await call('GET', '/api/me/second-factor', { token });
      expect(status.body).toEqual({ enabled: true, recovery_codes_left: 10 });
      expect(new Set(recoveryCodes).size).toBe(10);
    });

    it('answers the right password with an ask for the code, and no token', async () => {
      const answer = await signIn(login);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ second_factor: 'code' });
    });

    it('signs in with the app’s code, refuses a wrong one on the code field and the same code twice', async () => {
      const wrong = await signIn(login, { code: staleCode(secret) });
      expect(wrong.status).toBe(422);
      expect(wrong.body.violations?.[0]?.propertyPath).toBe('code');
      const code = await codes.of(secret);
      const right = await signIn(login, { code });
      expect(right.status).toBe(200);
      expect(right.body.token).toEqual(expect.any(String));
      const again = await signIn(login, { code });
      expect(again.status).toBe(422);
    });

    it('takes each recovery code once, and keeps the factor on', async () => {
      const [first, second] = recoveryCodes as [string, string];
      const used = await signIn(login, { recovery_code: first.toLowerCase() });
      expect(used.status).toBe(200);
      expect(used.body.token).toEqual(expect.any(String));
      expect((await signIn(login, { recovery_code: first })).status).toBe(422);
      expect((await signIn(login)).body).toEqual({ second_factor: 'code' });
      expect((await signIn(login, { recovery_code: second })).status).toBe(200);
      const status = await call('GET', '/api/me/second-factor', { token });
      expect(status.body).toEqual({ enabled: true, recovery_codes_left: 8 });
    });

    it('signs in with a recovery code in the second all sessions were ended, the code spent once', async () => {
      const me = await call<{ id: number }>('GET', '/api/me', { token });
      const user = await call<{ name: string; version: number }>('GET', `/api/users/${me.body.id}`, tenant.superAdmin);
      // From the start of a second: the sign-in's token most likely carries the sign-out's second, which cannot
      // be told from the sessions it ended, so the server renews it by its refresh token, not by the code again.
      await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000)));
      const ended = await call('PUT', `/api/users/${me.body.id}`, {
        ...tenant.superAdmin,
        body: { name: user.body.name, password: DEMO_PASSWORD, version: user.body.version },
      });
      expect(ended.status).toBe(200);
      const session = await signIn(login, { recovery_code: recoveryCodes[2] as string });
      expect(session.status).toBe(200);
      expect((await call('GET', '/api/me', { token: session.body.token })).status).toBe(200);
    });

    it('counts wrong codes against the sign-in lockout: then even the right code waits', async () => {
      const ip = freshClientIp();
      let answer = await signIn(login, { code: '000000' }, ip);
      for (let tries = 1; answer.status === 422 && tries < 20; tries++)
        answer = await signIn(login, { code: '000000' }, ip);
      expect(answer.status).toBe(429);
      // The budget is refused before any code is looked at: the current code, used or not, gets the same 429.
      expect((await signIn(login, { code: totpAt(secret, Date.now()) }, freshClientIp())).status).toBe(429);
    });
  });

  it('turns mine off with the password and the app’s code or a recovery code, and sets it up again (a new phone)', async () => {
    const owner = await addTenantUser(tenant, ['ROLE_USER']);
    const ownToken = (await signIn(owner)).body.token as string;
    const first = await setUpSecondFactor(ownToken, codes);
    const turnOff = (body: Record<string, string>) =>
      call<{ violations?: { propertyPath: string }[] }>('POST', '/api/me/second-factor/turn-off', {
        token: ownToken,
        body: { password: DEMO_PASSWORD, ...body },
      });
    // A stolen session alone turns nothing off: the code is asked, and a wrong one is refused on its field.
    expect((await turnOff({})).body.violations?.[0]?.propertyPath).toBe('code');
    const wrong = await turnOff({ code: staleCode(first.secret) });
    expect(wrong.status).toBe(422);
    expect(wrong.body.violations?.[0]?.propertyPath).toBe('code');
    expect((await turnOff({ password: 'Wrong-2026!x', code: await codes.of(first.secret) })).status).toBe(422);
    // The phone is lost: a recovery code does it.
    expect((await turnOff({ recovery_code: first.recoveryCodes[0] as string })).status).toBe(204);
    const status = await call('GET', '/api/me/second-factor', { token: ownToken });
    expect(status.body).toEqual({ enabled: false, recovery_codes_left: 0 });
    expect((await signIn(owner)).body.token).toEqual(expect.any(String));
    expect((await turnOff({ recovery_code: first.recoveryCodes[1] as string })).status).toBe(422);

    // The new phone: a new key, and the old one's codes no longer sign in.
    const second = await setUpSecondFactor(ownToken, codes);
    expect(second.secret).not.toBe(first.secret);
    expect((await signIn(owner)).body).toEqual({ second_factor: 'code' });
    expect((await signIn(owner, { code: staleCode(first.secret) })).status).toBe(422);
    expect((await signIn(owner, { code: await codes.of(second.secret) })).status).toBe(200);
  });

  it('refuses an API credential: it has no password to add a factor to', async () => {
    const other = await addTenantUser(tenant, ['ROLE_ADMIN']);
    const admin = (await signIn(other)).body.token as string;
    const credential = await call<{ client_id: string; client_secret: string }>('POST', '/api/tokens', {
      token: admin,
      body: { name: 'No factor' },
    });
    expect(credential.status).toBe(201);
    const issued = await call<{ access_token: string }>('POST', '/api/oauth/token', {
      body: {
        grant_type: 'client_credentials',
        client_id: credential.body.client_id,
        client_secret: credential.body.client_secret,
      },
    });
    const answer = await call('POST', '/api/me/second-factor/setup', {
      token: issued.body.access_token,
      body: { password: DEMO_PASSWORD },
    });
    expect(answer.status).toBe(403);
  });
});

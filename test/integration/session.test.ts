import { call, DEMO_PASSWORD, signIn, tokenOf } from '../harness/api';
import { decodePayload, signWithLocalKey, tamper } from '../harness/tokens';

describe('sign-in, refresh and the token check', () => {
  it('signs in with a username and answers the session user with token and refresh token', async () => {
    const response = await call<{ user: Record<string, unknown>; token: string; refresh_token: string }>(
      'POST',
      '/user/sign-in',
      { body: { email: 'admin', password: DEMO_PASSWORD } },
    );
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({
      username: 'admin',
      email: 'admin@demo.local',
      roles: ['ROLE_ADMIN'],
      active: true,
      tenant: { subdomain: 'demo' },
    });
    expect(response.body.user.permissions).toEqual(expect.arrayContaining(['USER_READ', 'ASSET_READ']));
    expect(decodePayload(response.body.token)).toMatchObject({ token_use: 'id', 'custom:tenant': '1' });
    expect(response.body.refresh_token).toEqual(expect.any(String));
  });

  it('signs in with an e-mail address too', async () => {
    const response = await call('POST', '/user/sign-in', {
      body: { email: 'user@acme.local', password: DEMO_PASSWORD },
    });
    expect(response.status).toBe(200);
  });

  it.each([
    ['a wrong password', { email: 'admin', password: 'wrong-password' }],
    ['an unknown user', { email: 'nobody', password: DEMO_PASSWORD }],
    ['an unknown e-mail', { email: 'nobody@demo.local', password: DEMO_PASSWORD }],
  ])('answers 401 "User not found or wrong password" for %s', async (_case, body) => {
    const response = await call('POST', '/user/sign-in', { body });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({
      'hydra:description': 'User not found or wrong password',
      detail: 'User not found or wrong password',
      status: 401,
    });
  });

  it('answers 422 with the spec messages when fields are missing', async () => {
    const response = await call('POST', '/user/sign-in', { body: { email: '  ' } });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      violations: [
        { propertyPath: 'email', message: 'Username or e-mail is required' },
        { propertyPath: 'password', message: 'Password is required' },
      ],
    });
  });

  it('refreshes the token with the refresh token', async () => {
    const { refresh_token } = await signIn('user');
    const response = await call<{ token: string; user: { username: string } }>('POST', '/user/verify', {
      body: { refresh_token },
    });
    expect(response.status).toBe(200);
    expect(response.body.user.username).toBe('user');
    const me = await call('GET', '/api/me', { token: response.body.token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ username: 'user' });
  });

  it("names a client user's customer (their live channel) and nobody else's", async () => {
    const admin = await tokenOf('admin');
    const me = await call<{ id: number; client_id?: number }>('GET', '/api/me', { token: await tokenOf('client') });
    expect(me.status).toBe(200);
    type Member = { id: number };
    const clients = await call<{ 'hydra:member': Member[] }>('GET', '/api/clients?itemsPerPage=100', { token: admin });
    const owners: number[] = [];
    for (const client of clients.body['hydra:member']) {
      const users = await call<{ 'hydra:member': Member[] }>('GET', `/api/clients/${client.id}/users`, {
        token: admin,
      });
      if (users.body['hydra:member'].some((user) => user.id === me.body.id)) owners.push(client.id);
    }
    expect(owners).toHaveLength(1);
    expect(me.body.client_id).toBe(owners[0]);
    const staff = await call<Record<string, unknown>>('GET', '/api/me', { token: admin });
    expect(staff.body).not.toHaveProperty('client_id');
  });

  it('answers 401 to a refresh with an unknown refresh token', async () => {
    const response = await call('POST', '/user/verify', { body: { refresh_token: 'not-a-real-refresh-token' } });
    expect(response.status).toBe(401);
  });

  describe('protected routes', () => {
    it('answer 401 without a token, as API Gateway’s JWT authorizer does (its body, not the error format)', async () => {
      const response = await call('GET', '/api/me');
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'Unauthorized' });
      expect(response.headers.get('content-type')).toBe('application/json');
    });

    it('answer 401 to a tampered token', async () => {
      const { token } = await signIn('user');
      const forged = tamper(token, { 'cognito:groups': ['ROLE_SUPER_ADMIN'] });
      expect((await call('GET', '/api/me', { token: forged })).status).toBe(401);
    });

    it('answer 401 to an expired token', async () => {
      const { token } = await signIn('user');
      const now = Math.floor(Date.now() / 1000);
      const expired = signWithLocalKey({ ...decodePayload(token), iat: now - 7200, exp: now - 3600 });
      expect((await call('GET', '/api/me', { token: expired })).status).toBe(401);
      // The same claims with a valid expiry pass: the refusal above is the expiry, not the signing.
      const fresh = signWithLocalKey({ ...decodePayload(token), iat: now, exp: now + 600 });
      expect((await call('GET', '/api/me', { token: fresh })).status).toBe(200);
    });

    it('answer 401 to a token for another app client or an access token', async () => {
      const { token } = await signIn('user');
      const now = Math.floor(Date.now() / 1000);
      const otherAudience = signWithLocalKey({ ...decodePayload(token), aud: 'some-other-client', exp: now + 600 });
      const accessToken = signWithLocalKey({ ...decodePayload(token), token_use: 'access', exp: now + 600 });
      expect((await call('GET', '/api/me', { token: otherAudience })).status).toBe(401);
      expect((await call('GET', '/api/me', { token: accessToken })).status).toBe(401);
    });
  });

  it('lists the role names', async () => {
    const response = await call<{ 'hydra:member': string[] }>('GET', '/api/roles', {
      token: (await signIn('client')).token,
    });
    expect(response.status).toBe(200);
    expect(response.body['hydra:member']).toEqual(
      expect.arrayContaining([
        'ROLE_ADMIN',
        'ROLE_USER',
        'ROLE_CLIENT',
        'ROLE_TRANSPORTER',
        'ROLE_ACCOUNT_MANAGER',
        'ROLE_SUPER_ADMIN',
      ]),
    );
  });
});

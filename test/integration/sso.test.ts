import { call, tokenOf } from '../harness/api';
import { readStack } from '../harness/stack';
import { createTestUser } from '../harness/test-users';

/**
 * Single sign-on end to end against the local stack: GET /login/azure, the OIDC stand-in of the Cognito domain
 * (its sign-in form driven over HTTP with manual redirects and a cookie jar), and GET /oauth.
 */
interface SessionAnswer {
  user: { id: number; username: string; email: string; roles: string[]; tenant: { id: number } | null };
  token: string;
  refresh_token: string;
}
interface ErrorBody {
  'hydra:description': string;
  detail: string;
  status: number;
  violations?: { propertyPath: string; message: string }[];
}

const ssoUrl = () => `http://127.0.0.1:${readStack().ports.SSO_PORT}`;
const consoleCallback = () => `http://localhost:${readStack().ports.WEB_PORT}/oauth`;
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;

/** The console tab's binding value (web/src/session/ssoBinding.ts): started with it, completed with it. */
const BINDING = 'tab-binding-0123456789abcdef';

/** GET /login/azure without following: the authorize URL it sends the browser to. */
async function startLogin(binding = BINDING): Promise<URL> {
  const response = await fetch(`${readStack().apiUrl}/login/azure?binding=${binding}`, { redirect: 'manual' });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location') ?? '');
}

/** A browser in miniature: follows the provider's redirects with its cookies until it leaves for the console. */
async function signInAtProvider(authorizeUrl: URL, email: string, action: 'login' | 'abort' = 'login') {
  const jar = new Map<string, string>();
  const request = async (url: string, init: RequestInit = {}) => {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...init.headers, cookie } });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      jar.set(name, value);
    }
    return response;
  };
  let response = await request(authorizeUrl.toString());
  let submitted = false;
  for (let hop = 0; hop < 10; hop++) {
    const location = response.headers.get('location');
    if (location?.startsWith(consoleCallback())) return new URL(location);
    if (location) {
      response = await request(new URL(location, ssoUrl()).toString());
      continue;
    }
    expect(response.status).toBe(200);
    expect(submitted).toBe(false);
    const form = /action="([^"]+)\/login"/.exec(await response.text())?.[1];
    expect(form).toBeDefined();
    response = await request(new URL(`${form}/${action}`, ssoUrl()).toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email }).toString(),
    });
    submitted = true;
  }
  throw new Error('The provider did not send the browser back to the console');
}

/** The console's part: GET /oauth with what came back in the callback URL. */
const exchange = (query: Record<string, string>) =>
  call<SessionAnswer & ErrorBody>('GET', `/oauth?${new URLSearchParams(query)}`);

async function codeFor(email: string) {
  const authorize = await startLogin();
  const callback = await signInAtProvider(authorize, email);
  const code = callback.searchParams.get('code') ?? '';
  const state = callback.searchParams.get('state') ?? '';
  expect(state).toBe(authorize.searchParams.get('state'));
  return { code, state, session_state: callback.searchParams.get('session_state') ?? '', binding: BINDING };
}

const expectAccessDenied = (response: { status: number; body: ErrorBody }) => {
  expect(response.status).toBe(403);
  expect(response.body).toMatchObject({ 'hydra:description': 'Access denied', detail: 'Access denied', status: 403 });
  expect(response.body).not.toHaveProperty('token');
};

describe('GET /login/azure', () => {
  it('sends the browser to the authorize endpoint with identity provider, state and an S256 challenge', async () => {
    const url = await startLogin();
    expect(`${url.origin}${url.pathname}`).toBe(`${ssoUrl()}/oauth2/authorize`);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      identity_provider: 'AzureEntraId',
      response_type: 'code',
      client_id: readStack().userPoolClientId,
      redirect_uri: consoleCallback(),
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    expect(params.state).toMatch(/^[\w-]{43}$/);
    expect(params.code_challenge).toMatch(/^[\w-]{43}$/);
    const again = await startLogin();
    expect(again.searchParams.get('state')).not.toBe(params.state);
    expect(again.searchParams.get('code_challenge')).not.toBe(params.code_challenge);
  });
});

describe('GET /oauth', () => {
  it('signs a demo user in: the same user as password sign-in, a token the API accepts, a refresh token', async () => {
    const answer = await exchange(await codeFor('admin@demo.local'));
    expect(answer.status).toBe(200);
    const password = await call<SessionAnswer>('POST', '/user/sign-in', {
      body: { email: 'admin', password: 'Demo-Tracking-2026!' },
    });
    expect(answer.body.user).toEqual(password.body.user);
    expect(answer.body.user).toMatchObject({ username: 'admin', email: 'admin@demo.local', tenant: { id: 1 } });
    // The claims a Cognito ID token of the same user carries, from the stand-in's own issuer.
    const { sub, email, 'cognito:username': username, 'cognito:groups': groups } = claimsOf(password.body.token);
    expect(claimsOf(answer.body.token)).toMatchObject({
      iss: ssoUrl(),
      aud: readStack().userPoolClientId,
      token_use: 'id',
      'custom:tenant': '1',
      sub,
      email,
      'cognito:username': username,
      'cognito:groups': groups,
    });
    expect(answer.body.refresh_token).toMatch(/^sso\./);

    const me = await call<{ id: number }>('GET', '/api/me', { token: answer.body.token });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(answer.body.user.id);

    // In the user's history, as a sign-in by single sign-on.
    const history = await call<{ 'hydra:member': { action: string; status: number }[] }>(
      'GET',
      `/api/audit?entityType=users&entityId=${me.body.id}&action=session.oauthCallback`,
      { token: answer.body.token },
    );
    expect(history.body['hydra:member'][0]).toMatchObject({ action: 'session.oauthCallback', status: 200 });
  });

  it('signs in users of the SSO tenant only: they see their own tenant users', async () => {
    const answer = await exchange(await codeFor('user@demo.local'));
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ username: 'user', tenant: { id: 1 } });
    const users = await call<{ 'hydra:member': { email: string }[] }>('GET', '/api/users?pagination=false', {
      token: (await exchange(await codeFor('admin@demo.local'))).body.token,
    });
    const emails = users.body['hydra:member'].map((u) => u.email);
    expect(emails).toContain('admin@demo.local');
    expect(emails).not.toContain('admin@acme.local');
  });

  // The directory behind this sign-in belongs to the demo tenant (SSO_TENANT_ID), so an Entra
  // user whose e-mail is that of another tenant's user never becomes that user.
  it("never links a first sign-in to another tenant's user with that e-mail (other domain)", async () => {
    const callback = await signInAtProvider(await startLogin(), 'admin@acme.local');
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('code')).toBeNull();
  });

  it("never links a first sign-in to another tenant's user, even on a domain the directory verified", async () => {
    const acmeUser = await createTestUser({ tenantId: 2, password: 'Sso-Other-Tenant-2026!' });
    expect(acmeUser.email).toMatch(/@demo\.local$/);
    const callback = await signInAtProvider(await startLogin(), acmeUser.email);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('code')).toBeNull();
    // A demo-domain address in acme reads as a leak to the isolation sweep: the user goes with its test.
    const acmeAdmin = await tokenOf('acme-admin');
    const found = await call<{ 'hydra:member': { id: number }[] }>('GET', `/api/users?username=${acmeUser.username}`, {
      token: acmeAdmin,
    });
    const id = found.body['hydra:member'][0]?.id;
    expect(id).toBeDefined();
    expect((await call('DELETE', `/api/users/${id}`, { token: acmeAdmin })).status).toBe(204);
  });

  it('renews an SSO session through POST /user/verify', async () => {
    const first = await exchange(await codeFor('user@demo.local'));
    const renewed = await call<SessionAnswer>('POST', '/user/verify', {
      body: { refresh_token: first.body.refresh_token },
    });
    expect(renewed.status).toBe(200);
    expect(renewed.body.user.username).toBe('user');
    expect(renewed.body.refresh_token).toMatch(/^sso\./);
    expect((await call('GET', '/api/me', { token: renewed.body.token })).status).toBe(200);
    const forged = await call<ErrorBody>('POST', '/user/verify', { body: { refresh_token: 'sso.not-a-token' } });
    expect(forged.status).toBe(401);
    expect(forged.body.detail).toBe('Invalid or expired token.');
  });

  it('ends an SSO session on sign-out: its refresh token is revoked at the token endpoint', async () => {
    const session = await exchange(await codeFor('user@demo.local'));
    expect(session.status).toBe(200);
    const out = await call('POST', '/user/sign-out', { body: { refresh_token: session.body.refresh_token } });
    expect(out.status).toBe(204);
    const renewed = await call('POST', '/user/verify', { body: { refresh_token: session.body.refresh_token } });
    expect(renewed.status).toBe(401);
  });

  it('ends SSO sessions when the user is signed out everywhere (password change), as Cognito does', async () => {
    const user = await createTestUser({ password: 'Sso-Global-2026!' });
    const session = await exchange(await codeFor(user.email));
    expect(session.status).toBe(200);
    const admin = await tokenOf('admin');
    const record = await call<{ id: number; version: number }>('GET', `/api/users/${session.body.user.id}`, {
      token: admin,
    });
    const changed = await call('PUT', `/api/users/${record.body.id}`, {
      token: admin,
      body: { name: user.name, password: 'Sso-Global-Changed-2026!', version: record.body.version },
    });
    expect(changed.status).toBe(200);
    expect((await call('GET', '/api/me', { token: session.body.token })).status).toBe(401);
    const renewed = await call('POST', '/user/verify', { body: { refresh_token: session.body.refresh_token } });
    expect(renewed.status).toBe(401);
  });

  it('refuses a reused state, even with the code that belonged to it', async () => {
    const query = await codeFor('admin@demo.local');
    expect((await exchange(query)).status).toBe(200);
    expectAccessDenied(await exchange(query));
  });

  it('refuses a state it never issued, and that attempt does not burn the real one', async () => {
    const query = await codeFor('admin@demo.local');
    expectAccessDenied(await exchange({ ...query, state: 'x'.repeat(43) }));
    expect((await exchange(query)).status).toBe(200);
  });

  it('refuses a code the provider did not issue, and the state is used up by the attempt', async () => {
    const query = await codeFor('admin@demo.local');
    expectAccessDenied(await exchange({ ...query, code: 'not-a-code' }));
    expectAccessDenied(await exchange(query));
  });

  it('refuses a callback completed in another browser than the one that started it (login CSRF)', async () => {
    // The attacker starts a flow in their own browser and sends the victim the callback link: the victim's
    // console holds another binding (or none), so the exchange fails and the state is spent.
    const query = await codeFor('admin@demo.local');
    expectAccessDenied(await exchange({ ...query, binding: 'victim-tab-binding-987654321' }));
    expectAccessDenied(await exchange(query));
  });

  it('validates the query (422 with the schema messages)', async () => {
    const missing = await call<ErrorBody>('GET', '/oauth?session_state=x');
    expect(missing.status).toBe(422);
    expect(missing.body.violations).toEqual([
      { propertyPath: 'code', message: 'The code is required' },
      { propertyPath: 'state', message: 'The state is required' },
      { propertyPath: 'binding', message: 'The browser binding is required' },
    ]);
    const unbound = await call<ErrorBody>('GET', '/login/azure');
    expect(unbound.status).toBe(422);
    expect(unbound.body.violations).toEqual([{ propertyPath: 'binding', message: 'The browser binding is required' }]);
  });

  it('sends an unknown e-mail back to the console with error=access_denied and no code', async () => {
    const authorize = await startLogin();
    const callback = await signInAtProvider(authorize, 'nobody@nowhere.example');
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('code')).toBeNull();
    expect(callback.searchParams.get('state')).toBe(authorize.searchParams.get('state'));
  });

  it('sends a cancelled sign-in back with error=access_denied', async () => {
    const callback = await signInAtProvider(await startLogin(), 'admin@demo.local', 'abort');
    expect(callback.searchParams.get('error')).toBe('access_denied');
  });

  it('refuses a user deactivated between sign-in and callback, and one who is inactive at sign-in', async () => {
    const admin = await tokenOf('admin');
    const email = `sso-${Date.now().toString(36)}@demo.local`;
    const created = await call<{ id: number; name: string; version: number }>('POST', '/api/users', {
      token: admin,
      body: { name: 'Sso Tester', email, password: 'Sso-Test-2026!', roles: ['ROLE_USER'] },
    });
    expect(created.status).toBe(201);
    const query = await codeFor(email);
    const off = await call('PUT', `/api/users/${created.body.id}`, {
      token: admin,
      body: { name: created.body.name, active: false, version: created.body.version },
    });
    expect(off.status).toBe(200);
    expectAccessDenied(await exchange(query));
    const callback = await signInAtProvider(await startLogin(), email);
    expect(callback.searchParams.get('error')).toBe('access_denied');
  });
});

import { call, tokenOf } from '../harness/api';
import { readStack } from '../harness/stack';
import { decodePayload } from '../harness/tokens';

interface Credential {
  id: number;
  name: string;
  client_id: string;
  client_secret?: string;
  role: string;
  version: number;
}
interface IssuedToken {
  access_token: string;
  token_type: string;
  expires_in: number;
}

const create = async (login: string, name: string) => {
  const response = await call<Credential>('POST', '/api/tokens', { token: await tokenOf(login), body: { name } });
  expect(response.status).toBe(201);
  return response.body;
};

/** The token endpoint as an OAuth client calls it: a form body. */
const requestToken = (clientId: string, secret: string) =>
  fetch(`${readStack().apiUrl}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret }),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as IssuedToken & Record<string, unknown> }));

describe('API credentials and the client-credentials token endpoint', () => {
  let credential: Credential;
  beforeAll(async () => {
    credential = await create('admin', 'ERP export');
  });

  it('creates a credential with the creator’s role and shows the secret only in that answer', async () => {
    expect(credential).toMatchObject({ name: 'ERP export', role: 'ROLE_ADMIN', version: 1 });
    expect(credential.client_id).toMatch(/^ac[0-9a-f]{24}$/);
    expect(credential.client_secret?.length).toBeGreaterThanOrEqual(43);

    const list = await call<{ 'hydra:member': Credential[]; 'hydra:totalItems': number }>('GET', '/api/tokens', {
      token: await tokenOf('admin'),
    });
    expect(list.status).toBe(200);
    const listed = list.body['hydra:member'].find((c) => c.id === credential.id);
    expect(listed).toMatchObject({ name: 'ERP export', client_id: credential.client_id });
    expect(listed).not.toHaveProperty('client_secret');
    expect(JSON.stringify(list.body)).not.toContain(credential.client_secret);
  });

  it('renames with PUT (id in the body) and answers 409 on a stale version', async () => {
    const token = await tokenOf('admin');
    const renamed = await call<Credential>('PUT', '/api/tokens', {
      token,
      body: { id: credential.id, name: 'ERP nightly export', version: 1 },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'ERP nightly export', version: 2 });
    expect(renamed.body).not.toHaveProperty('client_secret');
    const stale = await call('PUT', '/api/tokens', { token, body: { id: credential.id, name: 'x', version: 1 } });
    expect(stale.status).toBe(409);
  });

  it('issues a 15-minute token that reads the tenant’s assets with the credential’s role', async () => {
    const issued = await requestToken(credential.client_id, credential.client_secret as string);
    expect(issued.status).toBe(200);
    expect(issued.body.token_type).toBe('Bearer');
    expect(issued.body.expires_in).toBeGreaterThan(14 * 60);
    expect(issued.body.expires_in).toBeLessThanOrEqual(15 * 60);
    expect(decodePayload(issued.body.access_token)).toMatchObject({
      'custom:tenant': '1',
      'cognito:groups': ['ROLE_ADMIN'],
      'cognito:username': `api-${credential.client_id}`,
    });

    const assets = await call<{ 'hydra:totalItems': number }>('GET', '/api/assets', {
      token: issued.body.access_token,
    });
    expect(assets.status).toBe(200);
    const asAdmin = await call<{ 'hydra:totalItems': number }>('GET', '/api/assets', { token: await tokenOf('admin') });
    expect(assets.body['hydra:totalItems']).toBe(asAdmin.body['hydra:totalItems']);

    // An admin's rights and nothing more: no super-admin routes, no other tenant.
    expect((await call('GET', '/api/kpn-things/device-count', { token: issued.body.access_token })).status).toBe(403);
    const otherTenant = await call('GET', '/api/assets', {
      token: issued.body.access_token,
      headers: { 'x-tenant-id': '2' },
    });
    expect(otherTenant.status).toBe(403);
  });

  it('answers GET /api/me with the credential: name, role, rights and tenant (it has no user record)', async () => {
    const issued = await requestToken(credential.client_id, credential.client_secret as string);
    const me = await call<Record<string, unknown>>('GET', '/api/me', { token: issued.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      id: credential.id,
      name: 'ERP nightly export',
      username: `api-${credential.client_id}`,
      roles: ['ROLE_ADMIN'],
      active: true,
      tenant: { id: 1, subdomain: 'demo' },
    });
    expect(me.body.permissions).toEqual(expect.arrayContaining(['ASSET_READ', 'API_TOKENS']));
  });

  it('accepts JSON and HTTP Basic credentials too', async () => {
    const json = await call<IssuedToken>('POST', '/api/oauth/token', {
      body: {
        grant_type: 'client_credentials',
        client_id: credential.client_id,
        client_secret: credential.client_secret,
      },
    });
    expect(json.status).toBe(200);
    const basic = await call<IssuedToken>('POST', '/api/oauth/token', {
      rawBody: 'grant_type=client_credentials',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${credential.client_id}:${credential.client_secret}`).toString('base64')}`,
      },
    });
    expect(basic.status).toBe(200);
  });

  it('answers 401 to a wrong secret or an unknown client and 422 to a malformed request', async () => {
    const wrong = await requestToken(credential.client_id, 'not-the-secret');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ detail: 'Invalid client id or client secret.' });
    expect((await requestToken('ac000000000000000000000000', 'whatever')).status).toBe(401);
    const malformed = await call('POST', '/api/oauth/token', { body: { grant_type: 'password' } });
    expect(malformed.status).toBe(422);
    expect(malformed.body).toMatchObject({
      violations: [
        { propertyPath: 'grant_type', message: 'The grant_type must be client_credentials' },
        { propertyPath: 'client_id', message: 'The client_id is required' },
        { propertyPath: 'client_secret', message: 'The client_secret is required' },
      ],
    });
  });

  it('keeps credentials in their tenant: acme’s client sees acme’s data only', async () => {
    const acme = await create('acme-admin', 'Acme integration');
    const issued = await requestToken(acme.client_id, acme.client_secret as string);
    expect(issued.status).toBe(200);
    expect(decodePayload(issued.body.access_token)).toMatchObject({ 'custom:tenant': '2' });
    type Assets = { 'hydra:member': { id: number; name: string }[]; 'hydra:totalItems': number };
    const names = (r: { body: Assets }) => r.body['hydra:member'].map((a) => `${a.id}:${a.name}`);
    const asClient = await call<Assets>('GET', '/api/assets', { token: issued.body.access_token });
    const asAcmeAdmin = await call<Assets>('GET', '/api/assets', { token: await tokenOf('acme-admin') });
    const asDemoAdmin = await call<Assets>('GET', '/api/assets', { token: await tokenOf('admin') });
    expect(asClient.status).toBe(200);
    expect(names(asClient)).toEqual(names(asAcmeAdmin));
    expect(names(asClient)).not.toEqual(names(asDemoAdmin));

    // Ids count per tenant: a demo credential whose id acme does not have is 404 for acme.
    const demoOnly = await create('admin', 'Demo only');
    const acmeIds = (
      await call<{ 'hydra:member': Credential[] }>('GET', '/api/tokens', {
        token: await tokenOf('acme-admin'),
      })
    ).body['hydra:member'].map((c) => c.id);
    expect(acmeIds).not.toContain(demoOnly.id);
    const crossRevoke = await call('DELETE', `/api/tokens/${demoOnly.id}`, { token: await tokenOf('acme-admin') });
    expect(crossRevoke.status).toBe(404);
    const demoList = await call('GET', '/api/tokens', { token: await tokenOf('admin') });
    expect(JSON.stringify(demoList.body)).toContain(demoOnly.client_id);
    expect(JSON.stringify(demoList.body)).not.toContain(acme.client_id);
  });

  it('revokes: no new tokens, and tokens issued before are refused at once', async () => {
    const victim = await create('admin', 'To be revoked');
    const before = await requestToken(victim.client_id, victim.client_secret as string);
    expect(before.status).toBe(200);
    const revoked = await call('DELETE', `/api/tokens/${victim.id}`, { token: await tokenOf('admin') });
    expect(revoked.status).toBe(204);
    expect((await requestToken(victim.client_id, victim.client_secret as string)).status).toBe(401);
    expect((await call('GET', '/api/assets', { token: before.body.access_token })).status).toBe(401);
    expect((await call('DELETE', `/api/tokens/${victim.id}`, { token: await tokenOf('admin') })).status).toBe(404);
  });

  it('answers 422 without a name, 401 without a token and 403 without API_TOKENS', async () => {
    const token = await tokenOf('admin');
    const noName = await call('POST', '/api/tokens', { token, body: { name: ' ' } });
    expect(noName.status).toBe(422);
    expect(noName.body).toMatchObject({ violations: [{ propertyPath: 'name', message: 'The name is required' }] });
    expect((await call('GET', '/api/tokens')).status).toBe(401);
    for (const login of ['user', 'client', 'transporter']) {
      expect((await call('GET', '/api/tokens', { token: await tokenOf(login) })).status).toBe(403);
      expect((await call('POST', '/api/tokens', { token: await tokenOf(login), body: { name: 'x' } })).status).toBe(
        403,
      );
    }
  });

  it('gives a super admin’s credential the admin role, never super admin', async () => {
    const fromSuper = await create('superadmin', 'Super admin tooling');
    expect(fromSuper.role).toBe('ROLE_ADMIN');
  });
});

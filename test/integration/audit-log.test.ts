import { ROUTES } from '../../shared/routes';
import { call, DEMO_PASSWORD, tokenOf } from '../harness/api';
import { testFileClientIp } from '../harness/client-ip';
import { addTenantUser, createOwnTenant, removeOwnTenant } from '../harness/own-tenant';

/**
 * The audit log against the local stack: every write that answered 2xx leaves one entry naming who did what to
 * which entity, from where; a refused write leaves none; administrators read their own tenant's entries only;
 * nothing can change an entry.
 */
interface Entry {
  action: string;
  entity: { type: string; id: string } | null;
  actor: { kind: string; id: string; name: string; fromTenantId?: string };
  status: number;
  ip: string;
  userAgent: string;
  at: string;
  changes?: { type: string; id: string; kind: string; fields: Record<string, unknown> }[];
}
interface Page {
  'hydra:member': Entry[];
  'hydra:totalItems': number;
}

const historyOf = (token: string, type: string, id: number | string, headers: Record<string, string> = {}) =>
  call<Page>('GET', `/api/audit?entityType=${type}&entityId=${id}`, { token, headers });

describe('audit log', () => {
  let admin: string;
  beforeAll(async () => {
    admin = await tokenOf('admin');
  });

  it('records each change of an asset once, newest first, with the actor, the address and the user agent', async () => {
    const userAgent = `audit-test/${Date.now()}`;
    const headers = { 'user-agent': userAgent };
    const created = await call<{ id: number; version: number }>('POST', '/api/assets', {
      token: admin,
      headers,
      body: { name: `Audited reel ${Date.now()}` },
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const renamed = await call('PUT', `/api/assets/${id}`, {
      token: admin,
      headers,
      body: { name: `Audited reel ${id} renamed`, version: created.body.version },
    });
    expect(renamed.status).toBe(200);
    // A refused write changes nothing and is not a change to record.
    const refused = await call('PUT', `/api/assets/${id}`, { token: admin, headers, body: { name: '', version: 2 } });
    expect(refused.status).toBe(422);

    const history = await historyOf(admin, 'assets', id);
    expect(history.status).toBe(200);
    expect(history.body['hydra:member'].map((entry) => entry.action)).toEqual(['assets.update', 'assets.create']);
    const [update] = history.body['hydra:member'];
    expect(update).toMatchObject({
      entity: { type: 'assets', id: String(id) },
      actor: { kind: 'user', name: 'admin' },
      status: 200,
      ip: testFileClientIp(),
      userAgent,
    });
    const byAction = await call<Page>(
      'GET',
      `/api/audit?action=assets.create&at[after]=${encodeURIComponent(update?.at ?? '')}`,
      {
        token: admin,
      },
    );
    expect(byAction.body['hydra:member'].every((entry) => entry.action === 'assets.create')).toBe(true);
  });

  it('keeps the fields a change wrote with their old and new values', async () => {
    const name = `Changed reel ${Date.now()}`;
    const created = await call<{ id: number; version: number }>('POST', '/api/assets', {
      token: admin,
      body: { name },
    });
    const id = created.body.id;
    const saved = await call('PUT', `/api/assets/${id}`, {
      token: admin,
      body: { name: `${name} B`, version: created.body.version },
    });
    expect(saved.status).toBe(200);
    const [update, create] = (await historyOf(admin, 'assets', id)).body['hydra:member'];
    const own = (entry: Entry | undefined) => entry?.changes?.find((change) => change.type === 'ASSET');
    expect(own(create)).toMatchObject({ id: String(id), kind: 'created', fields: { name: { new: name } } });
    expect(own(update)).toMatchObject({
      id: String(id),
      kind: 'updated',
      fields: { name: { old: name, new: `${name} B` } },
    });
    // Nothing the save did not change, and none of the table's own attributes.
    expect(Object.keys(own(update)?.fields ?? {})).not.toContain('version');
    expect(Object.keys(own(update)?.fields ?? {}).some((field) => /^gsi|^pk$|^sk$/.test(field))).toBe(false);
  });

  it("masks a customer's e-mail address and keeps no secret an answer showed once", async () => {
    const stamp = Date.now();
    const email = `audit-customer-${stamp}@example.com`;
    const customer = await call<{ id: number }>('POST', '/api/clients', {
      token: admin,
      body: { name: `Audited customer ${stamp}`, email },
    });
    expect(customer.status).toBe(201);
    const [made] = (await historyOf(admin, 'clients', customer.body.id)).body['hydra:member'];
    const change = made?.changes?.find((entry) => entry.type === 'CLIENT');
    expect(change?.fields.email).toEqual({ new: 'a…@example.com' });
    expect(JSON.stringify(made)).not.toContain(email);

    const credential = await call<{ id: number; client_secret: string }>('POST', '/api/tokens', {
      token: admin,
      body: { name: `Audited credential ${stamp}` },
    });
    expect(credential.status).toBe(201);
    expect(credential.body.client_secret.length).toBeGreaterThan(10);
    const [issued] = (await historyOf(admin, 'tokens', credential.body.id)).body['hydra:member'];
    expect(issued?.action).toBe('tokens.create');
    expect(JSON.stringify(issued)).not.toContain(credential.body.client_secret);
    await call('DELETE', `/api/tokens/${credential.body.id}`, { token: admin });
  });

  it("shows a super admin's change in another tenant under their own id and home tenant", async () => {
    const superAdmin = await tokenOf('superadmin');
    const acmeTenant = '2';
    const headers = { 'X-Tenant-Id': acmeTenant };
    const created = await call<{ id: number }>('POST', '/api/assets', {
      token: superAdmin,
      headers,
      body: { name: `Visited reel ${Date.now()}` },
    });
    expect(created.status).toBe(201);
    const history = await historyOf(superAdmin, 'assets', created.body.id, headers);
    expect(history.body['hydra:member']).toHaveLength(1);
    expect(history.body['hydra:member'][0]?.actor).toMatchObject({ kind: 'user', fromTenantId: '1' });
    // The demo tenant's log has no entry for the other tenant's asset.
    expect((await historyOf(admin, 'assets', created.body.id)).body['hydra:totalItems']).toBe(0);
  });

  it("keeps one tenant's entries from another tenant's administrators, and from client users", async () => {
    const created = await call<{ id: number }>('POST', '/api/assets', {
      token: admin,
      body: { name: `Private reel ${Date.now()}` },
    });
    const acme = await tokenOf('acme-admin');
    const seen = await historyOf(acme, 'assets', created.body.id);
    expect(seen.status).toBe(200);
    expect(seen.body['hydra:totalItems']).toBe(0);
    // A tenant header does not lend another tenant's log to an administrator who is no super admin.
    expect((await historyOf(acme, 'assets', created.body.id, { 'X-Tenant-Id': '1' })).status).toBe(403);
    const client = await tokenOf('client');
    expect((await call('GET', '/api/audit', { token: client })).status).toBe(403);
  });

  it("answers an administrator's API credential, which finds its own change under its client id", async () => {
    const name = `Audit reader ${Date.now()}`;
    const credential = await call<{ id: number; client_id: string; client_secret: string }>('POST', '/api/tokens', {
      token: admin,
      body: { name },
    });
    expect(credential.status).toBe(201);
    const issued = await call<{ access_token: string }>('POST', '/api/oauth/token', {
      body: {
        grant_type: 'client_credentials',
        client_id: credential.body.client_id,
        client_secret: credential.body.client_secret,
      },
    });
    const machine = issued.body.access_token;
    const created = await call<{ id: number }>('POST', '/api/assets', {
      token: machine,
      body: { name: `${name} reel` },
    });
    expect(created.status).toBe(201);
    const history = await historyOf(machine, 'assets', created.body.id);
    expect(history.status).toBe(200);
    expect(history.body['hydra:member']).toEqual([
      expect.objectContaining({
        action: 'assets.create',
        actor: { kind: 'apiCredential', id: credential.body.client_id, name: credential.body.client_id },
      }),
    ]);
    await call('DELETE', `/api/tokens/${credential.body.id}`, { token: admin });
  });

  it('has no route that writes or removes an entry, and refuses half an entity filter', async () => {
    const auditRoutes = ROUTES.filter((route) => route.path.startsWith('/api/audit'));
    expect(auditRoutes.map((route) => route.method)).toEqual(['GET']);
    for (const method of ['PUT', 'DELETE', 'POST', 'PATCH'] as const) {
      const answer = await call(method, '/api/audit', { token: admin, body: {} });
      expect([404, 405]).toContain(answer.status);
    }
    const half = await call<{ violations: { propertyPath: string }[] }>('GET', '/api/audit?entityType=assets', {
      token: admin,
    });
    expect(half.status).toBe(422);
    expect(half.body.violations[0]?.propertyPath).toBe('entityId');
  });

  it('records sign-ins and refused sign-ins of an account in its own tenant, none for a login nobody has', async () => {
    const tenant = await createOwnTenant('Audit sign-ins');
    try {
      const login = await addTenantUser(tenant, ['ROLE_USER']);
      const signInAs = (email: string, password: string) =>
        call<{ user: { id: number } }>('POST', '/user/sign-in', { body: { email, password } });
      expect((await signInAs(login, 'Wrong-Password-2026!')).status).toBe(401);
      const signedIn = await signInAs(login, DEMO_PASSWORD);
      expect(signedIn.status).toBe(200);
      expect((await signInAs(`nobody-${Date.now()}`, 'Wrong-Password-2026!')).status).toBe(401);

      const tenantAdmin = await tokenOf(tenant.adminLogin);
      const history = (await historyOf(tenantAdmin, 'users', signedIn.body.user.id)).body['hydra:member'];
      expect(history.map((entry) => [entry.action, entry.status])).toEqual([
        ['session.signIn', 200],
        ['session.signIn', 401],
        ['users.create', 201],
      ]);
      expect(history[1]).toMatchObject({ actor: { kind: 'user', name: login }, ip: testFileClientIp() });
      // The tenant's sign-ins are this user's two and its administrator's one: nothing of the unknown login.
      const all = await call<Page>('GET', '/api/audit?action=session.signIn', { token: tenantAdmin });
      expect(all.body['hydra:member'].map((entry) => entry.actor.name).sort()).toEqual(
        [login, login, tenant.adminLogin].sort(),
      );
    } finally {
      await removeOwnTenant(tenant);
    }
  });
});

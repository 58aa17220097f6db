import type { ReportSubscription } from '../../shared/schemas/report-subscription';
import { OWNER_INVALID } from '../../shared/schemas/report-subscription';
import { call, tokenOf } from '../harness/api';

/**
 * Who a report subscription is for: an administrator subscribes another user of the tenant (a client user
 * among them, then for their own customer), nobody else names another subscriber, and an administrator of
 * another tenant reaches neither the subscriptions nor the users of this one.
 */
type Violations = { violations: { propertyPath: string; message: string }[] };
type Me = { id: number; email: string; client_id?: number };
type Role = { id: number; name: string; version: number; role_permissions: { permission: string }[] };
type Users = { 'hydra:member': { id: number }[] };

const body = (extra: Record<string, unknown> = {}) => ({
  kind: 'loan-days',
  schedule: { every: 'week', weekday: 1, time: '07:00' },
  format: 'csv',
  language: 'en',
  paused: true,
  ...extra,
});

describe('report subscription owners', () => {
  let adminToken: string;
  let userToken: string;
  let clientToken: string;
  let acmeToken: string;
  let user: Me;
  let client: Me;
  let admin: Me;
  let clientRole: Role;
  const made: number[] = [];

  const subscribe = async (token: string, extra: Record<string, unknown>) => {
    const response = await call<ReportSubscription & Violations>('POST', '/api/report-subscriptions', {
      token,
      body: body(extra),
    });
    if (response.status === 201) made.push(response.body.id);
    return response;
  };
  const listOf = async (token: string) =>
    (
      await call<{ 'hydra:member': ReportSubscription[] }>('GET', '/api/report-subscriptions?itemsPerPage=100', {
        token,
      })
    ).body['hydra:member'].map((s) => s.id);

  beforeAll(async () => {
    [adminToken, userToken, clientToken, acmeToken] = await Promise.all([
      tokenOf('admin'),
      tokenOf('user'),
      tokenOf('client'),
      tokenOf('acme-admin'),
    ]);
    const me = async (token: string) => (await call<Me>('GET', '/api/me', { token })).body;
    [admin, user, client] = [await me(adminToken), await me(userToken), await me(clientToken)];
    const matrix = await call<{ 'hydra:member': Role[] }>('GET', '/api/role-matrix', { token: adminToken });
    clientRole = matrix.body['hydra:member'].find((role) => role.name === 'ROLE_CLIENT') as Role;
  });

  afterAll(async () => {
    for (const id of made) await call('DELETE', `/api/report-subscriptions/${id}`, { token: adminToken });
  });

  it('lets an administrator subscribe another user of the tenant, who then sees and manages it', async () => {
    const created = await subscribe(adminToken, { owner: user.id });
    expect(created.status).toBe(201);
    expect(created.body.owner.id).toBe(user.id);
    expect(await listOf(userToken)).toContain(created.body.id);
    const changed = await call<ReportSubscription>('PUT', `/api/report-subscriptions/${created.body.id}`, {
      token: userToken,
      body: body({ language: 'nl', version: created.body.version }),
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ owner: { id: user.id }, language: 'nl' });
  });

  it('refuses a user who names another subscriber, on create and on change', async () => {
    const refused = await subscribe(userToken, { owner: admin.id });
    expect(refused.status).toBe(403);
    const own = await subscribe(userToken, { owner: user.id });
    expect(own.status).toBe(201);
    const moved = await call('PUT', `/api/report-subscriptions/${own.body.id}`, {
      token: userToken,
      body: body({ owner: admin.id, version: own.body.version }),
    });
    expect(moved.status).toBe(403);
    expect(await listOf(adminToken)).toContain(own.body.id);
    const stored = await call<ReportSubscription>('GET', `/api/report-subscriptions/${own.body.id}`, {
      token: adminToken,
    });
    expect(stored.body.owner.id).toBe(user.id);
  });

  it('subscribes a client user only once they may read the report, and then for their own customer', async () => {
    expect(client.client_id).toBeDefined();
    const notYet = await subscribe(adminToken, { owner: client.id });
    expect(notYet.status).toBe(422);
    expect(notYet.body.violations.map((v) => v.propertyPath)).toEqual(['owner']);
    const granted = await call<Role>('PUT', `/api/roles/${clientRole.id}`, {
      token: adminToken,
      body: {
        role_permissions: [...clientRole.role_permissions, { permission: 'CUSTOMER_READ' }],
        version: clientRole.version,
      },
    });
    expect(granted.status).toBe(200);
    try {
      const created = await subscribe(adminToken, { owner: client.id, client: (client.client_id as number) + 1000 });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ owner: { id: client.id }, client: { id: client.client_id } });
      expect(await listOf(clientToken)).toContain(created.body.id);
    } finally {
      await call('PUT', `/api/roles/${clientRole.id}`, {
        token: adminToken,
        body: { role_permissions: clientRole.role_permissions, version: granted.body.version },
      });
    }
  });

  it('keeps another tenant’s administrator from the subscriptions and the users of this one', async () => {
    const created = await subscribe(adminToken, { owner: user.id });
    const path = `/api/report-subscriptions/${created.body.id}`;
    expect((await call('GET', path, { token: acmeToken })).status).toBe(404);
    expect((await call('POST', `${path}/preview`, { token: acmeToken })).status).toBe(404);
    expect(
      (await call('PUT', path, { token: acmeToken, body: body({ owner: user.id, version: created.body.version }) }))
        .status,
    ).toBe(404);
    expect((await call('DELETE', path, { token: acmeToken })).status).toBe(404);
    expect(await listOf(acmeToken)).not.toContain(created.body.id);

    // A demo user's id that is no user of acme: naming it from acme subscribes nobody of demo.
    const acmeUsers = (await call<Users>('GET', '/api/users?itemsPerPage=100', { token: acmeToken })).body;
    const demoUsers = (await call<Users>('GET', '/api/users?itemsPerPage=100', { token: adminToken })).body;
    const acmeIds = new Set(acmeUsers['hydra:member'].map((u) => u.id));
    const target = demoUsers['hydra:member'].map((u) => u.id).find((id) => !acmeIds.has(id));
    expect(target).toBeDefined();
    const before = await listOf(adminToken);
    const across = await call<Violations>('POST', '/api/report-subscriptions', {
      token: acmeToken,
      body: body({ owner: target }),
    });
    expect(across.status).toBe(422);
    expect(across.body.violations).toEqual([{ propertyPath: 'owner', message: OWNER_INVALID }]);
    expect(await listOf(adminToken)).toEqual(before);
    const unchanged = await call<ReportSubscription>('GET', path, { token: adminToken });
    expect(unchanged.body).toEqual(created.body);
  });
});

import { call, tokenOf } from '../harness/api';

/** Tenant registry against the local stack (spec 001 s.2 Tenants, s.5 icon, s.7 calls, s.8 errors). */
interface ApiTenant {
  id: number;
  subdomain: string;
  company: string;
  city: string;
  icon: string;
  version: number;
}
interface TenantList {
  'hydra:member': ApiTenant[];
  'hydra:totalItems': number;
}
interface ErrorBody {
  detail: string;
  violations?: { propertyPath: string; message: string }[];
}

const run = Date.now().toString(36);
const ICON_MESSAGE = 'The icon must be an image with up to 50kb';
const pngDataUrl = (bytes: number) => `data:image/png;base64,${Buffer.alloc(bytes, 1).toString('base64')}`;

let superToken: string;
let adminToken: string;

beforeAll(async () => {
  [superToken, adminToken] = await Promise.all([tokenOf('superadmin'), tokenOf('admin')]);
});

const createTenant = (suffix: string, extra: Record<string, unknown> = {}) =>
  call<ApiTenant>('POST', '/api/tenants', {
    token: superToken,
    body: { subdomain: `t-${suffix}-${run}`, company: `Test ${suffix} ${run}`, city: 'Delft', ...extra },
  });

describe('tenants', () => {
  it('lets a super admin create, list, filter, update and delete a tenant', async () => {
    const created = await createTenant('crud', { icon: pngDataUrl(1000) });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ subdomain: `t-crud-${run}`, city: 'Delft', address: '', version: 1 });
    const id = created.body.id;

    const byCompany = await call<TenantList>('GET', `/api/tenants?company=${encodeURIComponent(`crud ${run}`)}`, {
      token: superToken,
    });
    expect(byCompany.body['hydra:member'].map((t) => t.id)).toEqual([id]);
    const byId = await call<TenantList>('GET', `/api/tenants?id=${id}`, { token: superToken });
    expect(byId.body['hydra:totalItems']).toBe(1);
    const dropdown = await call<TenantList>('GET', '/api/tenants?pagination=false&company=demo', { token: superToken });
    expect(dropdown.body['hydra:member'].map((t) => t.subdomain)).toContain('demo');

    const updated = await call<ApiTenant>('PUT', `/api/tenants/${id}`, {
      token: superToken,
      body: { city: 'Leiden', version: 1 },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ city: 'Leiden', subdomain: `t-crud-${run}`, version: 2 });

    const stale = await call<ErrorBody>('PUT', `/api/tenants/${id}`, { token: superToken, body: { version: 1 } });
    expect(stale.status).toBe(409);

    expect((await call('DELETE', `/api/tenants/${id}`, { token: superToken })).status).toBe(204);
    const gone = await call<ErrorBody>('DELETE', `/api/tenants/${id}`, { token: superToken });
    expect(gone.status).toBe(404);
    expect(gone.body.detail).toBe('Tenant not found');
  });

  it('lists all tenants for a super admin, 30 a page', async () => {
    const list = await call<TenantList>('GET', '/api/tenants', { token: superToken });
    expect(list.status).toBe(200);
    expect(list.body['hydra:member'].length).toBeLessThanOrEqual(30);
    expect(list.body['hydra:member'].map((t) => t.subdomain)).toEqual(expect.arrayContaining(['demo', 'acme']));
  });

  it('shows a plain admin only their own tenant and refuses create and delete', async () => {
    const list = await call<TenantList>('GET', '/api/tenants', { token: adminToken });
    expect(list.status).toBe(200);
    expect(list.body['hydra:member'].map((t) => t.subdomain)).toEqual(['demo']);
    const create = await call('POST', '/api/tenants', { token: adminToken, body: { subdomain: `no-${run}` } });
    expect(create.status).toBe(403);
    expect((await call('DELETE', '/api/tenants/2', { token: adminToken })).status).toBe(403);
    const foreign = await call('PUT', '/api/tenants/2', { token: adminToken, body: { city: 'X', version: 1 } });
    expect(foreign.status).toBe(404);
  });

  it('refuses anonymous calls and users without an admin role', async () => {
    expect((await call('GET', '/api/tenants')).status).toBe(401);
    expect((await call('GET', '/api/tenants', { token: await tokenOf('user') })).status).toBe(403);
  });

  it('answers 422 on a duplicate subdomain and on an icon that is too big or not an image', async () => {
    const duplicate = await call<ErrorBody>('POST', '/api/tenants', { token: superToken, body: { subdomain: 'ACME' } });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.violations).toEqual([
      { propertyPath: 'subdomain', message: 'This subdomain is already used by another tenant' },
    ]);
    const race = await Promise.all([createTenant('race'), createTenant('race')]);
    expect(race.map((r) => r.status).sort()).toEqual([201, 422]);
    const winner = race.find((r) => r.status === 201)?.body.id;
    await call('DELETE', `/api/tenants/${winner}`, { token: superToken });
    const again = await createTenant('race');
    expect(again.status).toBe(201);
    await call('DELETE', `/api/tenants/${again.body.id}`, { token: superToken });
    const big = await createTenant('big', { icon: pngDataUrl(50001) });
    expect(big.status).toBe(422);
    expect(big.body).toMatchObject({ violations: [{ propertyPath: 'icon', message: ICON_MESSAGE }] });
    const text = await createTenant('txt', { icon: 'data:text/plain;base64,aGVsbG8=' });
    expect(text.status).toBe(422);
    const update = await call<ErrorBody>('PUT', '/api/tenants/1', {
      token: superToken,
      body: { icon: pngDataUrl(60000), version: 1 },
    });
    expect(update.status).toBe(422);
  });

  it('answers 404 for an unknown tenant and refuses deleting the own tenant', async () => {
    expect((await call('PUT', '/api/tenants/999999', { token: superToken, body: { version: 1 } })).status).toBe(404);
    expect((await call('DELETE', '/api/tenants/999999', { token: superToken })).status).toBe(404);
    expect((await call('DELETE', '/api/tenants/1', { token: superToken })).status).toBe(403);
  });

  it('gives a created tenant its role matrix: a super admin can act in it', async () => {
    const created = await createTenant('roles');
    expect(created.status).toBe(201);
    const headers = { 'X-Tenant-Id': String(created.body.id) };
    const roles = await call<{ 'hydra:member': { name: string }[]; 'hydra:totalItems': number }>('GET', '/api/roles', {
      token: superToken,
      headers,
    });
    expect(roles.status).toBe(200);
    expect(JSON.stringify(roles.body)).toContain('ROLE_ADMIN');
    const statuses = await call<TenantList>('GET', '/api/asset-statuses', { token: superToken, headers });
    if (statuses.status !== 501) expect(statuses.body['hydra:totalItems']).toBe(6);
    // The matrix came with its counter: the tenant's first own role takes the next id and is counted.
    const count = roles.body['hydra:totalItems'];
    const own = await call<{ id: number }>('POST', '/api/roles', {
      token: superToken,
      headers,
      body: { name: 'Crane' },
    });
    expect(own.status).toBe(201);
    expect(own.body.id).toBe(count + 1);
    const after = await call<TenantList>('GET', '/api/roles', { token: superToken, headers });
    expect(after.body['hydra:totalItems']).toBe(count + 1);
    await call('DELETE', `/api/tenants/${created.body.id}`, { token: superToken });
  });
});

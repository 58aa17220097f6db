import { DEFAULT_COLORS } from '../../shared/schemas/settings';
import { call, tokenOf } from '../harness/api';
import { addTenantUser, createOwnTenant, type OwnTenant, removeOwnTenant } from '../harness/own-tenant';

/** Frontend settings and the logo (spec 001 s.2 Styling, s.3 colour settings, s.7). */
interface ApiSetting {
  id: number | null;
  name: string;
  data: unknown;
  version: number | null;
}
type Collection<T> = { 'hydra:member': T[]; 'hydra:totalItems': number };
type ErrorBody = { detail: string; violations?: { propertyPath: string; message: string }[] };

const colorsOf = async (login: string) => {
  const response = await call<Collection<ApiSetting>>('GET', '/api/frontend-settings?name=colors', {
    token: await tokenOf(login),
  });
  expect(response.status).toBe(200);
  expect(response.body['hydra:member']).toHaveLength(1);
  return response.body['hydra:member'][0] as ApiSetting;
};

const palette = (changes: Record<string, string> = {}) =>
  Object.entries({ ...DEFAULT_COLORS, ...changes }).map(([name, color]) => ({ name, color }));

/**
 * Two tenants of this file's own, each with an admin and a plain user: "while the tenant has none" holds
 * whatever other files saved for demo and acme, and the settings saved here (hidden columns change exports)
 * land where no other file looks.
 */
const first = { admin: '', user: '' };
const second = { admin: '', user: '' };
let tenants: OwnTenant[] = [];

beforeAll(async () => {
  tenants = await Promise.all([createOwnTenant('Settings'), createOwnTenant('Settings other')]);
  const [one, two] = tenants as [OwnTenant, OwnTenant];
  Object.assign(first, { admin: one.adminLogin, user: await addTenantUser(one, ['ROLE_USER']) });
  Object.assign(second, { admin: two.adminLogin, user: await addTenantUser(two, ['ROLE_USER']) });
});

afterAll(async () => {
  for (const tenant of tenants) await removeOwnTenant(tenant);
});

describe('colour settings', () => {
  let saved: ApiSetting;

  it('answers the default colours as one unsaved record while the tenant has none', async () => {
    const colors = await colorsOf(first.user);
    expect(colors).toMatchObject({ id: null, version: null, name: 'colors', data: palette() });
  });

  it('creates the record with POST, and refuses a second one with 409', async () => {
    const token = await tokenOf(first.admin);
    const created = await call<ApiSetting>('POST', '/api/frontend-settings', {
      token,
      body: { name: 'colors', data: palette({ primary: '#112233' }) },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: expect.any(Number), version: 1, name: 'colors' });
    saved = created.body;
    const again = await call<ErrorBody>('POST', '/api/frontend-settings', {
      token,
      body: { name: 'colors', data: [] },
    });
    expect(again.status).toBe(409);
    expect((await colorsOf(first.user)).data).toEqual(palette({ primary: '#112233' }));
  });

  it('updates with PUT and the version, 409 on a stale version', async () => {
    const token = await tokenOf(first.admin);
    const body = { name: 'colors', data: palette({ primary: '#445566' }), version: saved.version };
    const updated = await call<ApiSetting>('PUT', `/api/frontend-settings/${saved.id}`, { token, body });
    expect(updated.status).toBe(200);
    expect(updated.body.version).toBe(2);
    const stale = await call('PUT', `/api/frontend-settings/${saved.id}`, { token, body });
    expect(stale.status).toBe(409);
    expect((await colorsOf(first.admin)).data).toEqual(palette({ primary: '#445566' }));
  });

  it('answers 422 with the schema messages', async () => {
    const token = await tokenOf(first.admin);
    const put = (body: object) => call<ErrorBody>('PUT', `/api/frontend-settings/${saved.id}`, { token, body });
    const badColor = await put({ name: 'colors', data: [{ name: 'primary', color: 'green' }], version: 2 });
    expect(badColor.status).toBe(422);
    expect(badColor.body.violations).toEqual([
      { propertyPath: 'data[0].color', message: 'The colour must be a hex value such as #3388ff' },
    ]);
    const unknown = await put({ name: 'colors', data: [{ name: 'border', color: '#000' }], version: 2 });
    expect(unknown.body.violations?.[0]?.message).toBe('Unknown colour');
    const twice = await put({ name: 'colors', data: palette().concat(palette().slice(0, 1)), version: 2 });
    expect(twice.body.violations?.[0]?.message).toBe('Each colour can appear only once');
    const noVersion = await put({ name: 'colors', data: palette() });
    expect(noVersion.body.violations).toContainEqual({ propertyPath: 'version', message: 'The version is required' });
    const renamed = await put({ name: 'asset-table-hidden-columns', data: [], version: 2 });
    expect(renamed.status).toBe(422);
    expect(renamed.body.violations).toEqual([
      { propertyPath: 'name', message: 'The name of a setting cannot be changed' },
    ]);
    const unknownName = await call<ErrorBody>('POST', '/api/frontend-settings', {
      token,
      body: { name: 'theme', data: [] },
    });
    expect(unknownName.body.violations).toEqual([{ propertyPath: 'name', message: 'Unknown setting' }]);
  });

  it('answers 401 without a token and 403 without STYLING_EDIT', async () => {
    expect((await call('GET', '/api/frontend-settings?name=colors')).status).toBe(401);
    expect((await call('POST', '/api/frontend-settings', { body: { name: 'colors', data: [] } })).status).toBe(401);
    for (const login of ['user', 'client', 'transporter', 'manager']) {
      const token = await tokenOf(login);
      const body = { name: 'colors', data: palette(), version: 2 };
      expect((await call('PUT', `/api/frontend-settings/${saved.id}`, { token, body })).status).toBe(403);
      expect((await call('POST', '/api/frontend-settings', { token, body })).status).toBe(403);
    }
  });

  it('keeps tenants apart: another tenant saving its colours leaves the first one’s alone', async () => {
    const token = await tokenOf(second.admin);
    expect((await colorsOf(second.user)).id).toBeNull();
    const created = await call<ApiSetting>('POST', '/api/frontend-settings', {
      token,
      body: { name: 'colors', data: palette({ primary: '#aa0000' }) },
    });
    expect(created.status).toBe(201);
    expect((await colorsOf(first.admin)).data).toEqual(palette({ primary: '#445566' }));
    expect((await colorsOf(second.user)).data).toEqual(palette({ primary: '#aa0000' }));
    const other = await call('PUT', `/api/frontend-settings/${saved.id}`, {
      token: await tokenOf(second.admin),
      body: { name: 'colors', data: palette(), version: 99 },
    });
    // Each tenant's colours record has the same id: the other tenant reaches its own record (stale), never the first's.
    expect(other.status).toBe(409);
    expect((await colorsOf(first.admin)).data).toEqual(palette({ primary: '#445566' }));
  });
});

describe('asset table settings', () => {
  it('go through the same routes and are listed by name', async () => {
    const token = await tokenOf(first.admin);
    const none = await call<Collection<ApiSetting>>('GET', '/api/frontend-settings?name=asset-table-hidden-columns', {
      token,
    });
    expect(none.body['hydra:member']).toEqual([]);
    const created = await call<ApiSetting>('POST', '/api/frontend-settings', {
      token,
      body: { name: 'asset-table-hidden-columns', data: ['country', 'id', 'country'] },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual(['country', 'id']);
    const names = await call<ApiSetting>('POST', '/api/frontend-settings', {
      token,
      body: { name: 'asset-table-column-names', data: { 'asset-profile': 'Cable reel' } },
    });
    expect(names.status).toBe(201);
    const fromOther = await call('PUT', `/api/frontend-settings/${names.body.id}`, {
      token: await tokenOf(second.admin),
      body: { name: 'asset-table-column-names', data: {}, version: 1 },
    });
    expect(fromOther.status).toBe(404);
    const all = await call<Collection<ApiSetting>>('GET', '/api/frontend-settings', {
      token: await tokenOf(first.user),
    });
    expect(all.body['hydra:member'].map((s) => s.name).sort()).toEqual([
      'asset-table-column-names',
      'asset-table-hidden-columns',
      'colors',
    ]);
    // The mail settings (a report address) are for those who edit them, not for every user.
    const mail = await call<ApiSetting>('POST', '/api/frontend-settings', {
      token,
      body: { name: 'notifications', data: { language: 'nl', email: 'planning@settings.example.com' } },
    });
    expect(mail.status).toBe(201);
    const forAdmin = await call<Collection<ApiSetting>>('GET', '/api/frontend-settings', { token });
    expect(forAdmin.body['hydra:member'].map((s) => s.name)).toContain('notifications');
    const forUser = await call<Collection<ApiSetting>>('GET', '/api/frontend-settings', {
      token: await tokenOf(first.user),
    });
    expect(forUser.body['hydra:member'].map((s) => s.name)).not.toContain('notifications');
    const bad = await call<ErrorBody>('PUT', `/api/frontend-settings/${created.body.id}`, {
      token,
      body: { name: 'asset-table-hidden-columns', data: [''], version: 1 },
    });
    expect(bad.body.violations).toEqual([{ propertyPath: 'data[0]', message: 'The column is required' }]);
  });
});

describe('GET /api/logo', () => {
  it('answers the icon of the tenant query parameter, else null; a token sent along is not read (public)', async () => {
    const bySubdomain = await call<{ url: string | null }>('GET', '/api/logo?tenant=demo');
    expect(bySubdomain.status).toBe(200);
    expect(bySubdomain.body).toHaveProperty('url');
    const withToken = await call('GET', '/api/logo?tenant=demo', { token: await tokenOf('admin') });
    expect(withToken.body).toEqual(bySubdomain.body);
    expect((await call('GET', '/api/logo?tenant=nowhere')).body).toEqual({ url: null });
    expect((await call('GET', '/api/logo')).body).toEqual({ url: null });
  });
});

import { PERMISSIONS } from '../../shared/permissions';
import { call, tokenOf } from '../harness/api';

/** Roles and the permission matrix (spec 001 s.2 Roles, s.7 GET /api/permissions, PUT /api/roles/{id}). */
interface ApiRole {
  id: number;
  name: string;
  is_user_defined: boolean;
  role_permissions: { id: number; permission: string }[];
  version: number;
}
type Collection<T> = { 'hydra:member': T[]; 'hydra:totalItems': number };
type ErrorBody = { detail: string; violations?: { propertyPath: string; message: string }[] };

async function matrixOf(login: string): Promise<ApiRole[]> {
  const response = await call<Collection<ApiRole>>('GET', '/api/role-matrix', { token: await tokenOf(login) });
  expect(response.status).toBe(200);
  return response.body['hydra:member'];
}

const roleNamed = async (name: string, login = 'admin') =>
  (await matrixOf(login)).find((role) => role.name === name) as ApiRole;

const namesOf = (role: ApiRole) => role.role_permissions.map((p) => p.permission);

const saveRole = async (role: ApiRole, permissions: string[], login = 'admin', extra: object = {}) =>
  call<ApiRole & ErrorBody>('PUT', `/api/roles/${role.id}`, {
    token: await tokenOf(login),
    body: { role_permissions: permissions.map((permission) => ({ permission })), version: role.version, ...extra },
  });

describe('GET /api/permissions and /api/role-matrix', () => {
  it('lists every permission with a stable id', async () => {
    const response = await call<Collection<{ id: number; permission: string }>>(
      'GET',
      '/api/permissions?pagination=false',
      { token: await tokenOf('admin') },
    );
    expect(response.status).toBe(200);
    expect(response.body['hydra:member'].map((p) => p.permission)).toEqual([...PERMISSIONS]);
    expect(response.body['hydra:totalItems']).toBe(PERMISSIONS.length);
    expect(response.body['hydra:member'][0]).toMatchObject({ id: 1, permission: 'ASSET_CREATE' });
  });

  it('gives the roles with their permissions and versions', async () => {
    const matrix = await matrixOf('admin');
    expect(matrix.map((r) => r.name)).toEqual(expect.arrayContaining(['ROLE_ADMIN', 'ROLE_USER', 'ROLE_CLIENT']));
    const user = matrix.find((r) => r.name === 'ROLE_USER') as ApiRole;
    expect(user).toMatchObject({ is_user_defined: false, version: expect.any(Number) });
    expect(namesOf(user)).toContain('ASSET_READ');
    expect(namesOf(user)).not.toContain('PERMISSION_EDIT');
  });

  it('answers 401 without a token and 403 to roles without a permission right', async () => {
    expect((await call('GET', '/api/role-matrix')).status).toBe(401);
    expect((await call('GET', '/api/permissions')).status).toBe(401);
    for (const login of ['user', 'client', 'transporter', 'manager']) {
      const token = await tokenOf(login);
      expect((await call('GET', '/api/role-matrix', { token })).status).toBe(403);
      expect((await call('GET', '/api/permissions', { token })).status).toBe(403);
    }
  });

  it('keeps the matrices of tenants apart', async () => {
    const demoAdmin = await roleNamed('ROLE_ADMIN');
    const acmeAdmin = await roleNamed('ROLE_ADMIN', 'acme-admin');
    expect(acmeAdmin.id).toBe(demoAdmin.id);
    const user = await roleNamed('ROLE_USER', 'acme-admin');
    const response = await saveRole(user, [...namesOf(user), 'CABLE_REEL_RESET'], 'acme-admin');
    expect(response.status).toBe(200);
    expect(namesOf(await roleNamed('ROLE_USER'))).not.toContain('CABLE_REEL_RESET');
    await saveRole(response.body, namesOf(user), 'acme-admin');
  });
});

describe('PUT /api/roles/{id}', () => {
  it('removing ASSET_READ from ROLE_USER refuses the demo user at once, and restoring it lets them back', async () => {
    const userToken = await tokenOf('user');
    expect((await call('GET', '/api/assets', { token: userToken })).status).toBe(200);
    const role = await roleNamed('ROLE_USER');
    const removed = await saveRole(
      role,
      namesOf(role).filter((p) => p !== 'ASSET_READ'),
    );
    expect(removed.status).toBe(200);
    expect(removed.body.version).toBe(role.version + 1);
    try {
      const refused = await call<ErrorBody>('GET', '/api/assets', { token: userToken });
      expect(refused.status).toBe(403);
    } finally {
      const restored = await saveRole(removed.body, namesOf(role));
      expect(restored.status).toBe(200);
    }
    expect((await call('GET', '/api/assets', { token: userToken })).status).toBe(200);
  });

  it('answers 409 on a stale version and writes nothing', async () => {
    const role = await roleNamed('ROLE_TRANSPORTER');
    const first = await saveRole(role, [...namesOf(role), 'ALARM_READ']);
    expect(first.status).toBe(200);
    const stale = await saveRole(role, []);
    expect(stale.status).toBe(409);
    expect(namesOf(await roleNamed('ROLE_TRANSPORTER'))).toContain('ALARM_READ');
    await saveRole(first.body, namesOf(role));
  });

  it('answers 422 for a missing version, an unknown permission and a rename of a built-in role', async () => {
    const role = await roleNamed('ROLE_CLIENT');
    const token = await tokenOf('admin');
    const noVersion = await call<ErrorBody>('PUT', `/api/roles/${role.id}`, { token, body: { role_permissions: [] } });
    expect(noVersion.status).toBe(422);
    expect(noVersion.body.violations).toContainEqual({ propertyPath: 'version', message: 'The version is required' });
    const unknown = await saveRole(role, ['FLY_TO_THE_MOON']);
    expect(unknown.status).toBe(422);
    expect(unknown.body.violations?.[0]?.message).toBe('Unknown permission');
    const renamed = await saveRole(role, namesOf(role), 'admin', { name: 'ROLE_CUSTOMER' });
    expect(renamed.status).toBe(422);
    expect(renamed.body.violations).toEqual([
      { propertyPath: 'name', message: 'The name of a built-in role cannot be changed' },
    ]);
    const blank = await saveRole(role, namesOf(role), 'admin', { name: '  ' });
    expect(blank.status).toBe(422);
    expect(blank.body.violations).toEqual([{ propertyPath: 'name', message: 'The name is required' }]);
    expect((await roleNamed('ROLE_CLIENT')).version).toBe(role.version);
  });

  it('refuses to let an admin remove PERMISSION_EDIT from the last role they hold it through', async () => {
    const role = await roleNamed('ROLE_ADMIN');
    const response = await saveRole(
      role,
      namesOf(role).filter((p) => p !== 'PERMISSION_EDIT'),
    );
    expect(response.status).toBe(422);
    expect(response.body.violations).toEqual([
      {
        propertyPath: 'role_permissions',
        message:
          'You cannot remove PERMISSION_EDIT from the last of your roles that grants it: you would lose access to this screen',
      },
    ]);
    expect(namesOf(await roleNamed('ROLE_ADMIN'))).toContain('PERMISSION_EDIT');
  });

  it('keeps the super admin role for super admins and answers 404 for an unknown role', async () => {
    const superRole = await roleNamed('ROLE_SUPER_ADMIN');
    const refused = await saveRole(superRole, []);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe('Only a super admin can change the super admin role');
    expect((await saveRole({ ...superRole, id: 999 }, [])).status).toBe(404);
  });

  it('answers 401 without a token and 403 without PERMISSION_EDIT', async () => {
    const role = await roleNamed('ROLE_CLIENT');
    expect((await call('PUT', `/api/roles/${role.id}`, { body: { version: role.version } })).status).toBe(401);
    for (const login of ['user', 'client', 'manager']) {
      expect((await saveRole(role, [], login)).status).toBe(403);
    }
  });
});

describe('user-defined roles', () => {
  it('creates one, renames it, refuses a taken name, and lists it with the role names', async () => {
    const token = await tokenOf('admin');
    const created = await call<ApiRole & ErrorBody>('POST', '/api/roles', {
      token,
      body: { name: 'ROLE_PLANNER', role_permissions: [{ permission: 'ASSET_READ' }] },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'ROLE_PLANNER', is_user_defined: true, version: 1 });
    const taken = await call<ErrorBody>('POST', '/api/roles', { token, body: { name: 'role_admin' } });
    expect(taken.status).toBe(422);
    expect(taken.body.violations).toEqual([{ propertyPath: 'name', message: 'A role with this name already exists' }]);
    const missing = await call<ErrorBody>('POST', '/api/roles', { token, body: {} });
    expect(missing.body.violations).toEqual([{ propertyPath: 'name', message: 'The name is required' }]);
    const renamed = await saveRole(created.body, ['ASSET_READ'], 'admin', { name: 'ROLE_DISPATCHER' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('ROLE_DISPATCHER');
    const names = await call<Collection<string>>('GET', '/api/roles', { token: await tokenOf('user') });
    expect(names.body['hydra:member']).toContain('ROLE_DISPATCHER');
    const acmeNames = await call<Collection<string>>('GET', '/api/roles', { token: await tokenOf('acme-user') });
    expect(acmeNames.body['hydra:member']).not.toContain('ROLE_DISPATCHER');
    expect((await call('POST', '/api/roles', { token: await tokenOf('user'), body: { name: 'X' } })).status).toBe(403);
  });
});

import { call, tokenOf } from '../harness/api';

/** Users administration against the local stack: DynamoDB records and Cognito users kept in step. */
interface ApiUser {
  id: number;
  name: string;
  username: string;
  email: string;
  roles: string[];
  active: boolean;
  version: number;
}
interface UserList {
  'hydra:member': ApiUser[];
  'hydra:totalItems': number;
  'hydra:view'?: Record<string, string>;
}
interface ErrorBody {
  detail: string;
  violations?: { propertyPath: string; message: string }[];
}

const run = Date.now().toString(36);
const PASSWORD = 'Users-Test-2026!';
const NEW_PASSWORD = 'Changed-Pass-2026!';

const signInStatus = async (login: string, password = PASSWORD) =>
  (await call('POST', '/user/sign-in', { body: { email: login, password } })).status;

async function createUser(token: string, suffix: string, extra: Record<string, unknown> = {}) {
  const response = await call<ApiUser>('POST', '/api/users', {
    token,
    body: {
      name: `Test ${suffix} ${run}`,
      username: `t-${suffix}-${run}`,
      // Not the demo domain: acme users made here must not look like demo data to the isolation sweep.
      email: `t-${suffix}-${run}@users-test.local`,
      password: PASSWORD,
      roles: ['ROLE_USER'],
      ...extra,
    },
  });
  expect(response.status).toBe(201);
  return response.body;
}

describe('users administration', () => {
  let admin: string;
  beforeAll(async () => {
    admin = await tokenOf('admin');
  });

  it('lists the tenant users ordered by name, paged, with search and filters', async () => {
    const all = await call<UserList>('GET', '/api/users?pagination=false', { token: admin });
    expect(all.status).toBe(200);
    const names = all.body['hydra:member'].map((u) => u.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' })));
    expect(names).toEqual(expect.arrayContaining(['Anna Admin', 'Clara Client']));
    expect(names).not.toContain('Arie Acme');

    const page = await call<UserList>('GET', '/api/users?page=2&itemsPerPage=2', { token: admin });
    expect(page.body['hydra:member'].map((u) => u.name)).toEqual(names.slice(2, 4));
    expect(page.body['hydra:totalItems']).toBe(all.body['hydra:totalItems']);
    expect(page.body['hydra:view']?.['hydra:previous']).toContain('page=1');

    const search = await call<UserList>('GET', '/api/users?search=ULRICH', { token: admin });
    expect(search.body['hydra:member'].map((u) => u.username)).toEqual(['user']);
    const byMail = await call<UserList>('GET', '/api/users?search=manager%40demo', { token: admin });
    expect(byMail.body['hydra:member'].map((u) => u.username)).toEqual(['manager']);
    const email = await call<UserList>('GET', '/api/users?email=admin%40demo.local', { token: admin });
    expect(email.body['hydra:member'].map((u) => u.username)).toEqual(['admin']);
    const id = await call<UserList>(`GET`, `/api/users?id=${email.body['hydra:member'][0]?.id}`, { token: admin });
    expect(id.body['hydra:totalItems']).toBe(1);
  });

  it('answers 422 for a malformed id or e-mail filter', async () => {
    const response = await call<ErrorBody>('GET', '/api/users?id=abc&email=nope', { token: admin });
    expect(response.status).toBe(422);
    expect(response.body.violations).toEqual(
      expect.arrayContaining([
        { propertyPath: 'id', message: 'Must be a number' },
        { propertyPath: 'email', message: 'Must be a valid email' },
      ]),
    );
  });

  it('creates a user who can then sign in with username and e-mail', async () => {
    const user = await createUser(admin, 'new');
    expect(user).toMatchObject({ active: true, roles: ['ROLE_USER'], version: 1 });
    expect(await signInStatus(user.username)).toBe(200);
    const signedIn = await call<{ user: { id: number; roles: string[] } }>('POST', '/user/sign-in', {
      body: { email: user.email, password: PASSWORD },
    });
    expect(signedIn.body.user).toMatchObject({ id: user.id, roles: ['ROLE_USER'] });
    const read = await call<ApiUser>('GET', `/api/users/${user.id}`, { token: admin });
    expect(read.body).toMatchObject({ id: user.id, email: user.email });
  });

  it('answers the schema messages for missing fields', async () => {
    const response = await call<ErrorBody>('POST', '/api/users', { token: admin, body: { email: 'bad' } });
    expect(response.status).toBe(422);
    expect(response.body.violations).toEqual(
      expect.arrayContaining([
        { propertyPath: 'name', message: 'The name is required' },
        { propertyPath: 'email', message: 'Must be a valid email' },
        { propertyPath: 'roles', message: 'Select at least one role' },
      ]),
    );
    expect(response.body.violations?.some((v) => v.propertyPath === 'password')).toBe(true);
    const unknownRole = await call<ErrorBody>('POST', '/api/users', {
      token: admin,
      body: { name: 'X', email: `x-${run}@demo.local`, password: PASSWORD, roles: ['ROLE_WIZARD'] },
    });
    expect(unknownRole.body.violations).toEqual([{ propertyPath: 'roles[0]', message: 'Unknown role' }]);
  });

  it('refuses a username or e-mail that is already taken', async () => {
    const base = { name: 'Dup', password: PASSWORD, roles: ['ROLE_USER'] };
    const username = await call<ErrorBody>('POST', '/api/users', {
      token: admin,
      body: { ...base, username: 'admin', email: `dup-${run}@demo.local` },
    });
    expect(username.status).toBe(422);
    expect(username.body.violations).toEqual([{ propertyPath: 'username', message: 'This username is already taken' }]);
    const email = await call<ErrorBody>('POST', '/api/users', {
      token: admin,
      body: { ...base, username: `dup-${run}`, email: 'user@acme.local' },
    });
    expect(email.body.violations).toEqual([{ propertyPath: 'email', message: 'This email is already in use' }]);
  });

  it('lets only admins create, and only super admins grant ROLE_SUPER_ADMIN', async () => {
    const body = { name: 'No', email: `no-${run}@demo.local`, password: PASSWORD, roles: ['ROLE_USER'] };
    expect((await call('POST', '/api/users', { token: await tokenOf('user'), body })).status).toBe(403);
    expect((await call('POST', '/api/users', { body })).status).toBe(401);
    const grant = await call<ErrorBody>('POST', '/api/users', {
      token: admin,
      body: { ...body, roles: ['ROLE_SUPER_ADMIN'] },
    });
    expect(grant.status).toBe(403);
    expect(grant.body.detail).toBe('You cannot grant a role above your own.');
  });

  it("answers 404 for another tenant's user", async () => {
    const acmeAdmin = await tokenOf('acme-admin');
    const acmeUsers = await call<UserList>('GET', '/api/users?search=ursula', { token: acmeAdmin });
    const ursula = acmeUsers.body['hydra:member'][0] as ApiUser;
    expect((await call('GET', `/api/users/${ursula.id + 1000}`, { token: admin })).status).toBe(404);
    // Ids are per tenant: make acme users until one has an id no demo user has.
    const demoIds = (await call<UserList>('GET', '/api/users?pagination=false', { token: admin })).body[
      'hydra:member'
    ].map((u) => u.id);
    let foreign = await createUser(acmeAdmin, 'acme0');
    for (let i = 1; demoIds.includes(foreign.id) && i < 30; i++) foreign = await createUser(acmeAdmin, `acme${i}`);
    expect((await call('GET', `/api/users/${foreign.id}`, { token: admin })).status).toBe(404);
    const put = await call('PUT', `/api/users/${foreign.id}`, {
      token: admin,
      body: { name: 'Taken over', version: foreign.version },
    });
    expect(put.status).toBe(404);
    expect((await call('DELETE', `/api/users/${foreign.id}`, { token: admin })).status).toBe(404);
  });

  it('updates with the version, 409 on a stale one, and changes the password', async () => {
    const user = await createUser(admin, 'upd');
    const updated = await call<ApiUser>('PUT', `/api/users/${user.id}`, {
      token: admin,
      body: { name: 'Renamed', roles: ['ROLE_USER', 'ROLE_TRANSPORTER'], password: NEW_PASSWORD, version: 1 },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Renamed', version: 2 });
    const stale = await call('PUT', `/api/users/${user.id}`, { token: admin, body: { name: 'Late', version: 1 } });
    expect(stale.status).toBe(409);
    expect(await signInStatus(user.username, NEW_PASSWORD)).toBe(200);
    const session = await call<{ user: { roles: string[] } }>('POST', '/user/sign-in', {
      body: { email: user.username, password: NEW_PASSWORD },
    });
    expect(session.body.user.roles.sort()).toEqual(['ROLE_TRANSPORTER', 'ROLE_USER']);
  });

  it('deactivates (sign-in refused) and reactivates (sign-in works) a user', async () => {
    const user = await createUser(admin, 'act');
    const off = await call<ApiUser>('PUT', `/api/users/${user.id}`, {
      token: admin,
      body: { name: user.name, active: false, version: user.version },
    });
    expect(off.body.active).toBe(false);
    expect(await signInStatus(user.username)).toBe(401);
    const on = await call<ApiUser>('PUT', `/api/users/${user.id}`, {
      token: admin,
      body: { name: user.name, active: true, version: off.body.version },
    });
    expect(on.body.active).toBe(true);
    expect(await signInStatus(user.username)).toBe(200);
  });

  it('lets users edit their own name and password, but not their roles, e-mail or active flag', async () => {
    const user = await createUser(admin, 'self');
    let token = (
      await call<{ token: string }>('POST', '/user/sign-in', { body: { email: user.username, password: PASSWORD } })
    ).body.token;
    const own = await call<ApiUser>('PUT', `/api/users/${user.id}`, {
      token,
      body: { name: 'My New Name', password: NEW_PASSWORD, current_password: PASSWORD, version: user.version },
    });
    expect(own.status).toBe(200);
    expect(own.body.name).toBe('My New Name');
    // A new password ends every session, this one too (docs/security.md): the console signs in again.
    expect((await call('GET', '/api/me', { token })).status).toBe(401);
    token = (
      await call<{ token: string }>('POST', '/user/sign-in', { body: { email: user.username, password: NEW_PASSWORD } })
    ).body.token;
    const roles = await call<ErrorBody>('PUT', `/api/users/${user.id}`, {
      token,
      body: { name: 'x', roles: ['ROLE_ADMIN'], email: 'other@demo.local', active: false, version: own.body.version },
    });
    expect(roles.status).toBe(422);
    expect(roles.body.violations?.map((v) => v.propertyPath).sort()).toEqual(['active', 'email', 'roles']);
    const other = await call('PUT', '/api/users/2', { token, body: { name: 'Hacked', version: 1 } });
    expect(other.status).toBe(403);
    expect((await call('GET', '/api/users/2', { token })).status).toBe(403);
  });

  it('never deletes oneself; deletes another user, who can no longer sign in', async () => {
    const me = await call<{ id: number }>('GET', '/api/me', { token: admin });
    const self = await call<ErrorBody>('DELETE', `/api/users/${me.body.id}`, { token: admin });
    expect(self.status).toBe(403);
    expect(self.body.detail).toBe('You cannot delete your own account.');
    const user = await createUser(admin, 'del');
    expect((await call('DELETE', `/api/users/${user.id}`, { token: await tokenOf('user') })).status).toBe(403);
    expect((await call('DELETE', `/api/users/${user.id}`, { token: admin })).status).toBe(204);
    expect((await call('GET', `/api/users/${user.id}`, { token: admin })).status).toBe(404);
    expect(await signInStatus(user.username)).toBe(401);
    expect((await call('DELETE', `/api/users/${user.id}`, { token: admin })).status).toBe(404);
  });

  it('keeps a super admin out of reach of a plain admin', async () => {
    const list = await call<UserList>('GET', '/api/users?search=superadmin', { token: admin });
    const superAdmin = list.body['hydra:member'][0] as ApiUser;
    const put = await call('PUT', `/api/users/${superAdmin.id}`, {
      token: admin,
      body: { name: superAdmin.name, password: NEW_PASSWORD, version: superAdmin.version },
    });
    expect(put.status).toBe(403);
    expect((await call('DELETE', `/api/users/${superAdmin.id}`, { token: admin })).status).toBe(403);
  });
});

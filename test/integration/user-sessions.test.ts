import { call, DEMO_PASSWORD } from '../harness/api';
import { resetCodeIn, waitForMail } from '../harness/mail';
import { createSweepTenant, removeSweepTenant, type SweepTenant } from '../harness/sweep/sweep-tenant';
import { createTestUser } from '../harness/test-users';

/**
 * Managing users and sessions against the local stack: nobody manages a user ranked above them, one's own
 * password needs the current one, and a password change, a deactivation or a sign-out ends sessions on the next request
 * (ID tokens the JWT authorizer would still accept) and at the next refresh (refresh tokens revoked at Cognito).
 * It runs in a tenant of its own, where ROLE_USER is given USER_EDIT, so the demo matrix stays untouched.
 */
interface ApiUser {
  id: number;
  username: string;
  roles: string[];
  active: boolean;
  version: number;
}
interface ErrorBody {
  detail: string;
  violations?: { propertyPath: string; message: string }[];
}
interface Session {
  token: string;
  refresh_token: string;
}

const NEW_PASSWORD = 'Changed-Pass-2026!';
let tenant: SweepTenant;
let adminToken: string;
let suffix = 0;

const signIn = async (login: string, password = DEMO_PASSWORD) =>
  call<Session & ErrorBody>('POST', '/user/sign-in', { body: { email: login, password } });
const sessionOf = async (login: string, password = DEMO_PASSWORD) => {
  const answer = await signIn(login, password);
  expect(answer.status).toBe(200);
  return answer.body;
};
const refreshStatus = async (refreshToken: string) =>
  (await call('POST', '/user/verify', { body: { refresh_token: refreshToken } })).status;
const meStatus = async (token: string) => (await call('GET', '/api/me', { token })).status;

async function createUser(roles: string[]): Promise<ApiUser> {
  suffix += 1;
  const username = `sess-${tenant.tenantId}-${suffix}`;
  const created = await call<ApiUser>('POST', '/api/users', {
    token: adminToken,
    body: { name: `Session ${suffix}`, username, email: `${username}@sessions.local`, password: DEMO_PASSWORD, roles },
  });
  expect(created.status).toBe(201);
  return created.body;
}

const readUser = async (id: number) => (await call<ApiUser>('GET', `/api/users/${id}`, { token: adminToken })).body;

beforeAll(async () => {
  tenant = await createSweepTenant('User sessions');
  adminToken = (await sessionOf(tenant.adminLogin)).token;
  const roles = await call<{ 'hydra:member': { id: number; name: string; version: number }[] }>(
    'GET',
    '/api/role-matrix',
    { token: adminToken },
  );
  const userRole = roles.body['hydra:member'].find((role) => role.name === 'ROLE_USER');
  const saved = await call('PUT', `/api/roles/${userRole?.id}`, {
    token: adminToken,
    body: {
      role_permissions: ['ASSET_READ', 'USER_READ', 'USER_EDIT'].map((permission) => ({ permission })),
      version: userRole?.version,
    },
  });
  expect(saved.status).toBe(200);
});

afterAll(async () => {
  await removeSweepTenant(tenant);
});

describe('managing users above one own rank', () => {
  it('refuses a USER_EDIT holder who sets an admin password or deactivates the admin (403), admin unchanged', async () => {
    const editor = await sessionOf((await createUser(['ROLE_USER'])).username);
    const admin = await createUser(['ROLE_ADMIN']);
    const password = await call<ErrorBody>('PUT', `/api/users/${admin.id}`, {
      token: editor.token,
      body: { name: 'Taken over', password: NEW_PASSWORD, version: admin.version },
    });
    expect(password.status).toBe(403);
    expect(password.body.detail).toBe('You cannot manage a user whose role is above your own.');
    const deactivate = await call('PUT', `/api/users/${admin.id}`, {
      token: editor.token,
      body: { name: admin.username, active: false, version: admin.version },
    });
    expect(deactivate.status).toBe(403);
    expect(await readUser(admin.id)).toMatchObject({ active: true, version: admin.version });
    expect((await signIn(admin.username)).status).toBe(200);
    expect((await signIn(admin.username, NEW_PASSWORD)).status).toBe(401);
  });

  it('refuses to grant a role above the caller own (403), and lets an equal-ranked user be edited', async () => {
    const editor = await sessionOf((await createUser(['ROLE_USER'])).username);
    const peer = await createUser(['ROLE_USER']);
    const grant = await call<ErrorBody>('PUT', `/api/users/${peer.id}`, {
      token: editor.token,
      body: { name: 'Peer', roles: ['ROLE_USER', 'ROLE_ADMIN'], version: peer.version },
    });
    expect(grant.status).toBe(403);
    expect(grant.body.detail).toBe('You cannot grant a role above your own.');
    expect((await readUser(peer.id)).roles).toEqual(['ROLE_USER']);
    const rename = await call('PUT', `/api/users/${peer.id}`, {
      token: editor.token,
      body: { name: 'Peer renamed', version: peer.version },
    });
    expect(rename.status).toBe(200);
  });
});

describe('changing one own password', () => {
  it('needs the current password: 422 without it or with a wrong one, 200 with it', async () => {
    const user = await createUser(['ROLE_USER']);
    const { token } = await sessionOf(user.username);
    const change = (extra: object) =>
      call<ErrorBody>('PUT', `/api/users/${user.id}`, {
        token,
        body: { name: 'Me', password: NEW_PASSWORD, version: user.version, ...extra },
      });
    const missing = await change({});
    expect(missing.status).toBe(422);
    expect(missing.body.violations).toEqual([
      { propertyPath: 'current_password', message: 'Enter your current password to set a new one' },
    ]);
    const wrong = await change({ current_password: 'Not-My-Password-1!' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.violations).toEqual([
      { propertyPath: 'current_password', message: 'The current password is not correct' },
    ]);
    expect((await signIn(user.username, NEW_PASSWORD)).status).toBe(401);
    expect((await change({ current_password: DEMO_PASSWORD })).status).toBe(200);
    expect((await signIn(user.username, NEW_PASSWORD)).status).toBe(200);
  });
});

describe('sessions end on the next request', () => {
  it('refuses a deactivated user still-valid ID token (401) and their refresh token', async () => {
    const user = await createUser(['ROLE_USER']);
    const session = await sessionOf(user.username);
    expect(await meStatus(session.token)).toBe(200);
    const off = await call('PUT', `/api/users/${user.id}`, {
      token: adminToken,
      body: { name: 'Off', active: false, version: user.version },
    });
    expect(off.status).toBe(200);
    expect(await meStatus(session.token)).toBe(401);
    expect((await call('GET', '/api/assets', { token: session.token })).status).toBe(401);
    expect(await refreshStatus(session.refresh_token)).toBe(401);
  });

  it('ends every session on a password change: old ID token and old refresh token refused, new sign-in works', async () => {
    const user = await createUser(['ROLE_USER']);
    const session = await sessionOf(user.username);
    const changed = await call('PUT', `/api/users/${user.id}`, {
      token: adminToken,
      body: { name: 'Changed', password: NEW_PASSWORD, version: user.version },
    });
    expect(changed.status).toBe(200);
    expect(await refreshStatus(session.refresh_token)).toBe(401);
    expect(await meStatus(session.token)).toBe(401);
    const fresh = await sessionOf(user.username, NEW_PASSWORD);
    expect(await meStatus(fresh.token)).toBe(200);
    expect(await refreshStatus(fresh.refresh_token)).toBe(200);
  });

  it('ends every session on a password reset by e-mail code', async () => {
    const user = await createTestUser({ password: DEMO_PASSWORD });
    const session = await sessionOf(user.username);
    expect((await call('POST', '/user/reset-password', { body: { email: user.email } })).status).toBe(200);
    const code = resetCodeIn((await waitForMail(user.email)).text);
    const confirm = await call('POST', '/user/reset-password/confirm', {
      body: { email: user.email, code, password: NEW_PASSWORD },
    });
    expect(confirm.status).toBe(200);
    expect(await refreshStatus(session.refresh_token)).toBe(401);
    expect(await meStatus(session.token)).toBe(401);
    expect(await meStatus((await sessionOf(user.username, NEW_PASSWORD)).token)).toBe(200);
  });

  it('revokes the refresh token on sign-out (RevokeToken), and only that session', async () => {
    const user = await createUser(['ROLE_USER']);
    const first = await sessionOf(user.username);
    const second = await sessionOf(user.username);
    const out = await call('POST', '/user/sign-out', { body: { refresh_token: first.refresh_token } });
    expect(out.status).toBe(204);
    expect(await refreshStatus(first.refresh_token)).toBe(401);
    expect(await refreshStatus(second.refresh_token)).toBe(200);
    // Signing out twice, or with a token nobody issued, answers the same (nothing to tell an attacker).
    expect((await call('POST', '/user/sign-out', { body: { refresh_token: first.refresh_token } })).status).toBe(204);
    expect((await call('POST', '/user/sign-out', { body: { refresh_token: 'not-a-token-at-all' } })).status).toBe(204);
    const empty = await call<ErrorBody>('POST', '/user/sign-out', { body: {} });
    expect(empty.status).toBe(422);
  });
});

import { existsSync } from 'node:fs';
import path from 'node:path';
import { KPN_DEMO } from '../../scripts/local/kpn-things';
import { KPN_THINGS_MESSAGES } from '../../shared/schemas/kpn-things';
import { call, tokenOf } from '../harness/api';
import { createOwnTenant, type OwnTenant, removeOwnTenant } from '../harness/own-tenant';
import { readStack } from '../harness/stack';

interface Settings {
  client_id: string;
  client_secret: string | null;
  client_secret_set: boolean;
  kpn_tenant_id: string;
  application_id: string;
  project_id: string;
  device_group_id: string;
  version: number | null;
}
interface ErrorBody {
  violations: { propertyPath: string; message: string }[];
}

const get = async (login: string) => call<Settings>('GET', '/api/kpn-things', { token: await tokenOf(login) });
const save = async (login: string, body: unknown) =>
  call<Settings>('PUT', '/api/kpn-things', { token: await tokenOf(login), body });
const verify = async (login: string, body: unknown) =>
  call<boolean>('POST', '/api/kpn-things/verify', { token: await tokenOf(login), body });
const deviceCount = async (login: string) =>
  call<number>('GET', '/api/kpn-things/device-count', { token: await tokenOf(login) });

/**
 * Two tenants of this file's own (each with an admin): "nothing saved yet" holds whatever other files did to
 * demo's and acme's settings, and nothing saved here is left where another file looks.
 */
let own: OwnTenant;
let other: OwnTenant;
let admin: string;

beforeAll(async () => {
  [own, other] = await Promise.all([createOwnTenant('KPN settings'), createOwnTenant('KPN settings other')]);
  admin = own.adminLogin;
});

afterAll(async () => {
  await removeOwnTenant(own);
  await removeOwnTenant(other);
});

describe('KPN Things integration settings', () => {
  it('answers empty settings before the first save', async () => {
    const response = await get(admin);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      client_id: '',
      client_secret: null,
      client_secret_set: false,
      kpn_tenant_id: '',
      application_id: '',
      project_id: '',
      device_group_id: '',
      things_plug_uuid: null,
      things_shared_secret: null,
      things_shared_secret_set: false,
      version: null,
    });
  });

  it('requires each of the six fields with the spec’s messages', async () => {
    const response = await call<ErrorBody>('POST', '/api/kpn-things/verify', {
      token: await tokenOf(admin),
      body: { client_id: ' ' },
    });
    expect(response.status).toBe(422);
    const messages = Object.fromEntries(response.body.violations.map((v) => [v.propertyPath, v.message]));
    expect(messages).toEqual({
      client_id: KPN_THINGS_MESSAGES.client_id,
      kpn_tenant_id: KPN_THINGS_MESSAGES.kpn_tenant_id,
      application_id: KPN_THINGS_MESSAGES.application_id,
      project_id: KPN_THINGS_MESSAGES.project_id,
      device_group_id: KPN_THINGS_MESSAGES.device_group_id,
    });
    // Nothing stored yet, so a blank secret cannot mean "the stored one".
    const noSecret = await save(admin, { ...KPN_DEMO, client_secret: '' });
    expect(noSecret.status).toBe(422);
    expect((noSecret.body as unknown as ErrorBody).violations).toEqual([
      { propertyPath: 'client_secret', message: 'The Client Secret is required' },
    ]);
  });

  it('saves, never returns the secret, keeps it on a save without one, and refuses a stale version', async () => {
    const first = await save(admin, { ...KPN_DEMO, version: null });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ client_id: KPN_DEMO.client_id, client_secret: null, client_secret_set: true });
    expect(JSON.stringify(first.body)).not.toContain(KPN_DEMO.client_secret);
    const read = await get(admin);
    expect(read.body).toEqual(first.body);
    expect(JSON.stringify(read.body)).not.toContain(KPN_DEMO.client_secret);

    const renamed = await save(admin, { ...read.body, kpn_tenant_id: 'renamed', client_secret: null });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ kpn_tenant_id: 'renamed', version: 2, client_secret_set: true });
    // The kept secret still works.
    expect((await verify(admin, { ...renamed.body, client_secret: '' })).body).toBe(true);

    const stale = await save(admin, { ...KPN_DEMO, version: 1 });
    expect(stale.status).toBe(409);
    const noVersion = await save(admin, { ...KPN_DEMO });
    expect(noVersion.status).toBe(422);
    expect(existsSync(path.join(readStack().dataDir, 'kpn-data-key'))).toBe(true);
  });

  it('verifies true with the demo credentials and false with wrong ones', async () => {
    expect(await verify(admin, KPN_DEMO)).toMatchObject({ status: 200, body: true });
    expect((await verify(admin, { ...KPN_DEMO, client_secret: 'wrong' })).body).toBe(false);
    expect((await verify(admin, { ...KPN_DEMO, client_id: 'unknown' })).body).toBe(false);
    expect((await verify(admin, { ...KPN_DEMO, application_id: 'other-audience' })).body).toBe(false);
  });

  it('refuses users without KPN_THINGS and anonymous callers', async () => {
    for (const login of ['user', 'client', 'transporter']) {
      expect((await get(login)).status).toBe(403);
      expect((await save(login, KPN_DEMO)).status).toBe(403);
      expect((await verify(login, KPN_DEMO)).status).toBe(403);
    }
    expect((await call('GET', '/api/kpn-things')).status).toBe(401);
    expect((await call('POST', '/api/kpn-things/verify', { body: KPN_DEMO })).status).toBe(401);
  });

  it('counts the device group’s devices for super admins only', async () => {
    expect((await deviceCount('admin')).status).toBe(403);
    expect((await deviceCount('acme-admin')).status).toBe(403);
    // The stand-in's demo credentials saved in this file's tenant, where the super admin acts for the count.
    expect((await save(admin, { ...KPN_DEMO, version: (await get(admin)).body.version })).status).toBe(200);
    const counted = await call<number>('GET', '/api/kpn-things/device-count', {
      token: await tokenOf('superadmin'),
      headers: own.superAdmin.headers,
    });
    expect(counted.status).toBe(200);
    expect(counted.body).toBe(137); // the stand-in's demo group, over several cursor pages
  });

  it('keeps each tenant’s settings apart', async () => {
    const otherAdmin = other.adminLogin;
    const empty = await get(otherAdmin);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ client_id: '', client_secret_set: false, version: null });
    // Another tenant cannot verify with the first tenant's stored secret.
    expect((await verify(otherAdmin, { ...KPN_DEMO, client_secret: '' })).status).toBe(422);
    const saved = await save(otherAdmin, { ...KPN_DEMO, client_id: 'other-client', client_secret: 'other-secret' });
    expect(saved.status).toBe(200);
    expect((await get(admin)).body.client_id).toBe(KPN_DEMO.client_id);
    expect((await get(otherAdmin)).body.client_id).toBe('other-client');
  });
});

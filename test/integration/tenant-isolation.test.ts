import { request as httpRequest } from 'node:http';
import { call, tokenOf } from '../harness/api';
import { readStack } from '../harness/stack';

describe('tenant isolation', () => {
  let demoAssetId: number;

  beforeAll(async () => {
    const response = await call<{ id: number }>('POST', '/api/assets', {
      token: await tokenOf('admin'),
      body: { name: 'Demo-only reel' },
    });
    demoAssetId = response.body.id;
  });

  it('gives a token of tenant acme 404 for an id of tenant demo, on read, write and delete', async () => {
    const acme = await tokenOf('acme-admin');
    expect((await call('GET', `/api/assets/${demoAssetId}`, { token: acme })).status).toBe(404);
    expect(
      (await call('PUT', `/api/assets/${demoAssetId}`, { token: acme, body: { name: 'hijack', version: 1 } })).status,
    ).toBe(404);
    expect((await call('DELETE', `/api/assets/${demoAssetId}`, { token: acme })).status).toBe(404);
    const still = await call<{ name: string }>('GET', `/api/assets/${demoAssetId}`, { token: await tokenOf('admin') });
    expect(still.body.name).toBe('Demo-only reel');
  });

  it('never lists the other tenant’s assets', async () => {
    const acme = await call<{ 'hydra:member': { name: string }[] }>('GET', '/api/assets?pagination=false', {
      token: await tokenOf('acme-admin'),
    });
    expect(acme.status).toBe(200);
    expect(acme.body['hydra:member'].map((a) => a.name)).not.toContain('Demo-only reel');
  });

  it('refuses a tenant header from a user who is not a super admin', async () => {
    const response = await call('GET', `/api/assets/${demoAssetId}`, {
      token: await tokenOf('acme-admin'),
      headers: { 'x-tenant-id': '1' },
    });
    expect(response.status).toBe(403);
  });

  it('lets a super admin act in another tenant through the tenant header', async () => {
    const superAdmin = await tokenOf('superadmin');
    const inAcme = await call<{ 'hydra:totalItems': number }>('GET', '/api/assets', {
      token: superAdmin,
      headers: { 'x-tenant-id': '2' },
    });
    expect(inAcme.status).toBe(200);
    expect(
      (await call('GET', `/api/assets/${demoAssetId}`, { token: superAdmin, headers: { 'x-tenant-id': '2' } })).status,
    ).toBe(404);
    expect((await call('GET', '/api/assets', { token: superAdmin, headers: { 'x-tenant-id': '999' } })).status).toBe(
      404,
    );
  });

  describe('tenant chosen by the API host’s subdomain (spec 001 s.4)', () => {
    /** The request as the console would send it to `<subdomain>.localhost:<port>` (fetch cannot set Host). */
    function viaHost(subdomain: string, token: string, path: string): Promise<{ status: number; body: unknown }> {
      const api = new URL(readStack().apiUrl);
      return new Promise((resolve, reject) => {
        const request = httpRequest(
          {
            host: api.hostname,
            port: api.port,
            path,
            headers: { host: `${subdomain}.localhost:${api.port}`, authorization: `Bearer ${token}` },
          },
          (response) => {
            let text = '';
            response.on('data', (chunk) => {
              text += chunk;
            });
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text || 'null') }));
          },
        );
        request.on('error', reject);
        request.end();
      });
    }

    it('lets a super admin act in the tenant of the subdomain', async () => {
      const inAcme = await viaHost('acme', await tokenOf('superadmin'), `/api/assets/${demoAssetId}`);
      expect(inAcme.status).toBe(404);
      const acmeUsers = await viaHost('acme', await tokenOf('superadmin'), '/api/users?pagination=false');
      expect(JSON.stringify(acmeUsers.body)).toContain('admin@acme.local');
      expect(JSON.stringify(acmeUsers.body)).not.toContain('admin@demo.local');
    });

    it('serves users of that tenant, refuses others (403) and unknown subdomains (404)', async () => {
      expect((await viaHost('demo', await tokenOf('admin'), `/api/assets/${demoAssetId}`)).status).toBe(200);
      expect((await viaHost('demo', await tokenOf('acme-admin'), `/api/assets/${demoAssetId}`)).status).toBe(403);
      expect((await viaHost('nowhere', await tokenOf('admin'), '/api/assets')).status).toBe(404);
    });
  });
});

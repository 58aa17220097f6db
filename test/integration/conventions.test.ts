import { ROUTES, type RouteDef, routeKey } from '../../shared/routes';
import { call, tokenOf } from '../harness/api';

type Collection = {
  'hydra:member': { id: number; version: number; name: string }[];
  'hydra:totalItems': number;
  'hydra:view': Record<string, string>;
};

describe('API conventions', () => {
  let admin: string;
  let created: { id: number; version: number };

  beforeAll(async () => {
    admin = await tokenOf('admin');
    const response = await call<{ id: number; version: number }>('POST', '/api/assets', {
      token: admin,
      body: { name: 'Conventions test reel', reference: 'CONV-1' },
    });
    expect(response.status).toBe(201);
    created = response.body;
  });

  it('answers collections in Hydra form with 1-based pages and view links', async () => {
    const response = await call<Collection>('GET', '/api/assets?page=2&itemsPerPage=5&order[reference]=asc', {
      token: admin,
    });
    expect(response.status).toBe(200);
    const body = response.body;
    expect(body['hydra:member']).toHaveLength(5);
    expect(body['hydra:totalItems']).toBeGreaterThan(10);
    expect(body['hydra:view']).toMatchObject({
      '@id': expect.stringContaining('page=2'),
      'hydra:first': expect.stringContaining('page=1'),
      'hydra:previous': expect.stringContaining('page=1'),
      'hydra:next': expect.stringContaining('page=3'),
      'hydra:last': expect.stringContaining(`page=${Math.ceil(body['hydra:totalItems'] / 5)}`),
    });
    expect(body['hydra:view']['hydra:next']).toContain('itemsPerPage=5');
  });

  it('caps itemsPerPage and ignores unknown filters', async () => {
    const response = await call<Collection>('GET', '/api/assets?itemsPerPage=100000&noSuchFilter=1', { token: admin });
    expect(response.status).toBe(200);
    expect(response.body['hydra:member'].length).toBeLessThanOrEqual(100);
  });

  it('answers 400 for a page that is not a positive number', async () => {
    const response = await call('GET', '/api/assets?page=0', { token: admin });
    expect(response.status).toBe(400);
  });

  it('answers 400 with the error format for malformed JSON', async () => {
    const response = await call('POST', '/api/assets', { token: admin, rawBody: '{"name": ' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      'hydra:title': 'An error occurred',
      'hydra:description': expect.stringContaining('JSON'),
      title: 'Bad Request',
      detail: expect.stringContaining('JSON'),
      status: 400,
    });
  });

  it('answers 422 with violations and writes nothing', async () => {
    const before = await call<Collection>('GET', '/api/assets', { token: admin });
    const response = await call('POST', '/api/assets', { token: admin, body: { reference: 'no name' } });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ violations: [{ propertyPath: 'name', message: 'The name is required' }] });
    const after = await call<Collection>('GET', '/api/assets', { token: admin });
    expect(after.body['hydra:totalItems']).toBe(before.body['hydra:totalItems']);
  });

  it('answers 413 for an oversized body', async () => {
    const response = await call('POST', '/api/assets', {
      token: admin,
      body: { name: 'big', description: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ status: 413 });
  });

  it('answers 404 for an unknown id and for a path that is not an API route', async () => {
    expect((await call('GET', '/api/assets/99999999', { token: admin })).status).toBe(404);
    expect((await call('GET', '/api/no-such-thing', { token: admin })).status).toBe(404);
  });

  it('answers 403 when the role lacks the permission of the route', async () => {
    const client = await tokenOf('client');
    const response = await call('POST', '/api/assets', { token: client, body: { name: 'not allowed' } });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ status: 403, title: 'Forbidden' });
  });

  it('answers 409 to a write with a stale version and keeps the newer data', async () => {
    const first = await call<{ version: number; name: string }>('PUT', `/api/assets/${created.id}`, {
      token: admin,
      body: { name: 'Renamed once', version: created.version },
    });
    expect(first.status).toBe(200);
    expect(first.body.version).toBe(created.version + 1);
    const stale = await call('PUT', `/api/assets/${created.id}`, {
      token: admin,
      body: { name: 'Lost update', version: created.version },
    });
    expect(stale.status).toBe(409);
    const current = await call<{ name: string }>('GET', `/api/assets/${created.id}`, { token: admin });
    expect(current.body.name).toBe('Renamed once');
  });

  it('takes an update without a version as unconditional (decision 0242), and refuses a malformed one', async () => {
    const malformed = await call('PUT', `/api/assets/${created.id}`, {
      token: admin,
      body: { name: 'Malformed version', version: 'one' },
    });
    expect(malformed.status).toBe(422);
    expect(malformed.body).toMatchObject({ violations: [{ propertyPath: 'version' }] });
    const response = await call<{ name: string }>('PUT', `/api/assets/${created.id}`, {
      token: admin,
      body: { name: 'No version' },
    });
    expect(response.status).toBe(200);
    expect(response.body.name).toBe('No version');
  });

  it('answers no route of the table with 501: every feature is built', async () => {
    const superadmin = await tokenOf('superadmin');
    // Exports do their work on a GET, and the single sign-on routes redirect to Entra ID: their own tests cover them.
    const skipped = (route: RouteDef) =>
      /export/i.test(route.id) || ['session.oauthCallback', 'session.azureLogin'].includes(route.id);
    const notBuilt: string[] = [];
    for (const route of (ROUTES as readonly RouteDef[]).filter((r) => !skipped(r))) {
      const response = await call(route.method, route.path.replace(/\{[^}]+\}/g, '999999'), {
        token: route.access === 'public' ? undefined : superadmin,
        body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      if (response.status === 501) notBuilt.push(routeKey(route));
    }
    expect(notBuilt).toEqual([]);
  });
});

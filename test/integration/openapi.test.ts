import { request } from 'node:http';
import { ROUTES } from '../../shared/routes';
import { call, tokenOf } from '../harness/api';
import { TEST_CLIENT_IP_HEADER, testFileClientIp } from '../harness/client-ip';
import { readStack } from '../harness/stack';

interface OpenApiDocument {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, { operationId: string }>>;
  components: { securitySchemes: { apiCredentials: { flows: { clientCredentials: { tokenUrl: string } } } } };
}

describe('GET /api/docs.json', () => {
  it('answers the OpenAPI document without a token, covering every route of the table', async () => {
    const response = await call<OpenApiDocument>('GET', '/api/docs.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.body.openapi).toBe('3.1.0');
    expect(response.body.servers).toEqual([{ url: readStack().apiUrl }]);
    const missing = ROUTES.filter(
      (route) => response.body.paths[route.path]?.[route.method.toLowerCase()]?.operationId !== route.id,
    );
    expect(missing.map((route) => route.id)).toEqual([]);
  });

  it('answers the same with a token (a signed-in console user)', async () => {
    const response = await call<OpenApiDocument>('GET', '/api/docs.json', { token: await tokenOf('user') });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body.paths).length).toBeGreaterThan(50);
  });

  it('tells a client enough to get a token with client credentials and call a list', async () => {
    const { body: doc } = await call<OpenApiDocument>('GET', '/api/docs.json');
    const credential = await call<{ id: number; client_id: string; client_secret: string }>('POST', '/api/tokens', {
      token: await tokenOf('admin'),
      body: { name: 'OpenAPI quick start' },
    });
    expect(credential.status).toBe(201);
    try {
      const issued = await fetch(doc.components.securitySchemes.apiCredentials.flows.clientCredentials.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: credential.body.client_id,
          client_secret: credential.body.client_secret,
        }),
      });
      expect(issued.status).toBe(200);
      const { access_token } = (await issued.json()) as { access_token: string };
      const list = await fetch(`${doc.servers[0]?.url}/api/assets?itemsPerPage=5`, {
        headers: { authorization: `Bearer ${access_token}` },
      });
      expect(list.status).toBe(200);
      expect(await list.json()).toMatchObject({ '@type': 'hydra:Collection', 'hydra:member': expect.any(Array) });
    } finally {
      await call('DELETE', `/api/tokens/${credential.body.id}`, { token: await tokenOf('admin') });
    }
  });

  it('never names the Host the request came with: a forged one changes neither the server nor the token URL', async () => {
    const forged = 'forged-host.attacker.example';
    // fetch sets Host itself, so node:http sends the forged one.
    const text = await new Promise<string>((resolve, reject) => {
      const outgoing = request(`${readStack().apiUrl}/api/docs.json`, {
        headers: { host: forged, [TEST_CLIENT_IP_HEADER]: testFileClientIp() },
      });
      outgoing.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          response.statusCode === 200
            ? resolve(Buffer.concat(chunks).toString('utf8'))
            : reject(new Error(`status ${response.statusCode}`)),
        );
      });
      outgoing.on('error', reject).end();
    });
    const doc = JSON.parse(text) as OpenApiDocument;
    expect(doc.servers).toEqual([{ url: readStack().apiUrl }]);
    expect(doc.components.securitySchemes.apiCredentials.flows.clientCredentials.tokenUrl).toBe(
      `${readStack().apiUrl}/api/oauth/token`,
    );
    expect(text).not.toContain(forged);
  });
});

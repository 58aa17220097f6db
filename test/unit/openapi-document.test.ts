import type { z } from 'zod';
import { OPENAPI_PATH, openApiDocument, publicApiUrl, TOKEN_PATH } from '../../functions/lib/openapi/openapi-document';
import { contractOf, type RouteContract } from '../../shared/route-contracts';
import { ROUTES, type RouteDef, type RouteId } from '../../shared/routes';

const BASE = 'https://api.tracking.example.com';
const doc = openApiDocument(BASE);
const routes = ROUTES as readonly RouteDef[];
const contract = (route: RouteDef): RouteContract => contractOf(route.id as RouteId);

type Operation = {
  operationId: string;
  summary: string;
  security: Record<string, string[]>[];
  parameters?: { name: string; in: string; required: boolean }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: Record<string, unknown> }> }>;
};
const operationOf = (route: RouteDef) =>
  (doc.paths as Record<string, Record<string, Operation>>)[route.path]?.[route.method.toLowerCase()];

/** Every "$ref" in the document, to check they all point at something. */
function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') found.push(inner);
      else refsIn(inner, found);
    }
  }
  return found;
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with the configured address as server, and serves itself at a public path', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: BASE }]);
    expect(routes.find((r) => r.path === OPENAPI_PATH)).toMatchObject({ method: 'GET', access: 'public' });
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it('takes its server from API_PUBLIC_URL only, never from the request, and falls back to a relative "/"', () => {
    expect(publicApiUrl({ API_PUBLIC_URL: 'https://d111.cloudfront.net/' })).toBe('https://d111.cloudfront.net');
    expect(publicApiUrl({ API_PUBLIC_URL: 'http://127.0.0.1:3001' })).toBe('http://127.0.0.1:3001');
    for (const unusable of [undefined, '', '  ', 'not a url', 'javascript:alert(1)', 'ftp://api.example.com'])
      expect(publicApiUrl({ API_PUBLIC_URL: unusable })).toBeUndefined();
    const relative = openApiDocument(undefined);
    expect(relative.servers).toEqual([{ url: '/' }]);
    expect(relative.components.securitySchemes.apiCredentials.flows.clientCredentials.tokenUrl).toBe(TOKEN_PATH);
    expect(relative.info.description).toContain(`curl -X POST https://<API host>${TOKEN_PATH}`);
  });

  it('holds every route of the table, with its method, id and summary', () => {
    const missing = routes.filter((route) => operationOf(route)?.operationId !== route.id);
    expect(missing.map((r) => `${r.method} ${r.path}`)).toEqual([]);
    const operations = Object.values(doc.paths).flatMap((byMethod) => Object.keys(byMethod));
    expect(operations).toHaveLength(routes.length);
    for (const route of routes) expect(operationOf(route)?.summary.length).toBeGreaterThan(3);
  });

  it('gives every route with a body schema a JSON requestBody, and uploads a file body', () => {
    const withBody = routes.filter((route) => contract(route).body);
    expect(withBody.length).toBeGreaterThan(30);
    for (const route of withBody) {
      const schema = operationOf(route)?.requestBody?.content['application/json']?.schema;
      expect({ route: route.id, hasSchema: schema !== undefined && Object.keys(schema).length > 0 }).toEqual({
        route: route.id,
        hasSchema: true,
      });
    }
    for (const route of routes.filter((r) => contract(r).upload)) {
      expect(Object.keys(operationOf(route)?.requestBody?.content ?? {})).toContain('multipart/form-data');
    }
    for (const route of routes.filter((r) => !contract(r).body && !contract(r).upload)) {
      expect({ route: route.id, body: operationOf(route)?.requestBody }).toEqual({ route: route.id, body: undefined });
    }
  });

  it('asks for no token on public routes and a bearer JWT or an API credential on the others', () => {
    for (const route of routes) {
      const security = operationOf(route)?.security;
      if (route.access === 'public') expect(security).toEqual([]);
      else expect(security).toEqual([{ bearerAuth: [] }, { apiCredentials: [] }]);
    }
    const schemes = doc.components.securitySchemes;
    expect(schemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(schemes.apiCredentials.flows.clientCredentials.tokenUrl).toBe(`${BASE}${TOKEN_PATH}`);
    expect(routes.find((r) => r.path === TOKEN_PATH)).toMatchObject({ method: 'POST', access: 'public' });
  });

  it('declares path parameters, query filters and sort fields', () => {
    for (const route of routes) {
      const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const inPath = (operationOf(route)?.parameters ?? []).filter((p) => p.in === 'path');
      expect(inPath.map((p) => [p.name, p.required])).toEqual(names.map((name) => [name, true]));
      const queries = contract(route).query;
      const declared = (Array.isArray(queries) ? queries : queries ? [queries] : []) as z.ZodObject[];
      const inQuery = (operationOf(route)?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      for (const object of declared) for (const key of Object.keys(object.shape)) expect(inQuery).toContain(key);
    }
    const assetList = operationOf(routes.find((r) => r.id === 'assets.list') as RouteDef);
    const names = assetList?.parameters?.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['page', 'itemsPerPage', 'search', 'status', 'order[reference]']));
  });

  it('answers lists as Hydra collections and errors in the Hydra error shape', () => {
    for (const route of routes.filter((r) => contract(r).collection)) {
      const success = Object.entries(operationOf(route)?.responses ?? {}).find(([status]) => status.startsWith('2'));
      const schema = success?.[1].content?.['application/ld+json']?.schema as { properties: object } | undefined;
      expect(Object.keys(schema?.properties ?? {})).toEqual(
        expect.arrayContaining(['hydra:member', 'hydra:totalItems', '@type']),
      );
    }
    const errorSchema = doc.components.responses.Error422?.content['application/problem+json'].schema as {
      properties: object;
    };
    expect(Object.keys(errorSchema?.properties ?? {})).toEqual(
      expect.arrayContaining(['hydra:title', 'hydra:description', 'title', 'detail', 'status', 'violations']),
    );
    const update = operationOf(routes.find((r) => r.id === 'assets.update') as RouteDef);
    expect(Object.keys(update?.responses ?? {}).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '409',
      '412',
      '413',
      '415',
      '422',
      '429',
    ]);
  });

  it('documents versions over HTTP: ETag on a versioned entity, If-Match on its writes', () => {
    const op = (id: string) => operationOf(routes.find((r) => r.id === id) as RouteDef);
    for (const id of ['assets.update', 'assets.delete', 'devices.update', 'devices.delete']) {
      expect(op(id)?.parameters).toEqual(
        expect.arrayContaining([expect.objectContaining({ name: 'If-Match', in: 'header' })]),
      );
      expect(op(id)?.responses).toHaveProperty('412');
    }
    for (const id of ['assets.get', 'devices.get', 'assets.update']) {
      expect(op(id)?.responses['200']).toMatchObject({ headers: { ETag: { schema: { type: 'string' } } } });
    }
    expect(op('assets.list')?.responses['200']).not.toHaveProperty('headers');
    expect(op('assets.get')?.parameters).not.toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'If-Match' })]),
    );
    expect(doc.components.responses.Error412).toMatchObject({ description: 'Precondition Failed' });
  });

  it('tells API clients about the throttles: 429 with Retry-After', () => {
    const ids = ['session.signIn', 'tokens.issue', 'uplinks.kpnThings', 'assets.list'];
    for (const id of ids) {
      expect(operationOf(routes.find((r) => r.id === id) as RouteDef)?.responses).toHaveProperty('429');
    }
    expect(operationOf(routes.find((r) => r.id === 'settings.logo') as RouteDef)?.responses).not.toHaveProperty('429');
    expect(doc.components.responses.Error429).toMatchObject({
      headers: { 'Retry-After': { schema: { type: 'integer' } } },
    });
  });

  it('refers only to components it defines and embeds no JSON Schema dialect or local definitions', () => {
    const components = doc.components as unknown as Record<string, Record<string, unknown>>;
    for (const ref of refsIn(doc.paths)) {
      const [, , group = '', name = ''] = ref.split('/');
      expect({ ref, defined: components[group]?.[name] !== undefined }).toEqual({ ref, defined: true });
    }
    const text = JSON.stringify(doc);
    expect(text).not.toContain('"$schema"');
    expect(text).not.toContain('"$defs"');
  });
});

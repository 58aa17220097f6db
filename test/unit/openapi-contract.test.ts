import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { toApiAsset } from '../../functions/lib/assets/asset-repository';
import { openApiDocument } from '../../functions/lib/openapi/openapi-document';
import { toApiSetting } from '../../functions/lib/settings/setting-repository';
import { differencesOf } from '../harness/contract';

/**
 * The published contract holds: the document is well formed OpenAPI 3.1 whose answer
 * schemas are closed JSON Schema 2020-12, required parameters say so, and the harness check that every
 * integration test runs through finds what differs. No OpenAPI validator package is installed, so the
 * document's structure is checked here and its schemas by ajv's 2020-12 meta-schema.
 */
type Schema = Record<string, unknown>;
interface Response {
  $ref?: string;
  description?: string;
  content?: Record<string, { schema?: Schema }>;
}
interface Operation {
  operationId: string;
  parameters?: { name: string; in: string; required: boolean; schema: Schema }[];
  responses: Record<string, Response>;
}
const doc = openApiDocument('https://api.example.com') as unknown as {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, Response> };
};
const operations = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
  Object.entries(byMethod).map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, operation })),
);
const resolved = (response: Response) =>
  response.$ref ? (doc.components.responses[response.$ref.split('/').pop() as string] as Response) : response;
const answers = operations.flatMap(({ route, operation }) =>
  Object.entries(operation.responses).flatMap(([status, response]) =>
    Object.entries(resolved(response).content ?? {}).map(([mediaType, media]) => ({
      where: `${route} ${status} ${mediaType}`,
      schema: media.schema ?? {},
    })),
  ),
);

/** Object schemas that take keys they do not list: `additionalProperties` missing or `{}`. */
function openObjects(schema: unknown, at: string, found: string[] = []): string[] {
  if (Array.isArray(schema)) {
    for (const [i, item] of schema.entries()) openObjects(item, `${at}/${i}`, found);
  } else if (schema && typeof schema === 'object') {
    const object = schema as Schema;
    const extra = object.additionalProperties;
    const isObject = object.type === 'object' || object.properties !== undefined;
    const takesAnything =
      extra === undefined || (typeof extra === 'object' && Object.keys(extra as object).length === 0);
    if (isObject && takesAnything) found.push(at || '/');
    for (const [key, inner] of Object.entries(object)) {
      // A map of names to schemas is no schema itself (a property may be called "properties").
      if (key === 'properties' || key === '$defs')
        for (const [name, value] of Object.entries(inner as Schema)) openObjects(value, `${at}/${key}/${name}`, found);
      else openObjects(inner, `${at}/${key}`, found);
    }
  }
  return found;
}

describe('the published contract', () => {
  it('is OpenAPI 3.1: unique operation ids, a described answer for every status, 3-digit statuses', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title.length).toBeGreaterThan(0);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { route, operation } of operations) {
      const statuses = Object.keys(operation.responses);
      expect({ route, statuses: statuses.filter((s) => !/^[1-5]\d\d$/.test(s)) }).toEqual({ route, statuses: [] });
      expect({ route, success: statuses.some((s) => /^[23]/.test(s)) }).toEqual({ route, success: true });
      for (const response of Object.values(operation.responses))
        expect(resolved(response).description?.length).toBeGreaterThan(0);
      for (const parameter of operation.parameters ?? []) {
        expect(['path', 'query', 'header']).toContain(parameter.in);
        if (parameter.in === 'path') expect(parameter.required).toBe(true);
      }
    }
  });

  it('writes every answer schema in valid JSON Schema 2020-12 that ajv compiles in strict mode', () => {
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true });
    const failures = answers.flatMap(({ where, schema }) => {
      try {
        ajv.compile(schema);
        return [];
      } catch (error) {
        return [`${where}: ${(error as Error).message}`];
      }
    });
    expect(failures).toEqual([]);
    expect(answers.length).toBeGreaterThan(300);
  });

  it('closes every object of every answer, so a key the document does not list is a difference', () => {
    // The OpenAPI document describes itself only as an object: its own schema is OpenAPI's.
    const open = answers
      .filter(({ where }) => !where.startsWith('GET /api/docs.json 200'))
      .flatMap(({ where, schema }) => openObjects(schema, '').map((at) => `${where} at ${at}`));
    expect(open).toEqual([]);
  });

  it('marks the query parameters a route cannot do without as required', () => {
    const required = (route: string) =>
      (operations.find((o) => o.route === route)?.operation.parameters ?? [])
        .filter((p) => p.in === 'query' && p.required)
        .map((p) => p.name)
        .sort();
    expect(required('GET /login/azure')).toEqual(['binding']);
    expect(required('GET /api/aws/s3')).toEqual(['assetId', 'contentType', 'filename', 'size']);
    expect(required('GET /api/assets')).toEqual([]);
  });

  it('documents the statuses a route answers beyond the handler layer’s', () => {
    const statuses = (route: string) =>
      Object.keys(operations.find((o) => o.route === route)?.operation.responses ?? {});
    expect(statuses('POST /user/sign-in')).toContain('401');
    expect(statuses('DELETE /api/geo-zones/{id}')).toContain('422');
    expect(statuses('GET /api/aws/s3')).toContain('404');
    expect(statuses('GET /api/assets')).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '413', '415', '429']),
    );
  });
});

describe('the harness check of answers against the document', () => {
  const answer = (status: number, body: unknown, contentType = 'application/ld+json; charset=utf-8') => ({
    method: 'GET',
    path: '/api/frontend-settings?name=colors',
    status,
    contentType,
    text: JSON.stringify(body),
  });
  const setting = toApiSetting({ name: 'colors', data: [] });
  const list = (member: unknown) => ({
    '@context': '/api/contexts/FrontendSetting',
    '@id': '/api/frontend-settings',
    '@type': 'hydra:Collection',
    'hydra:member': [member],
    'hydra:totalItems': 1,
  });

  it('takes an answer the document describes, an unsaved default setting included', () => {
    expect(setting).not.toHaveProperty('@id');
    expect(differencesOf(answer(200, list(setting)))).toEqual([]);
  });

  it('names the route, the JSON pointer and what differs', () => {
    expect(differencesOf(answer(200, list({ ...setting, '@id': null })))).toEqual([
      expect.stringMatching(/^\/hydra:member\/0\/@id: must be string/),
    ]);
    expect(differencesOf(answer(200, list({ ...setting, client_id: 3 })))).toEqual([
      '/hydra:member/0: not in the document: "client_id"',
    ]);
    expect(differencesOf(answer(200, list(setting), 'text/html'))).toEqual([
      'content type "text/html" is not documented (application/ld+json)',
    ]);
    expect(differencesOf(answer(500, {}, 'application/problem+json'))).toEqual(['status 500 is not documented']);
  });

  it('holds errors to the error format and takes the gateway’s 404 for a path the API does not have', () => {
    const error = { '@context': '/api/contexts/Error', '@type': 'hydra:Error', 'hydra:title': 'An error occurred' };
    expect(differencesOf(answer(403, error, 'application/problem+json'))).toEqual(
      expect.arrayContaining(['/: missing "hydra:description"']),
    );
    const unknown = { ...answer(404, {}, 'application/problem+json'), path: '/api/nothing-here' };
    expect(differencesOf(unknown)).toEqual([]);
    expect(differencesOf({ ...unknown, status: 200 })).toEqual(['no operation GET /api/nothing-here in the document']);
  });
  it('finds the same differences in a later test file of the run, which loads the validators the first one kept', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'contract-run-'));
    const stackFile = path.join(dataDir, 'stack.json');
    writeFileSync(stackFile, JSON.stringify({ dataDir }));
    const wrong = answer(200, list({ ...setting, client_id: 3, '@id': null }));
    const inAFile = () => {
      let differences: string[] = [];
      // A test file of its own: a fresh module registry, as jest gives each file.
      jest.isolateModules(() => {
        differences = (require('../harness/contract') as typeof import('../harness/contract')).differencesOf(wrong);
      });
      return differences;
    };
    const previous = process.env.TRACKING_STACK_FILE;
    process.env.TRACKING_STACK_FILE = stackFile;
    try {
      const first = inAFile();
      expect(readdirSync(path.join(dataDir, 'contract-validators'))).toHaveLength(1);
      expect(first).toEqual(differencesOf(wrong));
      expect(inAFile()).toEqual(first);
      expect(first).toHaveLength(2);
    } finally {
      process.env.TRACKING_STACK_FILE = previous;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('answers built from an allow-list', () => {
  it('never carry a stored attribute the schema does not list', () => {
    const stored = {
      id: 7,
      version: 1,
      name: 'Drum',
      devices: [],
      attachments: [],
      loanDayCountedFor: '2026-11-25',
      zone_membership: { 3: 'inside' },
      cable_length: 12,
      pk: 'T#1#ASSET',
    };
    const answer = toApiAsset(stored as unknown as Parameters<typeof toApiAsset>[0]) as Record<string, unknown>;
    for (const key of ['loanDayCountedFor', 'zone_membership', 'cable_length', 'pk'])
      expect(answer).not.toHaveProperty(key);
    expect(answer).toMatchObject({ '@id': '/api/assets/7', '@type': 'Asset', id: 7, name: 'Drum', version: 1 });
  });
});

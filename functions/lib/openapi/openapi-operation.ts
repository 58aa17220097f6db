import type { z } from 'zod';
import type { Audience } from '../../../shared/permissions';
import type { RouteContract } from '../../../shared/route-contracts';
import type { RouteDef, RouteId } from '../../../shared/routes';
import { paramSchemasOf } from '../http/route-input';
import { ROUTE_THROTTLES } from '../security/limits';
import { hasVersionProperty, hydraCollectionOf, type JsonSchema, jsonSchemaOf } from './json-schema';

/** The API's JSON answers (functions/lib/http/handler.ts); errors use the same media type. */
export const JSON_LD = 'application/ld+json';

export const SECURITY_SCHEME_NAMES = { bearer: 'bearerAuth', clientCredentials: 'apiCredentials' } as const;

type Parameter = {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: JsonSchema;
  description?: string;
};

/** Versioned writes (functions/lib/http/preconditions.ts). */
const IF_MATCH_PARAMETER: Parameter = {
  name: 'If-Match',
  in: 'header',
  required: false,
  schema: { type: 'string' },
  description:
    'The ETag of the entity as read (`"<version>"`): the write happens only if nobody saved it since, else 412. ' +
    'Without it (and without `version` in the body) the write is unconditional.',
};

/** Writes a client may send again safely (functions/lib/http/idempotency.ts). */
const IDEMPOTENCY_KEY_PARAMETER: Parameter = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
  description:
    'A key of your own per intended write (a UUID): a send again with the same key answers the first answer ' +
    'for a day and applies nothing twice; the same key with another request is 422.',
};

const ETAG_HEADER = {
  ETag: {
    description: 'The entity\'s version as `"<version>"`: send it back as If-Match to write only over this state.',
    schema: { type: 'string' },
  },
};

/** The path parameters as the HTTP stack reads them (functions/lib/http/route-input.ts): ids, or as declared. */
function pathParameters(route: RouteDef, contract: RouteContract): Parameter[] {
  const { checked, declared } = paramSchemasOf(route, contract);
  const fields = { ...checked.shape, ...declared.shape } as Record<string, z.ZodType>;
  return [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name = '']) => {
    const field = fields[name];
    return { name, in: 'path', required: true, schema: field ? jsonSchemaOf(field, 'input') : { type: 'string' } };
  });
}

function queryParameters(contract: RouteContract): Parameter[] {
  const objects = contract.query === undefined ? [] : Array.isArray(contract.query) ? contract.query : [contract.query];
  const byName = new Map<string, Parameter>();
  for (const object of objects as z.ZodObject[]) {
    // A parameter without which the route answers 400/422 is required, as zod's own input schema says.
    const required = new Set((jsonSchemaOf(object, 'input').required as string[] | undefined) ?? []);
    for (const [name, field] of Object.entries(object.shape as Record<string, z.ZodType>)) {
      if (!byName.has(name))
        byName.set(name, { name, in: 'query', required: required.has(name), schema: jsonSchemaOf(field, 'input') });
    }
  }
  for (const field of contract.orders ?? []) {
    const name = `order[${field}]`;
    byName.set(name, { name, in: 'query', required: false, schema: { type: 'string', enum: ['asc', 'desc'] } });
  }
  return [...byName.values()];
}

function requestBody(contract: RouteContract) {
  if (contract.upload) {
    const file = { type: 'object', properties: { file: { type: 'string', contentMediaType: 'text/csv' } } };
    return {
      required: true,
      content: { 'multipart/form-data': { schema: { ...file, required: ['file'] } }, 'text/csv': { schema: {} } },
    };
  }
  if (!contract.body) return undefined;
  const schema = jsonSchemaOf(contract.body, 'input');
  const content: Record<string, { schema: JsonSchema }> = { 'application/json': { schema } };
  if (contract.form) content['application/x-www-form-urlencoded'] = { schema };
  return { required: true, content };
}

function successResponse(route: RouteDef, contract: RouteContract) {
  const status = contract.status ?? (route.method === 'DELETE' ? 204 : 200);
  const answer = contract.collection ? hydraCollectionOf(contract.collection) : contract.response;
  const description = status === 204 ? 'Done, no content' : status === 302 ? 'Redirect' : 'Success';
  if (!answer) return { [status]: { description } };
  const schema = jsonSchemaOf(answer, 'output');
  // One versioned entity answers its version as ETag (functions/lib/http/handler.ts); collections do not.
  const etag = !contract.collection && hasVersionProperty(schema) ? { headers: ETAG_HEADER } : {};
  const success = { [status]: { description, ...etag, content: { [contract.mediaType ?? JSON_LD]: { schema } } } };
  if (!contract.notModified) return success;
  // An answer with an ETag of its content: If-None-Match with it answers 304 without a body (the map's delta).
  const contentEtag = {
    ETag: { description: "The answer's ETag: send it as If-None-Match", schema: { type: 'string' } },
  };
  return {
    [status]: { ...success[status], headers: contentEtag },
    304: { description: 'Not modified: nothing changed since the If-None-Match ETag', headers: contentEtag },
  };
}

/**
 * The error answers a route can give, each in the Hydra error shape (components.responses): those of the
 * handler layer (functions/lib/http/handler.ts) for every route, plus the ones its contract names in `errors`.
 * A body can come with any request, so every route may answer 400 (malformed JSON), 413 and 415; 403 is also
 * a request that did not come through the edge (functions/lib/security/edge-origin.ts); 404 also a tenant a
 * super admin names (x-tenant header) or a host that does not exist (functions/lib/auth/); a list's paging
 * beyond the read budget is 422 (functions/lib/http/collection-query.ts).
 */
function errorResponses(route: RouteDef, contract: RouteContract, body: JsonSchema | undefined) {
  const statuses = new Set<number>([400, 403, 413, 415]);
  // A malformed id in the path is 422 too (functions/lib/http/route-input.ts).
  const takesId = Object.keys(paramSchemasOf(route, contract).checked.shape).length > 0;
  const takesInput =
    body !== undefined || contract.query !== undefined || contract.upload || contract.collection || takesId;
  if (route.access !== 'public') statuses.add(401).add(404);
  if (route.path.includes('{')) statuses.add(404);
  if (body && hasVersionProperty(body)) statuses.add(409);
  if (contract.ifMatch) statuses.add(412);
  if (contract.idempotent) statuses.add(409).add(422);
  if (takesInput) statuses.add(422);
  // Throttled public routes, and every route an API credential may call (its token bucket).
  if (route.access !== 'public' || ROUTE_THROTTLES[route.id as RouteId]) statuses.add(429);
  for (const status of contract.errors ?? []) statuses.add(status);
  return Object.fromEntries(
    [...statuses].sort((a, b) => a - b).map((status) => [status, { $ref: `#/components/responses/Error${status}` }]),
  );
}

/** The reference groups operations by handler module: "api-tokens" reads "API tokens". */
export const tagOf = (module: string) =>
  module
    .split('-')
    .map((word, i) =>
      ['api', 'kpn'].includes(word) ? word.toUpperCase() : i === 0 ? word[0]?.toUpperCase() + word.slice(1) : word,
    )
    .join(' ');

function accessNote(route: RouteDef): string {
  if (route.access === 'public') return 'Public: no token.';
  if (route.access === 'authenticated') return 'Any signed-in user or API credential of the tenant.';
  const needs = `Needs one of: ${route.access.anyOf.join(', ')} (from the tenant's role matrix).`;
  return route.access.only ? `${needs} ${AUDIENCE_NOTES[route.access.only]}` : needs;
}

const AUDIENCE_NOTES: Record<Audience, string> = {
  staff: 'Staff only (no client user or transporter), whatever the matrix grants.',
  admins: 'Admins only, whatever the matrix grants.',
  'not-clients': 'No client user, whatever the matrix grants.',
};

/** One operation of the document: the route table's method, path and access, the contract's schemas. */
export function operationOf(route: RouteDef, contract: RouteContract) {
  const body = requestBody(contract);
  const bodySchema = contract.body ? body?.content['application/json']?.schema : undefined;
  const parameters = [
    ...pathParameters(route, contract),
    ...queryParameters(contract),
    ...(contract.ifMatch ? [IF_MATCH_PARAMETER] : []),
    ...(contract.idempotent ? [IDEMPOTENCY_KEY_PARAMETER] : []),
  ];
  return {
    operationId: route.id,
    summary: contract.summary,
    description: accessNote(route),
    tags: [tagOf(route.handler)],
    security:
      route.access === 'public'
        ? []
        : [{ [SECURITY_SCHEME_NAMES.bearer]: [] }, { [SECURITY_SCHEME_NAMES.clientCredentials]: [] }],
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: { ...successResponse(route, contract), ...errorResponses(route, contract, bodySchema) },
  };
}

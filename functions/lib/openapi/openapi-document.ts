import { PROBLEM_JSON, STATUS_TITLES } from '../../../shared/errors';
import { contractOf } from '../../../shared/route-contracts';
import { type HttpMethod, ROUTES, type RouteDef, type RouteId } from '../../../shared/routes';
import { errorJsonSchema } from './json-schema';
import { operationOf, SECURITY_SCHEME_NAMES, tagOf } from './openapi-operation';

/**
 * The OpenAPI 3.1 document of the API, generated from the one route table (shared/routes.ts) and
 * the route contracts (shared/route-contracts.ts) with zod's own JSON Schema output; nothing is written by
 * hand. Served at GET /api/docs.json for API token clients and the console's API reference page.
 */
export const OPENAPI_PATH = '/api/docs.json';
export const TOKEN_PATH = '/api/oauth/token';

/** Every error status a route may document (RouteContract.errors); each has its component response. */
export const ERROR_STATUSES = [400, 401, 403, 404, 409, 412, 413, 415, 422, 428, 429, 501, 502] as const;

/**
 * The API's public address (API_PUBLIC_URL: on AWS the API's CloudFront distribution, where the WAF stands;
 * locally the gateway), without a trailing slash, or undefined when unset or not an http(s) URL. Never taken
 * from the request: behind CloudFront its Host and domainName are the execute-api origin, which goes around the
 * WAF, and a Host header is the caller's to choose (docs/decisions/0287-the-api-document-names-the-configured-api-url-never-the-request-host.md).
 */
export function publicApiUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const configured = env.API_PUBLIC_URL?.trim();
  if (!configured || !URL.canParse(configured)) return undefined;
  const url = new URL(configured);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/** Shown in the quick start's commands when no public address is configured (the servers entry is then "/"). */
const API_URL_PLACEHOLDER = 'https://<API host>';

const quickStart = (baseUrl: string) =>
  [
    'Multi-tenant asset and device tracking API. Lists follow API Platform (Hydra) conventions: `page`, ' +
      '`itemsPerPage` (at most 100), `pagination=false`, `order[field]=asc|desc`; errors carry `hydra:title`, ' +
      '`hydra:description`, `title`, `detail`, `status` and, for 422, `violations`.',
    '',
    '## Calling the API with an API credential',
    '',
    'Create a credential on the console\'s "API" screen (client id and secret), get a token (valid 15 minutes) ' +
      'and send it as a bearer token:',
    '',
    '```sh',
    `curl -X POST ${baseUrl}${TOKEN_PATH} \\`,
    '  -d grant_type=client_credentials \\',
    '  -d client_id="$CLIENT_ID" -d client_secret="$CLIENT_SECRET"',
    '# {"access_token":"eyJ…","token_type":"Bearer","expires_in":900}',
    `curl "${baseUrl}/api/assets?page=1&itemsPerPage=30" \\`,
    '  -H "Authorization: Bearer $ACCESS_TOKEN"',
    '```',
    '',
    'Each credential may send 200 requests at once and 10 a second after that; beyond it the API answers 429 ' +
      'with a `Retry-After` header (seconds). The token endpoint takes 30 requests a minute from one address.',
  ].join('\n');

function securitySchemes(baseUrl: string | undefined) {
  return {
    [SECURITY_SCHEME_NAMES.bearer]: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description:
        "A Cognito ID token: the `token` of POST /user/sign-in (console users), or an API credential's " +
        `\`access_token\` from POST ${TOKEN_PATH}.`,
    },
    [SECURITY_SCHEME_NAMES.clientCredentials]: {
      type: 'oauth2',
      description: 'An API credential of the console\'s "API" screen; its token acts with the role it was given.',
      // Without a configured address a relative reference, resolved like the servers entry.
      flows: { clientCredentials: { tokenUrl: `${baseUrl ?? ''}${TOKEN_PATH}`, scopes: {} } },
    },
  };
}

const RETRY_AFTER_HEADER = {
  description: 'Seconds to wait before the next request.',
  schema: { type: 'integer', minimum: 1 },
};

/**
 * A missing or invalid token is refused by API Gateway's JWT authorizer before the API runs, in its own shape;
 * a token the authorizer let through but the API refuses (revoked, user deactivated) gets the error format.
 */
const unauthorizedDescription =
  'Unauthorized. A missing, malformed, expired or foreign token is refused by the API gateway itself: the body ' +
  'is then exactly `{"message":"Unauthorized"}` (application/json, not the error format below) and, for a token ' +
  'it could read, a `WWW-Authenticate: Bearer ... error="invalid_token"` header names the reason. A token the ' +
  'gateway accepts but the API no longer honours (signed out everywhere, user or credential deactivated) gets ' +
  'the error format. Clients should act on the status alone: get a new token.';

function unauthorizedResponse(schema: ReturnType<typeof errorJsonSchema>) {
  return {
    description: unauthorizedDescription,
    headers: {
      'WWW-Authenticate': { description: 'The reason an invalid token was refused.', schema: { type: 'string' } },
    },
    content: {
      'application/json': {
        schema: {
          type: 'object',
          properties: { message: { const: 'Unauthorized' } },
          required: ['message'],
          additionalProperties: false,
        },
      },
      [PROBLEM_JSON]: { schema },
    },
  };
}

function errorResponses() {
  const schema = errorJsonSchema();
  return Object.fromEntries(
    ERROR_STATUSES.map((status) => [
      `Error${status}`,
      status === 401
        ? unauthorizedResponse(schema)
        : {
            description: STATUS_TITLES[status],
            content: { [PROBLEM_JSON]: { schema } },
            // A throttled answer says when to come back (functions/lib/security/limits.ts).
            ...(status === 429 ? { headers: { 'Retry-After': RETRY_AFTER_HEADER } } : {}),
          },
    ]),
  );
}

function paths() {
  const result: Record<string, Partial<Record<Lowercase<HttpMethod>, ReturnType<typeof operationOf>>>> = {};
  for (const route of ROUTES as readonly RouteDef[]) {
    const operations = result[route.path] ?? {};
    operations[route.method.toLowerCase() as Lowercase<HttpMethod>] = operationOf(
      route,
      contractOf(route.id as RouteId),
    );
    result[route.path] = operations;
  }
  return result;
}

/** The parts that do not depend on where the API is reached, built once per Lambda instance. */
let staticParts: { paths: ReturnType<typeof paths>; errors: ReturnType<typeof errorResponses> } | undefined;

/**
 * The document with `baseUrl` (publicApiUrl()) as its server, so "try it" and curl go through the WAF; without
 * one the server is "/", which a client resolves against the address it fetched the document from.
 */
export function openApiDocument(baseUrl: string | undefined) {
  staticParts ??= { paths: paths(), errors: errorResponses() };
  return {
    openapi: '3.1.0',
    info: { title: 'Tracking API', version: '1.0.0', description: quickStart(baseUrl ?? API_URL_PLACEHOLDER) },
    servers: [{ url: baseUrl ?? '/' }],
    tags: [...new Set(ROUTES.map((r) => tagOf(r.handler)))].map((name) => ({ name })),
    paths: staticParts.paths,
    components: { securitySchemes: securitySchemes(baseUrl), responses: staticParts.errors },
  };
}

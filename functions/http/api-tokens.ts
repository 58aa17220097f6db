import type { APIGatewayProxyResultV2, Context } from 'aws-lambda';
import { type ApiToken, apiClientTokenRequestSchema, apiTokenSchema } from '../../shared/schemas/api-token';
import {
  createApiClientUser,
  credentialRole,
  deleteApiClientUser,
  INVALID_CLIENT,
  issueApiClientToken,
} from '../lib/api-tokens/api-client-identity';
import { hashSecret, newClientId, newClientSecret, secretMatches } from '../lib/api-tokens/api-client-secrets';
import {
  type ApiTokenRecord,
  apiTokenRepository,
  createApiToken,
  deleteApiToken,
  findApiClient,
} from '../lib/api-tokens/api-token-repository';
import { allowListOf } from '../lib/http/allow-list';
import { parseCollectionQuery } from '../lib/http/collection-query';
import { forbidden, unauthorized } from '../lib/http/errors';
import { createHttpHandler, type HttpEvent, reply, route } from '../lib/http/handler';
import { toCollection } from '../lib/http/hydra';
import { validate } from '../lib/http/validation';
import { openApiDocument, publicApiUrl } from '../lib/openapi/openapi-document';
import { clientIp } from '../lib/security/client-ip';

/** API credentials (spec 001 s.2 /api, s.7) and the client-credentials token endpoint. */
const allowedToken = allowListOf(apiTokenSchema);

/** created_by (who made the credential) stays on the record. */
const toApiToken = (record: ApiTokenRecord): ApiToken =>
  allowedToken({ '@id': `/api/tokens/${record.id}`, '@type': 'ApiToken', ...record });

/** RFC 6749 s.2.3.1: clients may send their credentials as HTTP Basic instead of in the body. */
function basicCredentials(event: HttpEvent): { client_id: string; client_secret: string } | undefined {
  const encoded = /^Basic\s+(.+)$/i.exec(event.headers?.authorization ?? '')?.[1];
  if (!encoded) return undefined;
  const [id, ...rest] = Buffer.from(encoded, 'base64').toString('utf8').split(':');
  return id && rest.length
    ? { client_id: decodeURIComponent(id), client_secret: decodeURIComponent(rest.join(':')) }
    : undefined;
}

const routes = createHttpHandler('api-tokens', {
  'tokens.list': route({
    run: async ({ auth, rawQuery }) => {
      const request = parseCollectionQuery(rawQuery, { orders: [] });
      const [page, total] = await Promise.all([
        apiTokenRepository.page(auth.tenant, { page: request.page, itemsPerPage: request.itemsPerPage }),
        apiTokenRepository.count(auth.tenant),
      ]);
      return toCollection('/api/tokens', request, page.items.map(toApiToken), total);
    },
  }),
  'tokens.create': route({
    run: async ({ auth, body }) => {
      const role = credentialRole(auth.roles);
      if (!role) throw forbidden('Only users with a role can create API credentials.');
      const clientId = newClientId();
      const secret = newClientSecret();
      // Cognito first: if the table write fails, the hidden user is removed again and nothing remains.
      await createApiClientUser(auth.tenant, clientId, secret, role);
      let record: ApiTokenRecord;
      try {
        record = await createApiToken(
          auth.tenant,
          { name: body.name, client_id: clientId, role, created_by: auth.userId, created_at: new Date().toISOString() },
          await hashSecret(secret),
        );
      } catch (error) {
        await deleteApiClientUser(clientId);
        throw error;
      }
      // The only answer that ever carries the secret.
      return reply(201, { ...toApiToken(record), client_secret: secret });
    },
  }),
  'tokens.update': route({
    run: async ({ auth, body }) =>
      toApiToken(
        await apiTokenRepository.update(auth.tenant, body.id, body.version, ({ id: _id, version: _v, ...rest }) => ({
          ...rest,
          name: body.name,
        })),
      ),
  }),
  'tokens.revoke': route({
    run: async ({ auth, params }) => {
      const record = await apiTokenRepository.getOrThrow(auth.tenant, params.id);
      // The table first: from this moment the token endpoint and the API refuse the client.
      await deleteApiToken(auth.tenant, record);
      await deleteApiClientUser(record.client_id);
      return reply(204);
    },
  }),
  'tokens.issue': route({
    checksBody: true,
    run: async ({ body, event }) => {
      const input = validate(apiClientTokenRequestSchema, { ...(body as object), ...basicCredentials(event) });
      const client = await findApiClient(input.client_id);
      if (!client || !(await secretMatches(input.client_secret, client))) throw unauthorized(INVALID_CLIENT);
      return reply(200, await issueApiClientToken(input.client_id, input.client_secret, clientIp(event)), {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
      });
    },
  }),
  // The OpenAPI document for API clients (functions/lib/openapi/), public like the token endpoint.
  'docs.openapi': route({
    run: async () =>
      reply(200, openApiDocument(publicApiUrl()), {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'public, max-age=300',
      }),
  }),
});

/** The token endpoint takes application/x-www-form-urlencoded (OAuth 2.0) as well as JSON. */
function formAsJson(event: HttpEvent): HttpEvent {
  const type = event.headers?.['content-type'] ?? '';
  if (!/^application\/x-www-form-urlencoded/i.test(type) || !event.body) return event;
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  const body = JSON.stringify(Object.fromEntries(new URLSearchParams(text)));
  return { ...event, body, isBase64Encoded: false, headers: { ...event.headers, 'content-type': 'application/json' } };
}

export const handler = (event: HttpEvent, context: Context): Promise<APIGatewayProxyResultV2> =>
  routes(formAsJson(event), context);

import { Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type {
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyResultV2,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import type { z } from 'zod';
import { contractOf, type ROUTE_CONTRACTS } from '../../../shared/route-contracts';
import { findRouteByKey, type HandlerModule, type RouteDef, type RouteId } from '../../../shared/routes';
import { apiClientIdOf, isApiClientIdentity } from '../api-tokens/api-client-identity';
import { type AuditFacts, auditEntryOf, requestFactsOf } from '../audit/audit-entry';
import { recordAuditEntry } from '../audit/audit-log';
import { collectChanges } from '../audit/change-notes';
import { type AuthContext, assertAccess, authContextFromClaims, TENANT_HEADER } from '../auth/auth-context';
import { cognitoClientError } from '../auth/cognito-errors';
import { tenantFromHost } from '../auth/tenant-host';
import { withEffects } from '../effects/with-effects';
import { tracingMiddleware } from '../observability/tracing';
import { clientIp, ipSubject } from '../security/client-ip';
import { assertCameThroughEdge } from '../security/edge-origin';
import { API_CLIENT_BUCKET, ROUTE_THROTTLES } from '../security/limits';
import { enforce } from '../security/rate-limit';
import { takeToken } from '../security/token-bucket';
import { errorResponse } from './error-response';
import { HttpError, notFound, notImplemented } from './errors';
import { claimIdempotencyKey, idempotencyKeyOf } from './idempotency';
import { readJsonBody } from './json-body';
import { etagOf } from './preconditions';
import { type ParamsOf, type QueryOf, readParams, readQuery } from './route-input';
import { validate } from './validation';

export type HttpEvent = APIGatewayProxyEventV2WithJWTAuthorizer;

export interface HttpRequest<Body = unknown, Params = unknown, Query = unknown> {
  event: HttpEvent;
  route: RouteDef;
  /** The path parameters, validated by the stack (route-input.ts): ids are numbers. */
  params: Params;
  /** The query as its contract's schema reads it (route-input.ts), for the routes whose query the stack reads. */
  query: Query;
  /** The query string as sent: collections and exports parse it with their own spec. */
  rawQuery: string;
  body: Body;
  /** Present on every route that is not public. */
  auth: AuthContext;
  logger: Logger;
}

/** What an implementation returns: a plain value answers 200 JSON; `reply()` sets status and headers. */
export interface Reply {
  readonly __reply: true;
  statusCode: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** The body string is the base64 of binary bytes (a compressed answer); API Gateway sends the bytes. */
  isBase64Encoded?: boolean;
}
export const reply = (
  statusCode: number,
  body?: unknown,
  headers?: Record<string, string>,
  options: { isBase64Encoded?: boolean } = {},
): Reply => ({
  __reply: true,
  statusCode,
  body,
  headers,
  ...options,
});

interface RouteOptions {
  /** The route reads an upload itself (readUploadedFile on request.event), so no JSON parsing happens. */
  rawBody?: boolean;
}

type Run<Body, Params, Query> = (request: HttpRequest<Body, Params, Query>) => Promise<unknown>;
type QueryChecks<Body, Params, Query> =
  | { checksQuery?: false; run: Run<Body, Params, Query> }
  // The stack read no query: `query` is undefined, the route validates `rawQuery` itself.
  | { checksQuery: true; run: Run<Body, Params, Query | undefined> };

/**
 * One route's work. Its path parameters and query are already validated (route-input.ts), and the body it
 * receives against the route's `body` schema in shared/route-contracts.ts (422 with the schema's messages
 * otherwise), unless it says `checksBody` or `checksQuery`: then it validates the same shared schema itself, at
 * the moment it chooses (after a permission check, or against the stored entity), from the body or
 * `rawQuery` as sent.
 */
export type RouteImplementation<Body = unknown, Params = unknown, Query = unknown> = RouteOptions &
  (
    | ({ checksBody?: false } & QueryChecks<Body, Params, Query>)
    | ({ checksBody: true } & QueryChecks<unknown, Params, Query>)
  );

/** The validated body type of a route: the output of its contract's body schema. */
type BodyOf<Id extends RouteId> = (typeof ROUTE_CONTRACTS)[Id] extends { body: infer S extends z.ZodType }
  ? z.output<S>
  : unknown;

export type RouteImplementations = {
  [Id in RouteId]?: RouteImplementation<BodyOf<Id>, ParamsOf<Id>, QueryOf<Id>>;
};

export const route = <Body, Params, Query>(implementation: RouteImplementation<Body, Params, Query>) => implementation;

const JSON_HEADERS = { 'content-type': 'application/ld+json; charset=utf-8' };

/**
 * `ETag: "<version>"` on an answer that is one versioned entity (an `@id` and a numeric `version`), so a
 * client can send it back as `If-Match` (preconditions.ts); collections and other answers carry none.
 */
function etagHeader(statusCode: number, body: unknown): Record<string, string> {
  if (statusCode < 200 || statusCode > 299 || !body || typeof body !== 'object') return {};
  const { '@id': id, version } = body as { '@id'?: unknown; version?: unknown };
  return typeof id === 'string' && typeof version === 'number' ? { etag: etagOf(version) } : {};
}

function toResult(value: unknown): APIGatewayProxyStructuredResultV2 {
  const { statusCode, body, headers, isBase64Encoded } =
    value && typeof value === 'object' && '__reply' in value ? (value as Reply) : reply(200, value);
  return {
    statusCode,
    headers: { ...JSON_HEADERS, ...etagHeader(statusCode, body), ...headers },
    body: body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body),
    ...(isBase64Encoded ? { isBase64Encoded } : {}),
  };
}

/**
 * A write that answered 2xx goes into the tenant's audit log (functions/lib/audit/). The change is made by
 * then: an entry that cannot be written is logged as an error, never turned into a failed answer.
 */
async function auditWrite(
  request: HttpRequest,
  result: APIGatewayProxyStructuredResultV2,
  answer: unknown,
  written: Pick<AuditFacts, 'changes' | 'moreChanges'>,
) {
  const status = result.statusCode ?? 200;
  if (status < 200 || status > 299) return;
  const { event, route: routeDef, auth, logger } = request;
  const body = answer && typeof answer === 'object' && '__reply' in answer ? (answer as Reply).body : answer;
  const entry = auditEntryOf({
    ...requestFactsOf(event),
    route: routeDef,
    params: event.pathParameters ?? {},
    auth,
    status,
    answer: body,
    ...written,
  });
  await recordAuditEntry(auth.tenant, entry).catch((error) => logger.error('Audit entry not written', error));
}

/**
 * One middy stack wraps every HTTP handler module: structured logging with request id and tenant, tracing
 * (functions/lib/observability/), body parsing, the auth context from the verified JWT, the route
 * table's permission check, zod validation of path parameters, query and body (route-input.ts), and the error
 * handler last. A route of this module without an implementation answers 501.
 */
export function createHttpHandler(module: HandlerModule, implementations: RouteImplementations) {
  const logger = new Logger({ serviceName: `api-${module}` });

  const dispatch = async (event: HttpEvent, context: Context): Promise<APIGatewayProxyResultV2> => {
    logger.appendKeys({ requestId: event.requestContext.requestId, route: event.routeKey });
    const routeDef = findRouteByKey(event.routeKey);
    if (!routeDef || routeDef.handler !== module) throw notFound('No route found for this path.');
    assertCameThroughEdge(event);
    // Public routes are throttled per client address before any work (functions/lib/security/limits.ts).
    const throttle = ROUTE_THROTTLES[routeDef.id as RouteId];
    if (throttle) await enforce(throttle, ipSubject(clientIp(event)));
    // A public route has no authorizer on API Gateway, so it never has claims: ignore any, so that no handler
    // of a public route can come to rely on a caller's token (docs/aws-parity.md).
    const claims = event.requestContext.authorizer?.jwt?.claims;
    const auth =
      routeDef.access === 'public'
        ? undefined
        : await authContextFromClaims(
            claims,
            event.headers?.[TENANT_HEADER] ?? (await tenantFromHost(event.headers?.host)),
          );
    if (auth) logger.appendKeys({ tenant: auth.tenant.tenantId, userId: auth.userId });
    // An API credential spends from its own bucket on every route, whatever it calls.
    if (auth && isApiClientIdentity(auth)) await takeToken(API_CLIENT_BUCKET, apiClientIdOf(auth.username));
    assertAccess(routeDef.access, auth);
    const implementation = implementations[routeDef.id as RouteId] as RouteImplementation | undefined;
    const body = implementation?.rawBody ? undefined : readJsonBody(event);
    if (!implementation) throw notImplemented();
    // What the path names first (a malformed id is 422, a declared one refused 404), then the query, then the body.
    const params = readParams(routeDef, event.pathParameters ?? {});
    const rawQuery = event.rawQueryString ?? '';
    const query = implementation.checksQuery ? undefined : readQuery(routeDef, rawQuery);
    const bodySchema = implementation.checksBody ? undefined : contractOf(routeDef.id as RouteId).body;
    const request: HttpRequest = {
      event,
      route: routeDef,
      params,
      query,
      rawQuery,
      body: bodySchema ? validate(bodySchema, body) : body,
      auth: auth as AuthContext,
      logger,
    };
    logger.debug('dispatch', { remainingMs: context.getRemainingTimeInMillis?.() });
    const idempotencyKey = auth && contractOf(routeDef.id as RouteId).idempotent ? idempotencyKeyOf(event) : undefined;
    if (!idempotencyKey) return runAndAudit(implementation, request);
    // A send again with the same key answers as the first did, and nothing runs nor is audited twice.
    const claim = await claimIdempotencyKey(routeDef, event, request.auth, idempotencyKey);
    if (claim.replay) return claim.replay;
    const result = await runAndAudit(implementation, request).catch(async (error: unknown) => {
      await claim.release();
      throw error;
    });
    await claim.settle(result);
    return result;
  };

  const runAndAudit = async (implementation: RouteImplementation, request: HttpRequest) => {
    const { result: answer, ...written } = await collectChanges(() =>
      (implementation.run as Run<unknown, unknown, unknown>)(request),
    );
    const result = toResult(answer);
    if (request.auth && request.route.method !== 'GET') await auditWrite(request, result, answer, written);
    return result;
  };

  // The request's X-Ray segment; what its writes queued (live changes, webhook and bus events, metrics) leaves
  // when the answer is made, an error answer included (functions/lib/effects/).
  const stack = middy<HttpEvent, APIGatewayProxyResultV2>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(tracingMiddleware())
    .use({
      onError: async (request) => {
        // Cognito's refusals that are the caller's doing answer 4xx wherever they were met (one mapping).
        const error = cognitoClientError(request.error) ?? request.error;
        if (!(error instanceof HttpError)) logger.error('Unhandled error', error as Error);
        else if (error.status >= 500) logger.error('Server error', error);
        request.response = errorResponse(error);
      },
    })
    .handler(dispatch);
  return withEffects('http', (event: HttpEvent, context: Context) => stack(event, context));
}

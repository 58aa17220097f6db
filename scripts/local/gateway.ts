import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import path from 'node:path';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import { errorBody, MESSAGES } from '../../shared/errors';
import { matchRoute, pathExists, type RouteDef, routeKey } from '../../shared/routes';
import { HOST, localHttpServer } from './config';
import {
  exceedsLambdaResponseLimit,
  INTEGRATION_FAILED_BODY,
  INTEGRATION_TIMEOUT_BODY,
  integrationTimeoutOf,
  withinIntegrationTimeout,
} from './gateway-limits';

/** The header a test sets to act from another address; honoured only with `trustTestClientIp`. */
export const TEST_CLIENT_IP_HEADER = 'x-test-client-ip';

/** API Gateway's own payload limit (10 MB): bigger requests never reach a Lambda. */
const MAX_REQUEST_BYTES = 10 * 1024 * 1024;

export interface GatewayOptions {
  port: number;
  issuer: string;
  jwksUri: string;
  clientId: string;
  /** Further app clients whose ID tokens are accepted (API credentials), as the HTTP API's jwtAudience. */
  extraAudiences?: string[];
  /**
   * Further issuers of ID tokens: the local SSO stand-in signs its own (on AWS both sign-in paths end in tokens of
   * the user pool, so the JWT authorizer keeps one issuer). Same audience and token_use checks.
   */
  extraIssuers?: { issuer: string; jwksUri: string }[];
  /**
   * Only in a stack the test harness starts: the client address of a request is taken from TEST_CLIENT_IP_HEADER,
   * so tests can act as many people (limits per address, docs/security.md). Never on AWS, where the address is
   * API Gateway's; off for `npm start`.
   */
  trustTestClientIp?: boolean;
  /** Origins allowed by CORS (the console). */
  allowedOrigins: string[];
  log?: (line: string) => void;
  /** Only for tests that need to see the 503 sooner: shorter than the HTTP API's 30 s, never longer. */
  integrationTimeoutMs?: number;
}

type Handler = (event: APIGatewayProxyEventV2WithJWTAuthorizer, context: Context) => Promise<APIGatewayProxyResultV2>;

/** Claims as API Gateway's JWT authorizer forwards them: every value a string, arrays as "[a b]". */
export function flattenClaims(payload: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(payload).map(([key, value]) => [
      key,
      Array.isArray(value) ? `[${value.join(' ')}]` : typeof value === 'object' ? JSON.stringify(value) : String(value),
    ]),
  );
}

/**
 * The local API Gateway: serves the route table, verifies bearer JWTs against the Cognito-compatible
 * server's JWKS (issuer, audience, expiry, token use) as the HTTP API's JWT authorizer does, turns requests
 * into HTTP API (payload 2.0) events and invokes the same handler modules CDK deploys.
 */
export async function startGateway(options: GatewayOptions) {
  const issuers = [{ issuer: options.issuer, jwksUri: options.jwksUri }, ...(options.extraIssuers ?? [])];
  const verifier = JwtRsaVerifier.create(
    issuers.map(({ issuer, jwksUri }) => ({
      issuer,
      audience: [options.clientId, ...(options.extraAudiences ?? [])],
      jwksUri,
      customJwtCheck: ({ payload }: { payload: Record<string, unknown> }) => {
        if (payload.token_use !== 'id') throw new Error('Only ID tokens are accepted');
      },
    })),
  );
  // aws-jwt-verify fetches JWKS over https only; the local issuers are plain http, so load the keys here.
  for (const { issuer, jwksUri } of issuers) {
    const jwks = (await (await fetch(jwksUri)).json()) as Parameters<typeof verifier.cacheJwks>[0];
    verifier.cacheJwks(jwks, issuer);
  }
  const timeoutMs = integrationTimeoutOf(options.integrationTimeoutMs);
  const handlers = new Map<string, Promise<Handler>>();
  const loadHandler = (module: string) => {
    if (!handlers.has(module)) {
      const file = path.resolve(__dirname, '../../functions/http', `${module}.ts`);
      handlers.set(
        module,
        import(file).then((m: { handler?: Handler; default?: { handler?: Handler } }) => {
          const handler = m.handler ?? m.default?.handler;
          if (!handler) throw new Error(`${file} exports no handler`);
          return handler;
        }),
      );
    }
    return handlers.get(module) as Promise<Handler>;
  };

  const server = localHttpServer((req, res) => {
    const started = Date.now();
    handle(req, res)
      .catch((error: unknown) => {
        console.error('gateway error', error);
        send(res, 500, errorBody(500, MESSAGES.internal));
      })
      .finally(() => options.log?.(`${req.method} ${req.url} ${res.statusCode} ${Date.now() - started}ms`));
  });

  function cors(req: IncomingMessage, res: ServerResponse) {
    const origin = req.headers.origin;
    if (origin && options.allowedOrigins.includes(origin)) {
      res.setHeader('access-control-allow-origin', origin);
      res.setHeader('vary', 'origin');
      res.setHeader(
        'access-control-allow-headers',
        'authorization,content-type,if-match,if-none-match,idempotency-key,x-tenant-id',
      );
      res.setHeader('access-control-allow-methods', 'GET,POST,PUT,PATCH,DELETE,OPTIONS');
      res.setHeader('access-control-max-age', '600');
      // Response headers the console reads (as infra/constructs/route-table-api.ts exposes them on AWS).
      res.setHeader('access-control-expose-headers', 'content-disposition,x-total-exact,etag');
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    cors(req, res);
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? HOST}`);
    if (req.method === 'OPTIONS') return send(res, 204);
    const match = matchRoute(req.method ?? 'GET', url.pathname);
    if (!match) {
      const status = pathExists(url.pathname) ? 405 : 404;
      return send(
        res,
        status,
        errorBody(status, status === 404 ? 'No route found for this path.' : 'Method Not Allowed'),
      );
    }
    const body = await readBody(req);
    if (body === 'too-large') return send(res, 413, errorBody(413, MESSAGES.bodyTooLarge));
    // A public route has no authorizer on AWS: its handler gets no claims, even with a valid token sent along.
    let claims: Record<string, string> | undefined;
    if (match.route.access !== 'public') {
      const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1];
      if (!bearer) return refuseAsAuthorizer(res);
      try {
        claims = flattenClaims((await verifier.verify(bearer)) as Record<string, unknown>);
      } catch (error) {
        return refuseAsAuthorizer(res, error);
      }
    }
    const event = toEvent(req, url, match.route, match.pathParameters, body, claims, options.trustTestClientIp);
    const handler = await loadHandler(match.route.handler);
    const context = lambdaContext(match.route.handler, event.requestContext.requestId, timeoutMs);
    const result = await withinIntegrationTimeout(handler(event, context), timeoutMs);
    // API Gateway's own answers when the integration fails: JSON, not the API's Hydra errors (docs/aws-parity.md).
    if (result === 'timeout') return sendJson(res, 503, INTEGRATION_TIMEOUT_BODY);
    if (exceedsLambdaResponseLimit(result)) {
      console.error(`gateway: ${match.route.id} answered over Lambda's 6 MB response limit`);
      return sendJson(res, 502, INTEGRATION_FAILED_BODY);
    }
    const structured =
      typeof result === 'object' && result !== null ? result : { statusCode: 200, body: JSON.stringify(result) };
    const payload = structured.isBase64Encoded ? Buffer.from(structured.body ?? '', 'base64') : (structured.body ?? '');
    res.writeHead(structured.statusCode ?? 200, { ...(structured.headers as Record<string, string>) });
    res.end(payload);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, HOST, () => resolve());
  });
  return {
    url: `http://${HOST}:${options.port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * API Gateway's JWT authorizer refuses before any Lambda runs, in its own shape rather than the API's error
 * format: 401, `{"message":"Unauthorized"}` as application/json and, for a token it could read, a
 * www-authenticate challenge naming the reason (AWS "Troubleshooting issues with HTTP API JWT authorizers";
 * docs/aws-parity.md). Without a token AWS sends no challenge that its documentation shows, so none is sent.
 */
export const AUTHORIZER_REFUSAL_BODY = '{"message":"Unauthorized"}';

function refuseAsAuthorizer(res: ServerResponse, error?: unknown) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (error !== undefined) {
    const text = error instanceof Error ? `${error.name} ${error.message}` : '';
    const reason = /expired/i.test(text)
      ? ' error_description="the token has expired"'
      : /audience/i.test(text)
        ? ' error_description="the token does not have a valid audience"'
        : '';
    headers['www-authenticate'] = `Bearer scope="" error="invalid_token"${reason}`;
  }
  res.writeHead(401, headers);
  res.end(AUTHORIZER_REFUSAL_BODY);
}

function send(res: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, body === undefined ? headers : { 'content-type': 'application/problem+json', ...headers });
  res.end(body === undefined ? undefined : JSON.stringify(body));
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_REQUEST_BYTES) return 'too-large';
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

const TEXT_TYPES = /^(text\/|application\/(.*\+)?json|application\/x-www-form-urlencoded)/i;

function toEvent(
  req: IncomingMessage,
  url: URL,
  route: RouteDef,
  pathParameters: Record<string, string>,
  body: Buffer,
  claims: Record<string, string> | undefined,
  trustTestClientIp = false,
): APIGatewayProxyEventV2WithJWTAuthorizer {
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[key.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  // Handlers never see the test header, as they would never see it on AWS either.
  const testClientIp = headers[TEST_CLIENT_IP_HEADER];
  delete headers[TEST_CLIENT_IP_HEADER];
  const sourceIp =
    trustTestClientIp && testClientIp && isIP(testClientIp) ? testClientIp : (req.socket.remoteAddress ?? HOST);
  const query: Record<string, string> = {};
  for (const [key, value] of url.searchParams) query[key] = key in query ? `${query[key]},${value}` : value;
  const isText = body.length === 0 || TEXT_TYPES.test(headers['content-type'] ?? 'application/json');
  const now = new Date();
  return {
    version: '2.0',
    routeKey: routeKey(route),
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    cookies: headers.cookie?.split(/;\s*/),
    headers,
    queryStringParameters: url.search ? query : undefined,
    pathParameters: Object.keys(pathParameters).length ? pathParameters : undefined,
    body: body.length === 0 ? undefined : isText ? body.toString('utf8') : body.toString('base64'),
    isBase64Encoded: !isText,
    stageVariables: undefined,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? HOST,
      domainPrefix: (headers.host ?? HOST).split('.')[0] ?? '',
      http: {
        method: req.method ?? 'GET',
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: routeKey(route),
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
      authorizer: { principalId: '', integrationLatency: 0, jwt: { claims: claims ?? {}, scopes: [] } },
    },
  } as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;
}

function lambdaContext(functionName: string, requestId: string, timeoutMs: number): Context {
  const deadline = Date.now() + Math.max(timeoutMs - 1_000, 0);
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => deadline - Date.now(),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { type WebSocket, WebSocketServer } from 'ws';
import type { RawClaims } from '../../functions/lib/auth/claims';
import { authorizeLive, bareToken, type LiveOperation } from '../../functions/lib/live/authorize';
import type { SigningCredentials } from '../../functions/lib/live/sigv4';
import { APPSYNC_MAX_SUBSCRIPTIONS_PER_CONNECTION, isAppSyncChannel } from '../../shared/schemas/live';
import { type PublishRefusal, UNAUTHORIZED, validatePublish, verifyPublisher } from './appsync-events-publish';
import { HOST, localHttpServer } from './config';
import type { Service } from './services';

/** As AppSync Events: the client closes a connection that hears nothing (no `ka`) for this long. */
export const CONNECTION_TIMEOUT_MS = 300_000;
const KEEP_ALIVE_MS = Number(process.env.LIVE_KEEP_ALIVE_MS ?? 60_000);
const WS_PROTOCOL = 'aws-appsync-event-ws';
const MAX_BODY_BYTES = 2 * 1024 * 1024;

export interface AppSyncEventsOptions {
  port: number;
  region: string;
  /** The backend's credentials: the only ones a publish may be signed with. */
  publisherCredentials: SigningCredentials;
  /** Issuers of the console's ID tokens (the Cognito stand-in; the SSO stand-in) and the console's app client. */
  issuers: { issuer: string; jwksUri: string }[];
  clientId: string;
}

type ErrorType = 'UnauthorizedException' | 'BadRequestException' | 'LimitExceededException' | 'UnsupportedOperation';
const errors = (errorType: ErrorType, message: string) => [{ errorType, message }];

/** header-<base64url JSON> subprotocol: the connect's headers (host, Authorization), as amplify sends them. */
function connectHeaders(protocols: Set<string>): Record<string, unknown> | undefined {
  const header = [...protocols].find((p) => p.startsWith('header-'));
  if (!header) return undefined;
  try {
    return JSON.parse(Buffer.from(header.slice('header-'.length), 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * The local AppSync Events API: the realtime WebSocket protocol at /event/realtime (`connection_init`
 * -> `connection_ack`, `ka`, `subscribe` -> `subscribe_success` | `subscribe_error`, `data`, `unsubscribe`) and the
 * HTTP publish at POST /event, with the same decisions as AWS: connect and subscribe by the console's ID token
 * through the same authorizer code as the AWS Lambda authorizer, publish only SigV4-signed by the backend.
 * Not kinder than AWS: a refused subscribe is a subscribe_error, an expiring token closes the connection.
 */
export async function startAppSyncEvents(options: AppSyncEventsOptions): Promise<Service & { publishUrl: string }> {
  const verifier = JwtRsaVerifier.create(
    options.issuers.map(({ issuer, jwksUri }) => ({
      issuer,
      audience: options.clientId,
      jwksUri,
      customJwtCheck: ({ payload }: { payload: Record<string, unknown> }) => {
        if (payload.token_use !== 'id') throw new Error('Only ID tokens are accepted');
      },
    })),
  );
  // aws-jwt-verify fetches JWKS over https only; the local issuers are plain http (as the local gateway does).
  for (const { issuer, jwksUri } of options.issuers) {
    const jwks = (await (await fetch(jwksUri)).json()) as Parameters<typeof verifier.cacheJwks>[0];
    verifier.cacheJwks(jwks, issuer);
  }
  const verify = async (authorization: unknown): Promise<RawClaims | undefined> => {
    const token = bareToken(authorization);
    if (!token) return undefined;
    try {
      return (await verifier.verify(token)) as unknown as RawClaims;
    } catch {
      return undefined;
    }
  };
  const authorized = async (authorization: unknown, operation: LiveOperation, channel?: string) => {
    const claims = await verify(authorization);
    return claims ? { ok: await authorizeLive({ claims, operation, channel }).catch(() => false), claims } : undefined;
  };

  /** channel -> the subscriptions on it (socket and the client's subscription id). */
  const subscribers = new Map<string, Map<WebSocket, Set<string>>>();
  const fanOut = (channel: string, events: string[]) => {
    for (const [socket, ids] of subscribers.get(channel) ?? []) {
      for (const id of ids) for (const event of events) socket.send(JSON.stringify({ type: 'data', id, event }));
    }
  };

  const wss = new WebSocketServer({
    noServer: true,
    // Client messages are control messages (subscribe, unsubscribe): a frame this big is an attack, not a client.
    maxPayload: 64 * 1024,
    handleProtocols: (protocols) => (protocols.has(WS_PROTOCOL) ? WS_PROTOCOL : false),
  });
  wss.on('connection', (socket: WebSocket, _req: IncomingMessage, headers: Record<string, unknown> | undefined) =>
    serveConnection(socket, headers),
  );

  function serveConnection(socket: WebSocket, headers: Record<string, unknown> | undefined) {
    const own = new Map<string, string>(); // subscription id -> channel
    let initialized = false;
    let keepAlive: NodeJS.Timeout | undefined;
    let expiry: NodeJS.Timeout | undefined;
    const send = (message: object) => socket.readyState === socket.OPEN && socket.send(JSON.stringify(message));
    const drop = (id: string) => {
      const channel = own.get(id);
      if (!channel) return;
      own.delete(id);
      const ids = subscribers.get(channel)?.get(socket);
      ids?.delete(id);
      if (ids?.size === 0) subscribers.get(channel)?.delete(socket);
    };
    socket.on('close', () => {
      clearInterval(keepAlive);
      clearTimeout(expiry);
      for (const id of [...own.keys()]) drop(id);
    });
    // Nothing but connection_init within the timeout: AppSync closes such a connection too.
    const initTimer = setTimeout(() => !initialized && socket.close(1000), CONNECTION_TIMEOUT_MS);
    socket.on('message', (raw) => {
      let message: { type?: unknown; id?: unknown; channel?: unknown; authorization?: Record<string, unknown> };
      try {
        message = JSON.parse(String(raw));
      } catch {
        return send({ type: 'error', errors: errors('BadRequestException', 'Invalid JSON message.') });
      }
      void handle(message);
    });

    async function handle(message: {
      type?: unknown;
      id?: unknown;
      channel?: unknown;
      authorization?: Record<string, unknown>;
    }) {
      const id = typeof message.id === 'string' ? message.id : undefined;
      if (message.type === 'connection_init') {
        const decision = await authorized(headers?.Authorization ?? headers?.authorization, 'EVENT_CONNECT');
        if (!decision?.ok) {
          send({
            type: 'connection_error',
            errors: errors('UnauthorizedException', 'You are not authorized to make this call.'),
          });
          return socket.close(1000);
        }
        initialized = true;
        clearTimeout(initTimer);
        send({ type: 'connection_ack', connectionTimeoutMs: CONNECTION_TIMEOUT_MS });
        keepAlive = setInterval(() => send({ type: 'ka' }), KEEP_ALIVE_MS);
        // The connection lives no longer than the token it was opened with (a fresh token reconnects).
        const exp = Number(decision.claims.exp) * 1000;
        const closeExpired = () => {
          send({ type: 'error', errors: errors('UnauthorizedException', 'Token expired') });
          socket.close(1000, 'Token expired');
        };
        expiry = setTimeout(closeExpired, Math.max(0, Math.min(exp - Date.now(), 2 ** 31 - 1)));
        return;
      }
      if (!initialized)
        return send({ type: 'error', errors: errors('BadRequestException', 'Connection not initialized.') });
      if (message.type === 'subscribe') return subscribe(id, message.channel, message.authorization);
      if (message.type === 'unsubscribe') {
        if (!id || !own.has(id))
          return send({
            type: 'unsubscribe_error',
            id,
            errors: errors('BadRequestException', 'Unknown subscription id.'),
          });
        drop(id);
        return send({ type: 'unsubscribe_success', id });
      }
      if (message.type === 'publish')
        // The namespace publishes with AWS_IAM only: never with a user's token over the socket.
        return send({
          type: 'publish_error',
          id,
          errors: errors('UnauthorizedException', 'You are not authorized to make this call.'),
        });
      send({
        type: 'error',
        id,
        errors: errors('UnsupportedOperation', `Unsupported message type: ${String(message.type)}`),
      });
    }

    async function subscribe(
      id: string | undefined,
      channel: unknown,
      authorization: Record<string, unknown> | undefined,
    ) {
      if (!id || id.length > 128 || own.has(id))
        return send({ type: 'subscribe_error', id, errors: errors('BadRequestException', 'Invalid subscription id.') });
      if (typeof channel !== 'string' || !isAppSyncChannel(channel, true))
        return send({ type: 'subscribe_error', id, errors: errors('BadRequestException', 'Invalid channel path.') });
      if (own.size >= APPSYNC_MAX_SUBSCRIPTIONS_PER_CONNECTION)
        return send({
          type: 'subscribe_error',
          id,
          errors: errors('LimitExceededException', 'Too many subscriptions.'),
        });
      const decision = await authorized(
        authorization?.Authorization ?? authorization?.authorization,
        'EVENT_SUBSCRIBE',
        channel,
      );
      if (!decision?.ok)
        return send({
          type: 'subscribe_error',
          id,
          errors: errors('UnauthorizedException', 'You are not authorized to make this call.'),
        });
      if (socket.readyState !== socket.OPEN || own.has(id)) return;
      own.set(id, channel);
      if (!subscribers.has(channel)) subscribers.set(channel, new Map());
      const ids = subscribers.get(channel)?.get(socket) ?? new Set<string>();
      ids.add(id);
      subscribers.get(channel)?.set(socket, ids);
      send({ type: 'subscribe_success', id });
    }
  }

  const server = localHttpServer((req, res) => {
    servePublish(req, res).catch(() => reply(res, { status: 500, body: { errors: [] } }));
  });
  async function servePublish(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? HOST}`);
    if (url.pathname !== '/event')
      return reply(res, { status: 404, body: { errors: errors('BadRequestException', 'Not found.') } });
    if (req.method !== 'POST')
      return reply(res, { status: 405, body: { errors: errors('BadRequestException', 'Only POST publishes.') } });
    const body = await readBody(req);
    if (body === undefined)
      return reply(res, { status: 413, body: { errors: errors('BadRequestException', 'Request too large.') } });
    if (!(await verifyPublisher(req, url, body, options.publisherCredentials, options.region)))
      return reply(res, UNAUTHORIZED());
    const valid = validatePublish(body);
    if ('status' in valid) return reply(res, valid);
    fanOut(valid.channel, valid.events);
    const successful = valid.events.map((_, index) => ({ identifier: randomUUID(), index }));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ failed: [], successful }));
  }
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', `http://${HOST}`);
    if (url.pathname !== '/event/realtime') return socket.destroy();
    const protocols = new Set(
      String(req.headers['sec-websocket-protocol'] ?? '')
        .split(',')
        .map((p) => p.trim()),
    );
    const headers = connectHeaders(protocols);
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req, headers));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, HOST, resolve);
  });
  const url = `http://${HOST}:${options.port}`;
  return {
    name: 'AppSync Events (live push)',
    url,
    publishUrl: `${url}/event`,
    stop: async () => {
      for (const client of wss.clients) client.terminate();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function reply(res: ServerResponse, refusal: PublishRefusal) {
  res.writeHead(refusal.status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(refusal.body));
}

async function readBody(req: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

import { EventEmitter } from 'node:events';
import type http from 'node:http';
import type { RelayedAnswer } from './dynamo-capacity-answers';

/**
 * The DynamoDB front (dynamo-transactions.ts) and dynalite live in one process, so the front hands dynalite a
 * request as its HTTP handler receives one instead of sending it over a socket: an HTTP round trip per
 * operation (the client's fetch, both sides' parsing) was about a fifth of this process's time in a test run.
 * The handlers of the stack still reach the front over HTTP, so what they see is unchanged.
 */
export interface DynaliteChannel {
  /** One request as dynalite's HTTP handler takes it, answered as it answers. */
  call(request: { method: string; url: string; headers: Record<string, string>; body: Buffer }): Promise<RelayedAnswer>;
  /** The same channel as an AWS SDK request handler, for the front's own reads and writes. */
  sdkHandler: {
    handle(
      request: SdkRequest,
    ): Promise<{ response: { statusCode: number; headers: Record<string, string>; body: Buffer } }>;
    destroy(): void;
  };
}

/** What the SDK hands a request handler (@smithy/protocol-http's HttpRequest, of which these parts are read). */
interface SdkRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

type RequestListener = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/**
 * The parts of a request dynalite's handler reads: method, url, headers, and the body as 'data' and 'end'
 * events after it has subscribed (it does so synchronously).
 */
function requestOf(request: { method: string; url: string; headers: Record<string, string>; body: Buffer }) {
  const headers = Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value]),
  );
  const emitter = Object.assign(new EventEmitter(), { method: request.method, url: request.url, headers });
  process.nextTick(() => {
    if (request.body.length > 0) emitter.emit('data', request.body);
    emitter.emit('end');
  });
  return emitter;
}

/** The parts of a response dynalite's handler writes: status, headers and one `end` with the whole body. */
function responseOf(resolve: (answer: RelayedAnswer) => void) {
  const headers: Record<string, string> = {};
  const response = {
    statusCode: 200,
    contentType: undefined as string | undefined,
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    end(body?: string | Buffer) {
      resolve({ status: response.statusCode, headers, body: Buffer.from(body ?? '') });
    },
  };
  return response;
}

export function dynaliteChannel(server: http.Server): DynaliteChannel {
  const handler = server.listeners('request')[0] as RequestListener;
  const call: DynaliteChannel['call'] = (request) =>
    new Promise((resolve) => {
      const response = responseOf(resolve);
      handler(requestOf(request) as unknown as http.IncomingMessage, response as unknown as http.ServerResponse);
    });
  const sdkHandler: DynaliteChannel['sdkHandler'] = {
    async handle(request) {
      const body = typeof request.body === 'string' ? Buffer.from(request.body) : Buffer.from(request.body ?? '');
      const answer = await call({ method: request.method, url: request.path, headers: request.headers, body });
      // The SDK takes any object of this shape as a response (HttpResponse.isInstance is a shape check).
      return { response: { statusCode: answer.status, headers: answer.headers, body: answer.body } };
    },
    destroy() {},
  };
  return { call, sdkHandler };
}

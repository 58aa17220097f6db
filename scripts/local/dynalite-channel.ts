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
  /**
   * One DynamoDB operation in DynamoDB's own JSON, for the front's reads and writes: the answer's body, or a throw
   * of an Error named as DynamoDB names the failure (ConditionalCheckFailedException, ValidationException...).
   */
  send<T = Record<string, unknown>>(operation: string, input: object): Promise<T>;
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
  // The operations the front sends itself skip the AWS SDK: its serialising, signing and middleware were a
  // tenth of this process's time, for requests that are DynamoDB JSON already and are never signed-checked.
  const send: DynaliteChannel['send'] = async (operation, input) => {
    const answer = await call({
      method: 'POST',
      url: '/',
      headers: {
        'content-type': 'application/x-amz-json-1.0',
        'x-amz-target': `DynamoDB_20120810.${operation}`,
        'x-amz-date': '20260101T000000Z',
        authorization:
          'AWS4-HMAC-SHA256 Credential=local/20260101/eu-west-1/dynamodb/aws4_request, SignedHeaders=host, Signature=local',
      },
      body: Buffer.from(JSON.stringify(input)),
    });
    const body = JSON.parse(answer.body.toString('utf8'));
    if (answer.status === 200) return body;
    const failure = new Error(body.message ?? body.Message ?? String(body.__type));
    failure.name = String(body.__type ?? 'UnknownError')
      .split('#')
      .pop() as string;
    throw failure;
  };
  return { call, send };
}

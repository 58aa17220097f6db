import type { IncomingMessage } from 'node:http';
import { type SigningCredentials, signAppSyncRequest } from '../../functions/lib/live/sigv4';
import {
  APPSYNC_EVENT_MAX_BYTES,
  APPSYNC_PUBLISH_MAX_EVENTS,
  isAppSyncChannel,
  LIVE_NAMESPACE,
} from '../../shared/schemas/live';

/** AppSync's error answer: `{"errors":[{"errorType","message"}]}` with the HTTP status. */
export interface PublishRefusal {
  status: number;
  body: { errors: { errorType: string; message: string }[] };
}
const refusal = (status: number, errorType: string, message: string): PublishRefusal => ({
  status,
  body: { errors: [{ errorType, message }] },
});
export const UNAUTHORIZED = (message = 'You are not authorized to make this call.') =>
  refusal(401, 'UnauthorizedException', message);

/** How far a signature's x-amz-date may be from now (AWS allows 15 minutes; so does the stand-in). */
const SIGNATURE_SKEW_MS = 15 * 60_000;

/**
 * Publishing is AWS_IAM only (the backend's Lambdas; docs/decisions/0258-live-push-with-appsync-events-channels-lambda-authorizer-iam-publish.md): the request
 * must carry a SigV4 signature for service `appsync` made with the backend's credentials. The stand-in re-signs
 * what it received with the local credentials and compares; a browser's bearer token, an API key, a signature
 * by other keys, an old date or a changed body is 401 as on AWS.
 */
export async function verifyPublisher(
  req: IncomingMessage,
  url: URL,
  body: string,
  credentials: SigningCredentials,
  region: string,
): Promise<boolean> {
  const authorization = req.headers.authorization ?? '';
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/\d{8}\/([^/]+)\/appsync\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=[0-9a-f]{64}$/.exec(
      authorization,
    );
  if (!match || match[1] !== credentials.accessKeyId || match[2] !== region) return false;
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const date = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!date) return false;
  const [y, mo, d, h, mi, se] = date.slice(1).map(Number) as [number, number, number, number, number, number];
  const signingDate = new Date(Date.UTC(y, mo - 1, d, h, mi, se));
  if (Math.abs(Date.now() - signingDate.getTime()) > SIGNATURE_SKEW_MS) return false;
  const signedHeaders = (match[3] as string).split(';');
  if (!signedHeaders.includes('host')) return false;
  const headers: Record<string, string> = {};
  for (const name of signedHeaders) {
    if (name === 'host' || name === 'x-amz-date') continue;
    const value = req.headers[name];
    if (value === undefined) return false;
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const expected = await signAppSyncRequest(
    {
      method: req.method ?? 'POST',
      url: new URL(url.pathname + url.search, `http://${req.headers.host}`),
      headers,
      body,
    },
    credentials,
    region,
    signingDate,
  );
  return expected.authorization === authorization;
}

export interface ValidPublish {
  channel: string;
  events: string[];
}

/**
 * The body AppSync's HTTP publish takes: `{channel, events}` with 1–5 events, each a string holding valid JSON
 * of at most 240 KB, to a channel (no wildcard) of an existing namespace. Anything else is refused as AWS does.
 */
export function validatePublish(body: string): ValidPublish | PublishRefusal {
  let parsed: { channel?: unknown; events?: unknown };
  try {
    parsed = JSON.parse(body) as typeof parsed;
  } catch {
    return refusal(400, 'BadRequestException', 'Invalid request body: not JSON.');
  }
  const { channel, events } = parsed ?? {};
  if (typeof channel !== 'string' || !isAppSyncChannel(channel))
    return refusal(400, 'BadRequestException', 'Invalid channel path.');
  if (channel.split('/')[1] !== LIVE_NAMESPACE)
    return refusal(404, 'NotFoundException', `Channel namespace not found: ${channel.split('/')[1]}`);
  if (!Array.isArray(events) || events.length === 0)
    return refusal(400, 'BadRequestException', 'At least one event is required.');
  if (events.length > APPSYNC_PUBLISH_MAX_EVENTS)
    return refusal(
      400,
      'BadRequestException',
      `At most ${APPSYNC_PUBLISH_MAX_EVENTS} events can be published at once.`,
    );
  for (const event of events) {
    if (typeof event !== 'string') return refusal(400, 'BadRequestException', 'Each event must be a JSON string.');
    if (Buffer.byteLength(event) > APPSYNC_EVENT_MAX_BYTES)
      return refusal(400, 'BadRequestException', 'Event exceeds the maximum size of 240 KB.');
    try {
      JSON.parse(event);
    } catch {
      return refusal(400, 'BadRequestException', 'Each event must be a valid JSON value.');
    }
  }
  return { channel, events: events as string[] };
}

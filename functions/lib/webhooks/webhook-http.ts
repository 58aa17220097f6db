import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkWebhookUrl, type ResolvedAddress, type UrlCheck, type UrlCheckOptions } from './webhook-url';

/** One attempt's bounds: the receiver gets 10 s to answer, and at most 64 KB of its answer is read. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** getaddrinfo has no timeout of its own: a name whose servers do not answer must not hold a save or an attempt. */
const LOOKUP_TIMEOUT_MS = 5_000;

async function resolveAll(host: string) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('DNS lookup timed out')), LOOKUP_TIMEOUT_MS);
  });
  try {
    const entries = await Promise.race([dnsLookup(host, { all: true, verbatim: true }), timeout]);
    return entries.map((entry) => ({
      address: entry.address,
      family: entry.family === 6 ? (6 as const) : (4 as const),
    }));
  } finally {
    clearTimeout(timer);
  }
}
const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * The URL check's settings from the environment. http:// and the local receiver name are the local stack's
 * (scripts/local/config.ts); a Lambda on AWS (AWS_EXECUTION_ENV is set there) ignores both, whatever it is given.
 */
export function urlCheckOptions(): UrlCheckOptions {
  const onAws = Boolean(process.env.AWS_EXECUTION_ENV);
  const receiver = process.env.WEBHOOK_LOCAL_RECEIVER_HOST?.toLowerCase();
  return {
    allowHttp: !onAws && process.env.WEBHOOK_ALLOW_HTTP === 'true',
    localReceiverHost: !onAws && receiver?.endsWith('.localhost') ? receiver : undefined,
    lookup: resolveAll,
  };
}

export const checkUrl = (url: string): Promise<UrlCheck> => checkWebhookUrl(url, urlCheckOptions());

export interface PostResult {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/** Connects to the checked address whatever the name resolves to by now; TLS still checks the name. */
const pinnedLookup =
  (address: ResolvedAddress): LookupFunction =>
  (_host, options, callback) => {
    if ((options as { all?: boolean }).all) callback(null, [address] as never);
    else callback(null, address.address, address.family);
  };

/**
 * POSTs the body (JSON unless the headers name another content type: the push sender's encrypted octets);
 * never follows a redirect (a 3xx is a failed attempt) and never throws.
 */
export function postWebhook(
  url: URL,
  address: ResolvedAddress,
  headers: Record<string, string>,
  body: string | Buffer,
): Promise<PostResult> {
  const started = Date.now();
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (statusCode: number | null, error: string | null) => {
      if (settled) return;
      settled = true;
      resolve({ statusCode, error, durationMs: Date.now() - started });
    };
    const request = send(url, {
      method: 'POST',
      lookup: pinnedLookup(address),
      headers: {
        'content-type': 'application/json',
        ...headers,
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'Tracking-Webhooks/1.0',
      },
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    request.on('response', (response) => {
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        // The answer is not needed beyond its status: stop reading a receiver that sends too much.
        if (read > MAX_RESPONSE_BYTES) response.destroy();
      });
      const status = response.statusCode ?? null;
      response.on('end', () => finish(status, null));
      response.on('close', () => finish(status, null));
      response.on('error', () => finish(status, null));
    });
    request.on('error', (error) => {
      const timedOut = error.name === 'AbortError' || error.name === 'TimeoutError';
      finish(
        null,
        timedOut ? `No answer within ${WEBHOOK_TIMEOUT_MS / 1000} s` : `Connection failed: ${error.message}`,
      );
    });
    request.end(body);
  });
}

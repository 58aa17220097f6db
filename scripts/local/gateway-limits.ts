/**
 * The AWS limits between API Gateway (HTTP API) and a Lambda that the local gateway enforces, so an answer that
 * would fail on AWS fails locally too (docs/aws-parity.md). The bodies are API Gateway's own, not
 * the API's Hydra errors: on AWS the handler never gets to shape them.
 */

/**
 * Lambda's synchronous (BUFFERED) response payload limit, 6 MB, as Lambda counts it: the serialized proxy
 * result (statusCode, headers, body as a JSON string), so a JSON body is counted again with its escapes.
 */
export const LAMBDA_RESPONSE_LIMIT_BYTES = 6_291_556;

/** HTTP API's maximum integration timeout (not adjustable); the HTTP API answers 503 when it passes. */
export const INTEGRATION_TIMEOUT_MS = 30_000;

/** What API Gateway answers when the integration fails, e.g. Lambda refused an oversized response. */
export const INTEGRATION_FAILED_BODY = { message: 'Internal Server Error' } as const;

/** What the HTTP API answers when the integration did not answer within its timeout. */
export const INTEGRATION_TIMEOUT_BODY = { message: 'Service Unavailable' } as const;

/** The bytes Lambda counts against LAMBDA_RESPONSE_LIMIT_BYTES for a handler's result. */
export function proxyResultBytes(result: unknown): number {
  return Buffer.byteLength(JSON.stringify(result ?? null), 'utf8');
}

export const exceedsLambdaResponseLimit = (result: unknown) => proxyResultBytes(result) > LAMBDA_RESPONSE_LIMIT_BYTES;

/**
 * The timeout a gateway uses: tests may ask for a shorter one (to see the 503 without waiting 30 s), never a
 * longer one, as AWS allows none.
 */
export function integrationTimeoutOf(requested?: number): number {
  if (requested === undefined) return INTEGRATION_TIMEOUT_MS;
  if (!Number.isFinite(requested) || requested <= 0) throw new Error(`integration timeout ${requested} ms`);
  return Math.min(requested, INTEGRATION_TIMEOUT_MS);
}

/**
 * The handler's result, or 'timeout' once `ms` passed first. The handler keeps running (a Lambda does too,
 * until its own timeout), but its late answer is dropped as API Gateway drops it.
 */
export async function withinIntegrationTimeout<T>(work: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

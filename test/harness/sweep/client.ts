import { TEST_CLIENT_IP_HEADER, testFileClientIp } from '../client-ip';
import { checkAnswer } from '../contract';
import { readStack } from '../stack';

/**
 * The sweeps' HTTP client: raw requests to the local gateway (the body as text, so a sweep can send what no
 * JSON encoder would), redirects not followed (a 302 is an answer), and a count of what was sent.
 */
export interface SweepRequest {
  method: string;
  path: string;
  token?: string;
  /** Sent as is; content-type application/json unless headers say otherwise. */
  body?: string;
  headers?: Record<string, string>;
}

export interface SweepResponse {
  status: number;
  text: string;
  /** The parsed JSON answer, or undefined when the answer is not JSON. */
  json: unknown;
}

let sent = 0;

/** Requests sent by this test file so far. */
export const requestCount = () => sent;

export async function send(request: SweepRequest): Promise<SweepResponse> {
  // The sweep's own client address, so what its requests spend of per-address limits stays with this file.
  const headers: Record<string, string> = { [TEST_CLIENT_IP_HEADER]: testFileClientIp(), ...request.headers };
  if (request.token) headers.authorization = `Bearer ${request.token}`;
  if (request.body !== undefined) headers['content-type'] ??= 'application/json';
  sent += 1;
  const response = await fetch(`${readStack().apiUrl}${request.path}`, {
    method: request.method,
    headers,
    body: request.body,
    redirect: 'manual',
  });
  const text = await response.text();
  const contentType = response.headers.get('content-type');
  checkAnswer({ method: request.method, path: request.path, status: response.status, contentType, text });
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, text, json };
}

/** Runs `work` over `items` with at most `limit` in flight; results in the order of the items. */
export async function inParallel<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** A Hydra collection's members, or [] for any other answer. */
export const membersOf = (json: unknown): unknown[] => {
  const members = (json as { 'hydra:member'?: unknown } | undefined)?.['hydra:member'];
  return Array.isArray(members) ? members : [];
};

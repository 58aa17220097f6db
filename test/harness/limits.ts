import type { ApiResponse } from './api';
import { TEST_CLIENT_IP_HEADER } from './client-ip';

/** Headers that make a request come from `ip` (the test stack's gateway honours them, AWS never does). */
export const fromIp = (ip: string) => ({ [TEST_CLIENT_IP_HEADER]: ip });

/**
 * What a 429 must look like: the API's error format (shared/errors.ts) with the message, and a Retry-After
 * of whole seconds, at least 1 and at most `maxRetryAfter`.
 */
export function expectTooManyRequests(response: ApiResponse, message: string, maxRetryAfter: number) {
  expect(response.status).toBe(429);
  expect(response.body).toEqual({
    '@context': '/api/contexts/Error',
    '@type': 'hydra:Error',
    'hydra:title': 'An error occurred',
    'hydra:description': message,
    type: '/errors/429',
    title: 'Too Many Requests',
    detail: message,
    status: 429,
  });
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(maxRetryAfter);
  return retryAfter;
}

/** Sends `send(i)` one after another until the first 429; its index, or -1 if none came within `max`. */
export async function firstRefusal(max: number, send: (i: number) => Promise<ApiResponse>) {
  for (let i = 0; i < max; i++) {
    const response = await send(i);
    if (response.status === 429) return { index: i, response };
  }
  return { index: -1, response: undefined };
}

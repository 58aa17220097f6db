import { createHmac, timingSafeEqual } from 'node:crypto';
import { publicApiUrl } from '../openapi/openapi-document';

/**
 * The one-click unsubscribe link of a report mail (RFC 8058): the tenant, the subscription and an HMAC-SHA256 of
 * both under the subscription's own random key, which only the table holds and no answer shows. A link is good
 * for its subscription only, stops working when the subscription is deleted, and names no user. The link goes to
 * the API's configured public address (API_PUBLIC_URL), never to a host taken from a request.
 */
export const UNSUBSCRIBE_PATH = '/api/report-subscriptions/unsubscribe';

export const unsubscribeSignature = (key: string, tenantId: string, id: number) =>
  createHmac('sha256', Buffer.from(key, 'hex')).update(`${tenantId}:${id}`).digest('hex');

export function unsubscribeUrl(key: string, tenantId: string, id: number): string {
  const base = publicApiUrl();
  if (!base) throw new Error('API_PUBLIC_URL is not set: a report mail needs its unsubscribe link');
  const query = new URLSearchParams({
    tenant: tenantId,
    id: String(id),
    signature: unsubscribeSignature(key, tenantId, id),
  });
  return `${base}${UNSUBSCRIBE_PATH}?${query}`;
}

/** Constant-time: a guesser learns nothing from how long a wrong signature takes. */
export function signatureMatches(key: string, tenantId: string, id: number, signature: string): boolean {
  const expected = Buffer.from(unsubscribeSignature(key, tenantId, id), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

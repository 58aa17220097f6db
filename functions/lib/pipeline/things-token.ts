import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * KPN Things' message token (integrations.md 1.1): lowercase hex SHA-256 over the raw body bytes followed by
 * the shared secret. Computed over the bytes as received, never over re-serialised JSON.
 */
export const thingsMessageToken = (rawBody: Buffer, sharedSecret: string): string =>
  createHash('sha256')
    .update(Buffer.concat([rawBody, Buffer.from(sharedSecret, 'utf8')]))
    .digest('hex');

/** Constant-time comparison; a header of the wrong length or case fails like any other mismatch. */
export function thingsTokenMatches(rawBody: Buffer, sharedSecret: string, token: string | undefined): boolean {
  if (!token) return false;
  const expected = Buffer.from(thingsMessageToken(rawBody, sharedSecret), 'utf8');
  const given = Buffer.from(token.trim(), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

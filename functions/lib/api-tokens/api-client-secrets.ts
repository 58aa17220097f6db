import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;
const HASH_BYTES = 32;

/** Public identifier of a credential: random, URL-safe, distinguishable from user names in logs. */
export const newClientId = () => `ac${randomBytes(12).toString('hex')}`;

/**
 * 32 random bytes, base64url. The secret is also the hidden Cognito user's password, so it must meet the
 * pool's policy (upper, lower, digit, symbol; base64url's "-" and "_" count as symbols): draw again until it
 * does (about 1.4 draws on average, so no fixed characters weaken it).
 */
export function newClientSecret(): string {
  for (;;) {
    const secret = randomBytes(32).toString('base64url');
    if (/[a-z]/.test(secret) && /[A-Z]/.test(secret) && /\d/.test(secret) && /[-_]/.test(secret)) return secret;
  }
}

export interface SecretHash {
  secretHash: string;
  secretSalt: string;
}

/** scrypt with a per-credential salt: the secret itself is never stored. */
export async function hashSecret(secret: string): Promise<SecretHash> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(secret, salt, HASH_BYTES);
  return { secretHash: hash.toString('hex'), secretSalt: salt.toString('hex') };
}

export async function secretMatches(secret: string, stored: SecretHash): Promise<boolean> {
  const hash = await scryptAsync(secret, Buffer.from(stored.secretSalt, 'hex'), HASH_BYTES);
  const expected = Buffer.from(stored.secretHash, 'hex');
  return expected.length === hash.length && timingSafeEqual(hash, expected);
}

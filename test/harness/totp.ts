import { createHmac } from 'node:crypto';

/**
 * What an authenticator app computes (RFC 6238 TOTP over RFC 4226 HOTP, SHA-1, 30-second steps), written here
 * from the RFCs rather than taken from the library the Cognito stand-in checks codes with: a code both sides got
 * wrong the same way would pass. test/unit/totp.test.ts holds it to the RFC's own test vectors.
 */
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Decode(text: string): Buffer {
  let bits = '';
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => Number.parseInt(byte, 2)));
}

/** HOTP (RFC 4226 section 5.3): dynamic truncation of HMAC-SHA-1 over the 8-byte counter. */
export function hotp(key: Buffer, counter: number, digits = 6): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = (mac[mac.length - 1] as number) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The code for a base32 secret at a time (ms), as an app shows it. */
export const totpAt = (secret: string, atMs: number, digits = 6) =>
  hotp(base32Decode(secret), Math.floor(atMs / 1000 / 30), digits);

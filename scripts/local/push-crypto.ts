import { createDecipheriv, createECDH, createPublicKey, hkdfSync, verify } from 'node:crypto';

/**
 * What a push service and a browser do with a Web Push message, written from the RFCs with node:crypto alone, so
 * the local push-service stand-in (push-service.ts) checks the product's sender independently of the `web-push`
 * package that built the message:
 *  - verifyVapid: RFC 8292, `Authorization: vapid t=<JWT>, k=<public key>`; an ES256 JWT signed by `k`, whose
 *    `aud` is the push service's origin, `exp` in the future and at most 24 h away, `sub` a mailto: or https: URL;
 *  - decryptAes128gcm: RFC 8291 (keys) over RFC 8188 (the aes128gcm record), as the browser decrypts.
 */

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
  /** The application server's public key (`k=`), base64url. */
  k: string;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; reason: string };

const DAY_SECONDS = 24 * 60 * 60;
const fail = (reason: string): { ok: false; reason: string } => ({ ok: false, reason });

/** A raw uncompressed P-256 point (65 bytes) as a public KeyObject. */
function p256PublicKey(raw: Buffer) {
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('not an uncompressed P-256 point');
  return createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
}

export function verifyVapid(header: string | undefined, origin: string, now = Date.now()): Checked<VapidClaims> {
  const match = /^vapid\s+(.*)$/i.exec(header ?? '');
  if (!match?.[1]) return fail('no vapid Authorization header');
  const params = Object.fromEntries(
    match[1].split(',').map((part) => {
      const [name = '', ...rest] = part.trim().split('=');
      return [name.trim(), rest.join('=').trim()];
    }),
  );
  const token = params.t;
  const key = params.k;
  if (!token || !key) return fail('the header lacks t= or k=');
  const [head, body, signature] = token.split('.');
  if (!head || !body || !signature) return fail('t= is no JWT');
  let claims: Partial<VapidClaims>;
  try {
    const header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string };
    if (header.alg !== 'ES256') return fail(`alg ${header.alg} is not ES256`);
    const signed = verify(
      'sha256',
      Buffer.from(`${head}.${body}`),
      { key: p256PublicKey(Buffer.from(key, 'base64url')), dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    );
    if (!signed) return fail('the JWT signature does not verify with k=');
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch (error) {
    return fail(`unreadable VAPID token: ${(error as Error).message}`);
  }
  const seconds = Math.floor(now / 1000);
  if (claims.aud !== origin) return fail(`aud ${claims.aud} is not ${origin}`);
  if (typeof claims.exp !== 'number' || claims.exp <= seconds) return fail('the JWT has expired');
  if (claims.exp > seconds + DAY_SECONDS) return fail('exp is more than 24 h away');
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:\/\/)/.test(claims.sub)) return fail('sub is missing');
  return { ok: true, value: { aud: claims.aud, exp: claims.exp, sub: claims.sub, k: key } };
}

/** The browser's side of a subscription: its ECDH P-256 key pair and the 16-byte auth secret. */
export interface ReceiverKeys {
  /** The private key, base64url (32 bytes). */
  privateKey: string;
  /** The public key as the browser reports it (`p256dh`), base64url of the uncompressed point. */
  publicKey: string;
  auth: string;
}

const RECORD_HEADER = 16 + 4 + 1;

export function decryptAes128gcm(body: Buffer, keys: ReceiverKeys): Checked<string> {
  if (body.length < RECORD_HEADER + 16) return fail('the body is shorter than an aes128gcm record');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] ?? 0;
  const senderPublic = body.subarray(RECORD_HEADER, RECORD_HEADER + idLength);
  const ciphertext = body.subarray(RECORD_HEADER + idLength);
  // One record: a push message is at most 4096 bytes, and the sender writes it as one.
  if (idLength !== 65 || ciphertext.length > recordSize) return fail('not a single aes128gcm record with a keyid');
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(keys.privateKey, 'base64url'));
    const receiverPublic = Buffer.from(keys.publicKey, 'base64url');
    const shared = ecdh.computeSecret(senderPublic);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublic, senderPublic]);
    const ikm = Buffer.from(hkdfSync('sha256', shared, Buffer.from(keys.auth, 'base64url'), keyInfo, 32));
    const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
    const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
    const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
    // RFC 8188 2: the plaintext, then the last record's delimiter 0x02, then zero or more 0x00.
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    if (padded[end] !== 2) return fail('no last-record delimiter');
    return { ok: true, value: padded.subarray(0, end).toString('utf8') };
  } catch (error) {
    return fail(`does not decrypt: ${(error as Error).message}`);
  }
}

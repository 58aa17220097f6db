import { createHash, generateKeyPairSync, randomBytes, sign, X509Certificate } from 'node:crypto';

/**
 * Certificates for the local IoT control plane (scripts/local/iot-service.ts): a real P-256 key pair and a
 * self-signed X.509 v1 certificate over it, as CreateKeysAndCertificate answers on AWS (there signed by
 * Amazon's CA). node:crypto parses certificates but cannot write one, hence the few DER builders below.
 */
const der = (tag: number, content: Buffer): Buffer => {
  const n = content.length;
  const length =
    n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), length, content]);
};
const sequence = (...items: Buffer[]) => der(0x30, Buffer.concat(items));
const set = (...items: Buffer[]) => der(0x31, Buffer.concat(items));
/**
 * A DER INTEGER of unsigned big-endian bytes, minimal as DER demands: leading zero bytes dropped (a random serial
 * starting 0x00 0x01 was "illegal padding" to OpenSSL, one certificate in 512), one zero put back when the top
 * bit is set (else it would read negative).
 */
export function positiveInteger(bytes: Buffer): Buffer {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  const minimal = bytes.subarray(start);
  return der(0x02, (minimal[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), minimal]) : minimal);
}
const utf8 = (text: string) => der(0x0c, Buffer.from(text, 'utf8'));
const utcTime = (date: Date) => der(0x17, Buffer.from(`${date.toISOString().slice(2, 19).replace(/[-:T]/g, '')}Z`));

function oid(dotted: string): Buffer {
  const [a, b, ...rest] = dotted.split('.').map(Number) as [number, number, ...number[]];
  const bytes = [a * 40 + b];
  for (const part of rest) {
    const chunk = [part & 0x7f];
    for (let v = part >> 7; v > 0; v >>= 7) chunk.unshift((v & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return der(0x06, Buffer.from(bytes));
}

const ECDSA_WITH_SHA256 = sequence(oid('1.2.840.10045.4.3.2'));
const commonName = (cn: string) => sequence(set(sequence(oid('2.5.4.3'), utf8(cn))));

export interface GeneratedCertificate {
  certificatePem: string;
  publicKeyPem: string;
  privateKeyPem: string;
  /** AWS names a certificate by the SHA-256 of its DER bytes, in hex. */
  certificateId: string;
}

/** A fresh key pair and a self-signed certificate for it, valid from now for `days` days. */
export function generateCertificate(commonNameText: string, days = 3650): GeneratedCertificate {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const now = new Date();
  const name = commonName(commonNameText);
  const tbs = sequence(
    positiveInteger(randomBytes(16)),
    ECDSA_WITH_SHA256,
    name,
    sequence(utcTime(now), utcTime(new Date(now.getTime() + days * 86_400_000))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
  );
  const signature = sign('sha256', tbs, privateKey);
  const certificate = sequence(tbs, ECDSA_WITH_SHA256, der(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const base64 = certificate.toString('base64').replace(/(.{64})/g, '$1\n');
  const certificatePem = `-----BEGIN CERTIFICATE-----\n${base64.trimEnd()}\n-----END CERTIFICATE-----\n`;
  // Parsing it back proves the encoding is a certificate node (and so TLS) accepts.
  if (!new X509Certificate(certificatePem).verify(publicKey)) throw new Error('Generated certificate does not verify');
  return {
    certificatePem,
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    certificateId: certificateIdOf(certificate),
  };
}

export const certificateIdOf = (derBytes: Buffer) => createHash('sha256').update(derBytes).digest('hex');

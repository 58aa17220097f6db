import { createECDH } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

/**
 * The product's one VAPID key pair (RFC 8292): push services tie a browser's subscription to its public key, so
 * the pair must stay the same for the product's life (a new pair orphans every subscription). It comes from, in
 * this order:
 *  - VAPID_KEYS_SECRET_ID (AWS): the Secrets Manager secret the data stack generates, `{"privateKeyHex"}` (64
 *    hex digits; the public key is derived from it), or a pair an operator put there, `{"publicKey","privateKey"}`
 *    (base64url, as `npx web-push generate-vapid-keys --json` prints them); read through the AWS Parameters and
 *    Secrets Lambda Extension as the KPN data key is (functions/lib/kpn-things/secret-cipher.ts);
 *  - VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (tests, or a deployment that injects them another way);
 *  - VAPID_KEYS_FILE (local stack): a file generated once (.local/vapid-keys.json).
 */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const KEY_FORM = /^[A-Za-z0-9_-]+$/;

const PRIVATE_KEY_HEX = /^[0-9a-f]{64}$/;

/** The pair of a P-256 private key: its public point, uncompressed (65 bytes), as push services take it. */
export function vapidKeysOfPrivateKey(privateKeyHex: string): VapidKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(privateKeyHex, 'hex'));
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: Buffer.from(privateKeyHex, 'hex').toString('base64url'),
  };
}

function parseKeys(text: string, source: string): VapidKeys {
  const parsed = JSON.parse(text) as Partial<VapidKeys> & { privateKeyHex?: string };
  if (parsed.privateKeyHex !== undefined) {
    if (!PRIVATE_KEY_HEX.test(parsed.privateKeyHex)) throw new Error(`${source} holds no 64-digit hex private key`);
    return vapidKeysOfPrivateKey(parsed.privateKeyHex);
  }
  const { publicKey, privateKey } = parsed;
  // 65 bytes (an uncompressed P-256 point) and 32 bytes, in base64url without padding.
  if (!publicKey || !privateKey || !KEY_FORM.test(publicKey) || !KEY_FORM.test(privateKey))
    throw new Error(`${source} must hold {"publicKey","privateKey"} in base64url`);
  if (Buffer.from(publicKey, 'base64url').length !== 65 || Buffer.from(privateKey, 'base64url').length !== 32)
    throw new Error(`${source} holds keys of the wrong length`);
  return { publicKey, privateKey };
}

async function keysFromSecretsExtension(secretId: string): Promise<VapidKeys> {
  const port = process.env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT ?? '2773';
  const response = await fetch(`http://localhost:${port}/secretsmanager/get?secretId=${encodeURIComponent(secretId)}`, {
    headers: { 'X-Aws-Parameters-Secrets-Token': process.env.AWS_SESSION_TOKEN ?? '' },
  });
  if (!response.ok) throw new Error(`Cannot read the VAPID keys secret (${response.status})`);
  const { SecretString } = (await response.json()) as { SecretString?: string };
  return parseKeys(SecretString ?? '{}', 'The VAPID keys secret');
}

/** Generated at the first start of a local stack and kept: the console's subscriptions outlive a restart. */
export function ensureVapidKeysFile(file: string): VapidKeys {
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    // 'wx' fails if a concurrent first use wrote it already; then the other writer's pair is read below.
    try {
      writeFileSync(file, JSON.stringify(webpush.generateVAPIDKeys()), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return parseKeys(readFileSync(file, 'utf8'), file);
}

async function loadKeys(): Promise<VapidKeys> {
  const { VAPID_KEYS_SECRET_ID, VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_KEYS_FILE } = process.env;
  if (VAPID_KEYS_SECRET_ID) return keysFromSecretsExtension(VAPID_KEYS_SECRET_ID);
  if (VAPID_PUBLIC_KEY && VAPID_PRIVATE_KEY)
    return parseKeys(JSON.stringify({ publicKey: VAPID_PUBLIC_KEY, privateKey: VAPID_PRIVATE_KEY }), 'VAPID_*_KEY');
  if (VAPID_KEYS_FILE) return ensureVapidKeysFile(VAPID_KEYS_FILE);
  throw new Error(
    'No VAPID keys configured (VAPID_KEYS_SECRET_ID, VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY or VAPID_KEYS_FILE)',
  );
}

let cached: Promise<VapidKeys> | undefined;

export function vapidKeys(): Promise<VapidKeys> {
  cached ??= loadKeys().catch((error) => {
    cached = undefined; // a transient failure must not stick for the container's lifetime
    throw error;
  });
  return cached;
}

/**
 * Who runs the product, named in every VAPID token so a push service can reach the operator: a mailto: or https:
 * URL (VAPID_SUBJECT), else the console's own https origin, else a placeholder address.
 */
export function vapidSubject(): string {
  const configured = process.env.VAPID_SUBJECT;
  if (configured && /^(mailto:|https:\/\/)/.test(configured)) return configured;
  const origin = process.env.CONSOLE_ORIGIN;
  return origin?.startsWith('https://') ? origin : 'mailto:operations@tracking.invalid';
}

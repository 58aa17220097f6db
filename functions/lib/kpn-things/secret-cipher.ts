import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * AES-256-GCM for integration secrets that must be readable again (the KPN client secret is sent to GRIP on
 * every token request, so it cannot be hashed). The 32-byte data key comes from, in this order:
 *  - KPN_DATA_KEY_SECRET_ID (AWS): a Secrets Manager secret holding the key as base64, read through the AWS
 *    Parameters and Secrets Lambda Extension on localhost:2773 (no SDK in the bundle);
 *  - KPN_DATA_KEY: the key as base64 (tests, or a deployment that injects it another way);
 *  - KPN_DATA_KEY_FILE (local stack): a file, generated once with a random key (.local/kpn-data-key).
 * Stored form: "v1:" + base64(iv | tag | ciphertext); the tenant id is bound in as additional data, so a
 * ciphertext copied to another tenant's record does not decrypt.
 */
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const PREFIX = 'v1:';

let cachedKey: Promise<Buffer> | undefined;

const parseKey = (base64: string, source: string) => {
  const key = Buffer.from(base64.trim(), 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`${source} must hold a base64 ${KEY_BYTES}-byte key`);
  return key;
};

async function keyFromSecretsExtension(secretId: string): Promise<Buffer> {
  const port = process.env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT ?? '2773';
  const response = await fetch(`http://localhost:${port}/secretsmanager/get?secretId=${encodeURIComponent(secretId)}`, {
    headers: { 'X-Aws-Parameters-Secrets-Token': process.env.AWS_SESSION_TOKEN ?? '' },
  });
  if (!response.ok) throw new Error(`Cannot read the KPN data key secret (${response.status})`);
  const { SecretString } = (await response.json()) as { SecretString?: string };
  return parseKey(SecretString ?? '', 'The KPN data key secret');
}

function keyFromFile(file: string): Buffer {
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    // 'wx' fails if a concurrent first use wrote it already; then the other writer's key is read below.
    try {
      writeFileSync(file, randomBytes(KEY_BYTES).toString('base64'), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return parseKey(readFileSync(file, 'utf8'), file);
}

async function loadKey(): Promise<Buffer> {
  const { KPN_DATA_KEY_SECRET_ID, KPN_DATA_KEY, KPN_DATA_KEY_FILE } = process.env;
  if (KPN_DATA_KEY_SECRET_ID) return keyFromSecretsExtension(KPN_DATA_KEY_SECRET_ID);
  if (KPN_DATA_KEY) return parseKey(KPN_DATA_KEY, 'KPN_DATA_KEY');
  if (KPN_DATA_KEY_FILE) return keyFromFile(KPN_DATA_KEY_FILE);
  throw new Error('No KPN data key configured (KPN_DATA_KEY_SECRET_ID, KPN_DATA_KEY or KPN_DATA_KEY_FILE)');
}

function dataKey(): Promise<Buffer> {
  cachedKey ??= loadKey().catch((error) => {
    cachedKey = undefined; // a transient failure must not stick for the container's lifetime
    throw error;
  });
  return cachedKey;
}

export async function encryptSecret(plain: string, tenantId: string): Promise<string> {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', await dataKey(), iv);
  cipher.setAAD(Buffer.from(`tenant:${tenantId}`));
  const encrypted = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString('base64');
}

export async function decryptSecret(stored: string, tenantId: string): Promise<string> {
  if (!stored.startsWith(PREFIX)) throw new Error('Unknown secret format');
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', await dataKey(), raw.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(`tenant:${tenantId}`));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}

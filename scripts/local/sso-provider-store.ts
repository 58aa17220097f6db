import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { dataDir } from './config';

/**
 * State of the local SSO stand-in, kept in .local/ like the other stand-ins' data, so sessions signed in through
 * single sign-on survive a restart of `npm start`: signing keys (tokens already in browsers stay valid), cookie
 * keys, and the provider's records (refresh tokens, grants, sessions). A small JSON file is plenty here.
 */
interface Stored {
  expiresAt?: number;
  payload: AdapterPayload;
}

const recordsFile = () => path.join(dataDir(), 'sso-provider.json');
const keysFile = () => path.join(dataDir(), 'sso-provider-keys.json');

let records: Map<string, Stored> | undefined;

function load(): Map<string, Stored> {
  if (!records) {
    const file = recordsFile();
    records = new Map(existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as [string, Stored][]) : []);
  }
  return records;
}

function save() {
  const now = Date.now();
  const live = [...load()].filter(([, record]) => !record.expiresAt || record.expiresAt > now);
  writeFileSync(recordsFile(), JSON.stringify(live));
}

function read(key: string): AdapterPayload | undefined {
  const record = load().get(key);
  if (!record) return undefined;
  if (record.expiresAt && record.expiresAt <= Date.now()) return undefined;
  return record.payload;
}

/** oidc-provider's adapter interface over the file-backed map; one instance per model (name). */
export class FileAdapter implements Adapter {
  constructor(private readonly name: string) {}

  private key = (id: string) => `${this.name}:${id}`;

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number) {
    const store = load();
    store.set(this.key(id), { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : undefined });
    if (payload.uid) store.set(`${this.name}:uid:${payload.uid}`, { payload: { id } });
    if (payload.userCode) store.set(`${this.name}:userCode:${payload.userCode}`, { payload: { id } });
    if (payload.grantId) {
      const grantKey = `grant:${payload.grantId}`;
      const ids = new Set((read(grantKey)?.ids as string[] | undefined) ?? []);
      ids.add(this.key(id));
      store.set(grantKey, { payload: { ids: [...ids] } });
    }
    save();
  }

  async find(id: string) {
    return read(this.key(id));
  }

  async findByUid(uid: string) {
    const ref = read(`${this.name}:uid:${uid}`);
    return ref ? this.find(String(ref.id)) : undefined;
  }

  async findByUserCode(userCode: string) {
    const ref = read(`${this.name}:userCode:${userCode}`);
    return ref ? this.find(String(ref.id)) : undefined;
  }

  async consume(id: string) {
    const record = load().get(this.key(id));
    if (record) record.payload = { ...record.payload, consumed: Math.floor(Date.now() / 1000) };
    save();
  }

  async destroy(id: string) {
    load().delete(this.key(id));
    save();
  }

  async revokeByGrantId(grantId: string) {
    const store = load();
    for (const key of (read(`grant:${grantId}`)?.ids as string[] | undefined) ?? []) store.delete(key);
    store.delete(`grant:${grantId}`);
    save();
  }
}

/** RS256 signing key (as Cognito signs) and cookie keys, generated on first start. */
export function providerKeys(): { jwks: { keys: object[] }; cookieKeys: string[] } {
  const file = keysFile();
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = {
    ...privateKey.export({ format: 'jwk' }),
    kid: `sso-local-${randomBytes(4).toString('hex')}`,
    use: 'sig',
    alg: 'RS256',
  };
  const keys = { jwks: { keys: [jwk] }, cookieKeys: [randomBytes(32).toString('base64url')] };
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

import autocannon, { type Result } from 'autocannon';
import { DEMO_PASSWORD } from '../seed/seed';
import { consistency, section } from './load-report';
import {
  CONNECTIONS,
  DURATION_S,
  type Json,
  type Owned,
  READER_USERS,
  readerRequests,
  type Statuses,
  timed,
  WRITERS,
  writerRequests,
} from './load-traffic';

/**
 * Load on the local gateway: 200 concurrent clients for 60 s in the demo tenant, as several
 * users. Readers (list pages, gets, searches, device list) and writers run beside each other; each writer
 * connection owns one asset (read, then save with the version it read), so a 409 is an error, except for the
 * one pair of writers that share an asset on purpose. Afterwards the data must be consistent: every owned
 * asset carries its last accepted save and a version that counts them, the asset counter equals the asset
 * items, and the search index needs no repair (no id missing).
 */

async function api(apiUrl: string, method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json().catch(() => ({}))) as Json };
}

async function signIn(apiUrl: string, username: string): Promise<string> {
  const { status, body } = await api(apiUrl, 'POST', '/user/sign-in', undefined, {
    email: username,
    password: DEMO_PASSWORD,
  });
  if (status !== 200) throw new Error(`${username} sign-in failed: ${status}`);
  return String(body.token);
}

const run = (options: autocannon.Options) =>
  new Promise<Result>((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });

/** Runs the load and the consistency checks; answers the markdown section for docs/performance.md. */
export async function benchLoad(apiUrl: string, log: (line: string) => void): Promise<string> {
  const tokens = await Promise.all(READER_USERS.map((user) => signIn(apiUrl, user)));
  const client = await signIn(apiUrl, 'client');
  const admin = tokens[0] as string;
  const list = await api(apiUrl, 'GET', '/api/assets?pagination=false', admin);
  const assetIds = (list.body['hydra:member'] as { id: number }[]).map((asset) => asset.id);
  const owned: Owned[] = [];
  for (let i = 0; i <= WRITERS; i++) {
    const created = await api(apiUrl, 'POST', '/api/assets', admin, { name: `Load writer ${i}` });
    if (created.status !== 201) throw new Error(`creating a writer asset failed: ${created.status}`);
    owned.push({ id: Number(created.body.id), version: Number(created.body.version), accepted: 0 });
  }
  const shared = owned.pop() as Owned;
  const readLatencies: number[] = [];
  const writeLatencies: number[] = [];
  const readStatuses: Statuses = new Map();
  const writeStatuses: Statuses = new Map();
  const expected409: Statuses = new Map();
  log(`load: ${CONNECTIONS} connections for ${DURATION_S} s (${WRITERS + 2} writers)`);
  const common = { url: apiUrl, duration: DURATION_S, timeout: 60 };
  const [reads, writes] = await Promise.all([
    run({
      ...common,
      connections: CONNECTIONS - WRITERS - 2,
      requests: timed(readerRequests(tokens, client, assetIds, readStatuses), readLatencies),
    }),
    run({
      ...common,
      connections: WRITERS + 2,
      requests: timed(writerRequests(admin, owned, shared, writeStatuses, expected409), writeLatencies),
    }),
  ]);
  log('load: checking consistency');
  const check = await consistency((method, path) => api(apiUrl, method, path, admin), owned);
  for (const asset of [...owned, shared]) await api(apiUrl, 'DELETE', `/api/assets/${asset.id}`, admin);
  return section(
    reads,
    writes,
    { readStatuses, writeStatuses, expected409, readLatencies, writeLatencies },
    check,
    shared,
  );
}

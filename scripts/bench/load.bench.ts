import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import autocannon, { type Request, type Result } from 'autocannon';
import { dynamo, tableName } from '../../functions/lib/data/client';
import { counterKey, typePartition } from '../../functions/lib/data/keys';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { repairSearchIndex } from '../../functions/lib/search/gram-repair';
import { DEMO_PASSWORD } from '../seed/seed';
import { markdownTable } from './markdown-table';

/**
 * Load on the local gateway: 200 concurrent clients for 60 s in the demo tenant, as several
 * users. Readers (list pages, gets, searches, device list) and writers run beside each other; each writer
 * connection owns one asset (read, then save with the version it read), so a 409 is an error, except for the
 * one pair of writers that share an asset on purpose. Afterwards the data must be consistent: every owned
 * asset carries its last accepted save and a version that counts them, the asset counter equals the asset
 * items, and the search index needs no repair (no id missing).
 */
const DURATION_S = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const CONNECTIONS = 200;
const WRITERS = 40;
/** Staff readers; the client user reads its own customer's list (its gets of other assets would be 404s). */
const READER_USERS = ['admin', 'user', 'manager', 'superadmin'];
const SEARCHES = ['haspel', 'kabel', 'a', 'depot', 'reel 1', 'xyz-none'];

type Json = Record<string, unknown>;

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

const pick = <T>(values: readonly T[]): T => values[Math.floor(Math.random() * values.length)] as T;

/** Per-status counts of one autocannon run, from its responses. */
type Statuses = Map<number, number>;
const count = (statuses: Statuses, status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);

/** Latencies measured around each request (autocannon's own histogram has p97.5, not the p95 asked for). */
type Setup = (request: Request, context: Json) => Request;
type OnResponse = (status: number, body: string, context: Json) => void;
function timed(requests: Request[], latencies: number[]): Request[] {
  return requests.map((request) => {
    const setup = request.setupRequest as Setup;
    const answered = request.onResponse as OnResponse | undefined;
    return {
      ...request,
      setupRequest: (r: Request, context: Json) => {
        context.sentAt = performance.now();
        return setup(r, context);
      },
      onResponse: (status: number, body: string, context: Json) => {
        latencies.push(performance.now() - Number(context.sentAt));
        answered?.(status, body, context);
      },
    } as unknown as Request;
  });
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number);
};

function readerRequests(tokens: string[], client: string, assetIds: number[], statuses: Statuses): Request[] {
  const auth = () => ({ authorization: `Bearer ${pick(tokens)}`, 'content-type': 'application/json' });
  const onResponse = (status: number) => void count(statuses, status);
  return [
    {
      setupRequest: (r: Request) => ({
        ...r,
        path: `/api/assets?page=${1 + Math.floor(Math.random() * 5)}`,
        headers: auth(),
      }),
      onResponse,
    },
    { setupRequest: (r: Request) => ({ ...r, path: `/api/assets/${pick(assetIds)}`, headers: auth() }), onResponse },
    {
      setupRequest: (r: Request) => ({
        ...r,
        path: `/api/assets?search=${encodeURIComponent(pick(SEARCHES))}`,
        headers: auth(),
      }),
      onResponse,
    },
    { setupRequest: (r: Request) => ({ ...r, path: '/api/devices?order[name]=asc', headers: auth() }), onResponse },
    {
      setupRequest: (r: Request) => ({ ...r, path: '/api/assets', headers: { authorization: `Bearer ${client}` } }),
      onResponse,
    },
  ].map((request) => ({ method: 'GET', ...request }) as Request);
}

interface Owned {
  id: number;
  version: number;
  lastSaved?: string;
  accepted: number;
  /** The name of a save still in flight when the run stopped (autocannon drops its answer). */
  pending?: string;
}

/**
 * Writer connections: GET their asset (keeps the version), then PUT a new name with it. The first connections
 * each take an asset of their own; the last two share `shared` (their 409s are expected, not errors).
 */
function writerRequests(token: string, owned: Owned[], shared: Owned, statuses: Statuses, expected409: Statuses) {
  let next = 0;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const assetOf = (context: Json): Owned => {
    context.asset ??= next < owned.length ? owned[next++] : shared;
    return context.asset as Owned;
  };
  return [
    {
      method: 'GET',
      setupRequest: (r: Request, context: Json) => ({ ...r, path: `/api/assets/${assetOf(context).id}`, headers }),
      onResponse: (status: number, body: string, context: Json) => {
        count(statuses, status);
        if (status === 200) context.version = (JSON.parse(body) as { version: number }).version;
      },
    },
    {
      method: 'PUT',
      setupRequest: (r: Request, context: Json) => {
        const asset = assetOf(context);
        context.name = `Load writer ${asset.id} ${Math.random().toString(36).slice(2, 8)}`;
        asset.pending = String(context.name);
        return {
          ...r,
          path: `/api/assets/${asset.id}`,
          headers,
          body: JSON.stringify({ name: context.name, version: context.version }),
        };
      },
      onResponse: (status: number, _body: string, context: Json) => {
        const asset = context.asset as Owned;
        asset.pending = undefined;
        if (status === 409 && asset === shared) return void count(expected409, status);
        count(statuses, status);
        if (status === 200) {
          asset.accepted++;
          asset.lastSaved = String(context.name);
        }
      },
    },
  ] as unknown as Request[];
}

const run = (options: autocannon.Options) =>
  new Promise<Result>((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });

async function consistency(apiUrl: string, token: string, owned: Owned[]) {
  const lost: number[] = [];
  for (const asset of owned) {
    const { body } = await api(apiUrl, 'GET', `/api/assets/${asset.id}`, token);
    const saved = asset.version + asset.accepted;
    const asAccepted = body.version === saved && (!asset.lastSaved || body.name === asset.lastSaved);
    const inFlightApplied = asset.pending !== undefined && body.version === saved + 1 && body.name === asset.pending;
    if (!asAccepted && !inFlightApplied) lost.push(asset.id);
  }
  const ctx = systemTenantContext(1);
  let items = 0;
  let startKey: Json | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': typePartition(ctx, 'ASSET') },
        Select: 'COUNT',
        ExclusiveStartKey: startKey,
      }),
    );
    items += page.Count ?? 0;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  const counter = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: counterKey(ctx, 'ASSET'), ConsistentRead: true }),
  );
  const counted = Number(counter.Item?.itemCount ?? -1);
  // Missing ids are what a search would not find; extra ones (a failed oversize save) it verifies away.
  const repair = await repairSearchIndex(ctx, 'ASSET');
  return { lost, items, counted, catalogueFixes: repair.added };
}

function row(label: string, result: Result, statuses: Statuses, latencies: number[], errors: number) {
  const ms = (q: number) => quantile(latencies, q).toFixed(0);
  const codes = [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([code, n]) => `${code}: ${n}`)
    .join(', ');
  const { connections, requests } = result;
  return [label, connections, requests.total, requests.average.toFixed(0), ms(0.5), ms(0.95), ms(0.99), errors, codes];
}

const failures = (statuses: Statuses, result: Result) =>
  [...statuses].filter(([code]) => code >= 400).reduce((sum, [, n]) => sum + n, 0) + result.errors + result.timeouts;

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
  const check = await consistency(apiUrl, admin, owned);
  for (const asset of [...owned, shared]) await api(apiUrl, 'DELETE', `/api/assets/${asset.id}`, admin);
  return section(
    reads,
    writes,
    { readStatuses, writeStatuses, expected409, readLatencies, writeLatencies },
    check,
    shared,
  );
}

function section(
  reads: Result,
  writes: Result,
  statuses: {
    readStatuses: Statuses;
    writeStatuses: Statuses;
    expected409: Statuses;
    readLatencies: number[];
    writeLatencies: number[];
  },
  check: Awaited<ReturnType<typeof consistency>>,
  shared: Owned,
): string {
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const total = reads.requests.total + writes.requests.total;
  const seconds = Math.max(reads.duration, writes.duration);
  return [
    '## Load on the local gateway (`npm run bench`, BENCH_SECTIONS=load)',
    '',
    `Run ${when} UTC, autocannon, ${CONNECTIONS} connections for ${DURATION_S} s against the local gateway ` +
      `(one Node.js process with every handler, dynalite behind it), demo tenant. Readers: list pages 1-5, ` +
      `gets, searches and the device list as ${READER_USERS.join(', ')}, and the client user's own list. Writers: ${WRITERS} connections each ` +
      `reading then saving its own asset with the version it read, and 2 sharing one asset. ${total} requests, ` +
      `${(total / seconds).toFixed(0)} requests/s in all. Latency in ms, measured around each request.`,
    '',
    ...markdownTable(
      [
        { heading: 'clients' },
        { heading: 'connections', align: 'right' },
        { heading: 'requests', align: 'right' },
        { heading: 'req/s', align: 'right' },
        { heading: 'p50', align: 'right' },
        { heading: 'p95', align: 'right' },
        { heading: 'p99', align: 'right' },
        { heading: 'errors', align: 'right' },
        { heading: 'statuses' },
      ],
      [
        row('readers', reads, statuses.readStatuses, statuses.readLatencies, failures(statuses.readStatuses, reads)),
        row(
          'writers (own asset)',
          writes,
          statuses.writeStatuses,
          statuses.writeLatencies,
          failures(statuses.writeStatuses, writes),
        ),
      ],
    ),
    '',
    `The 2 writers sharing asset ${shared.id}: ${statuses.expected409.get(409) ?? 0} saves refused with 409 (a ` +
      'stale version, as designed). Consistency afterwards:',
    '',
    `- saves lost (owned asset whose version or name is not its last accepted save): ${check.lost.length}`,
    `- asset counter ${check.counted}, asset items ${check.items}: ${check.counted === check.items ? 'equal' : 'DIFFERENT'}`,
    `- search index ids the repair had to add: ${check.catalogueFixes}`,
  ].join('\n');
}

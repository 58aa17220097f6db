import type { Request } from 'autocannon';

/**
 * The traffic of the load bench (load.bench.ts): who reads and writes, and the autocannon requests of the
 * reader and writer connections. Each writer connection owns one asset (read, then save with the version it
 * read); the last two share one on purpose, so their 409s are expected.
 */
export const DURATION_S = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
export const CONNECTIONS = 200;
export const WRITERS = 40;
/** Staff readers; the client user reads its own customer's list (its gets of other assets would be 404s). */
export const READER_USERS = ['admin', 'user', 'manager', 'superadmin'];
const SEARCHES = ['haspel', 'kabel', 'a', 'depot', 'reel 1', 'xyz-none'];

export type Json = Record<string, unknown>;

const pick = <T>(values: readonly T[]): T => values[Math.floor(Math.random() * values.length)] as T;

/** Per-status counts of one autocannon run, from its responses. */
export type Statuses = Map<number, number>;
export const count = (statuses: Statuses, status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);

/** Latencies measured around each request (autocannon's own histogram has p97.5, not the p95 asked for). */
type Setup = (request: Request, context: Json) => Request;
type OnResponse = (status: number, body: string, context: Json) => void;
export function timed(requests: Request[], latencies: number[]): Request[] {
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

export function readerRequests(tokens: string[], client: string, assetIds: number[], statuses: Statuses): Request[] {
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

export interface Owned {
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
export function writerRequests(
  token: string,
  owned: Owned[],
  shared: Owned,
  statuses: Statuses,
  expected409: Statuses,
) {
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

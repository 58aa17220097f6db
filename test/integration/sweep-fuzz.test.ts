import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import type { RouteDef } from '../../shared/routes';
import { tokenOf } from '../harness/api';
import { readStack } from '../harness/stack';
import { type BodyCase, bodyCases } from '../harness/sweep/arbitraries';
import { inParallel, membersOf, type SweepResponse, send } from '../harness/sweep/client';
import {
  type Caller,
  discoverEntities,
  type EntityIndex,
  entitiesUnder,
  type FoundEntity,
  readEntity,
} from '../harness/sweep/discovery';
import {
  ALL_ROUTES,
  bodySchemaOf,
  entityTemplate,
  fillPath,
  isHydraError,
  isPublic,
  isUnauthorizedAnswer,
  label,
  paramNames,
  takesBody,
} from '../harness/sweep/routes';
import { SWEEP_STEP_TIMEOUT_MS } from '../harness/sweep/step-timeout';
import { createSweepTenant, removeSweepTenant, type SweepTenant } from '../harness/sweep/sweep-tenant';

jest.setTimeout(SWEEP_STEP_TIMEOUT_MS);

/**
 * Property-based bodies for every route of shared/routes.ts that takes one: valid, almost valid,
 * hostile and raw bodies from the route's zod body schema (shared/route-contracts.ts), at least 10,000
 * requests a run, 12 in flight. Never a 5xx; every 4xx in the API's error format; after a refused write the
 * entity reads back unchanged. Writes go to a tenant made for the sweep (the super admin acting in it), so
 * valid bodies create nothing another test sees. SWEEP_SEED=<n> replays a run.
 */
const SEED = Number(process.env.SWEEP_SEED ?? Date.now() % 2 ** 31);
const MIN_REQUESTS = 10_000;
const CONCURRENCY = 12;
const RUNS_WITHOUT_SCHEMA = 15;
const READ_BACK_RUNS = 15;
const CHUNK = 25;

interface Target {
  route: RouteDef;
  path: string;
  caller: { token?: string; headers?: Record<string, string> };
  entity?: FoundEntity;
}

const failures: string[] = [];
const tally: Record<string, number> = {};
const createdTenants: number[] = [];
let fuzzRequests = 0;
/** Writes that answered 2xx with a token: each must have left exactly one audit entry in the sweep tenant. */
let auditableWrites = 0;
/**
 * A bulk edit answers 202 and its worker audits each row it applies, one entry per row, whenever it gets to it:
 * those entries are counted apart (their action), not one per request.
 */
const ROWS_AUDITED_LATER = new Set(['assets.bulkEdit', 'devices.bulkEdit']);
const timeByRoute = new Map<string, { ms: number; count: number }>();

/** The routes that took the longest in all, for whoever wonders where a slow run went. */
const slowest = (count: number) =>
  [...timeByRoute]
    .sort(([, a], [, b]) => b.ms - a.ms)
    .slice(0, count)
    .map(([id, { ms, count: n }]) => `${id} ${Math.round(ms / 1000)} s (${Math.round(ms / n)} ms each)`)
    .join(', ');

/**
 * A POST on a connection of its own: the gateway answers 413 before it has read the body and drops the
 * connection, which must not be one the other requests share.
 */
function sendAlone(request: { path: string; token: string; headers: Record<string, string>; body: string }) {
  const url = new URL(`${readStack().apiUrl}${request.path}`);
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent: false,
        headers: { ...request.headers, authorization: `Bearer ${request.token}`, 'content-type': 'application/json' },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

const excerpt = (text: string) => (text.length > 160 ? `${text.slice(0, 160)}… (${text.length} chars)` : text);

function problemWith(answer: SweepResponse): string | undefined {
  if (answer.status >= 500) return 'a server error';
  if (answer.status >= 400 && !isHydraError(answer.status, answer.json) && !isUnauthorizedAnswer(answer))
    return 'a 4xx not in the error format';
  return undefined;
}

async function sendCase(target: Target, body: BodyCase): Promise<SweepResponse> {
  const headers = { ...target.caller.headers, ...(body.contentType ? { 'content-type': body.contentType } : {}) };
  const sentAt = Date.now();
  const answer = await send({
    method: target.route.method,
    path: target.path,
    ...target.caller,
    headers,
    body: body.text,
  });
  fuzzRequests += 1;
  const time = timeByRoute.get(target.route.id) ?? { ms: 0, count: 0 };
  timeByRoute.set(target.route.id, { ms: time.ms + Date.now() - sentAt, count: time.count + 1 });
  const key = `${body.kind} ${answer.status}`;
  tally[key] = (tally[key] ?? 0) + 1;
  if (
    target.route.method !== 'GET' &&
    !isPublic(target.route) &&
    !ROWS_AUDITED_LATER.has(target.route.id) &&
    answer.status >= 200 &&
    answer.status < 300
  )
    auditableWrites += 1;
  if (target.route.id === 'tenants.create' && answer.status === 201)
    createdTenants.push((answer.json as { id: number }).id);
  return answer;
}

/** Runs the property for one target; a failure is recorded with its shrunk body and the seed. */
async function fuzz(
  target: Target,
  runs: number,
  check: (body: BodyCase, answer: SweepResponse) => Promise<void>,
  seed = SEED,
) {
  const property = fc.asyncProperty(bodyCases(bodySchemaOf(target.route)), async (body) => {
    const answer = await sendCase(target, body);
    const problem = problemWith(answer);
    if (problem) throw new Error(`${body.kind} body → ${answer.status}, ${problem}: ${excerpt(answer.text)}`);
    await check(body, answer);
  });
  const details = await fc.check(property, { numRuns: runs, seed });
  if (details.failed) {
    const body = (details.counterexample?.[0] as BodyCase | undefined)?.text ?? '';
    failures.push(
      `${label(target.route)} at ${target.path} (SWEEP_SEED=${SEED}, chunk seed ${seed}): ` +
        `${(details.errorInstance as Error | undefined)?.message}; body ${excerpt(body)}`,
    );
  }
}

/** Routes only a super admin may call; the others run as the sweep tenant's admin (no tenant header to look up). */
const superAdminOnly = (route: RouteDef) =>
  typeof route.access === 'object' && route.access.anyOf.every((name) => name === 'ROLE_SUPER_ADMIN');

/**
 * The route's path in the sweep tenant: an entity of the sweep tenant where one exists, else an id none has.
 * What the callers rely on (the admin's user, the admin roles) is never written to.
 */
function targetsOf(routes: RouteDef[], index: EntityIndex, callers: Callers): Target[] {
  const used = new Map<string, number>();
  return routes.map((route) => {
    const caller = isPublic(route) ? {} : superAdminOnly(route) ? callers.superAdmin : callers.admin;
    const template = entityTemplate(route.path) ?? '';
    const found = entitiesUnder(index, template)
      .filter((entity) => !callers.untouchable.has(entity.iri))
      .reverse();
    const turn = used.get(template) ?? 0;
    used.set(template, turn + 1);
    const entity = bodySchemaOf(route) ? found[turn % Math.max(found.length, 1)] : undefined;
    return { route, caller, entity, path: fillPath(route.path, entity?.params ?? {}) };
  });
}

interface Callers {
  admin: Target['caller'];
  superAdmin: Target['caller'];
  untouchable: Set<string>;
}

/** The sweep tenant's admin, its super admin, and the entities they depend on. */
async function callersOf(tenant: SweepTenant): Promise<Callers> {
  const admin = { token: await tokenOf(tenant.adminLogin) };
  const matrix = await send({ method: 'GET', path: '/api/role-matrix', ...admin });
  const roles = membersOf(matrix.json) as { '@id': string; name: string }[];
  const adminRoles = roles.filter((role) => ['ROLE_ADMIN', 'ROLE_SUPER_ADMIN'].includes(role.name));
  return {
    admin,
    superAdmin: tenant.superAdmin,
    untouchable: new Set([tenant.adminIri, ...adminRoles.map((role) => role['@id'])]),
  };
}

describe('fuzz sweep: bodies for every route that takes one', () => {
  let tenant: SweepTenant;
  let callers: Callers;
  const routes = ALL_ROUTES.filter(takesBody);

  beforeAll(async () => {
    tenant = await createSweepTenant('Fuzz sweep');
    callers = await callersOf(tenant);
  });

  afterAll(async () => {
    for (const id of createdTenants) {
      await send({ method: 'DELETE', path: `/api/tenants/${id}`, token: tenant.superAdmin.token });
    }
    await removeSweepTenant(tenant);
  });

  it('never answers a 5xx, answers every 4xx in the error format, and leaves an entity unchanged after a refused write', async () => {
    const started = Date.now();
    const withSchema = routes.filter((route) => bodySchemaOf(route));
    const runs = Math.ceil(MIN_REQUESTS / withSchema.length);
    const runsOf = (target: Target) => (bodySchemaOf(target.route) ? runs : RUNS_WITHOUT_SCHEMA);
    const noop = async () => undefined;
    // Routes without an id first, then those with one id, then two: each level's valid bodies create the
    // sweep tenant's entities the next level writes to (customers, then their users).
    const withIds: Target[] = [];
    const phases: string[] = [];
    const phase = (name: string, since: number) => phases.push(`${name} ${Math.round((Date.now() - since) / 1000)} s`);
    for (const depth of [0, 1, 2, 3]) {
      const levelStarted = Date.now();
      const level = routes.filter((route) => paramNames(route.path).length === depth);
      if (level.length === 0) continue;
      // Discovered as the tenant's admin: only its own tenant's entities (a super admin lists every tenant).
      const index = depth === 0 ? new Map() : await discoverEntities(callers.admin as Caller);
      const targets = targetsOf(level, index, callers);
      // Each route's bodies in chunks of their own seed, so that 12 requests stay in flight to the end.
      const chunks = targets.flatMap((target) =>
        Array.from({ length: Math.ceil(runsOf(target) / CHUNK) }, (_, i) => ({ target, seed: SEED + i })),
      );
      await inParallel(chunks, CONCURRENCY, ({ target, seed }) => fuzz(target, CHUNK, noop, seed));
      if (depth > 0) withIds.push(...targets);
      phase(`routes with ${depth} ids`, levelStarted);
    }
    const readBackStarted = Date.now();
    // One route at a time, so that no other write changes the entity between the request and the read-back.
    const readBack = withIds.filter((target) => target.entity);
    await inParallel(readBack, 1, async (target) => {
      const entity = target.entity as FoundEntity;
      let before = await readEntity(entity, callers.admin as Caller);
      await fuzz(target, READ_BACK_RUNS, async (body, answer) => {
        const after = await readEntity(entity, callers.admin as Caller);
        if (answer.status >= 400 && after !== before) {
          throw new Error(`${entity.iri} changed after a refused write (${body.kind} → ${answer.status})`);
        }
        before = after;
      });
    });
    phase('read-backs', readBackStarted);
    console.log(
      `Fuzz sweep (seed ${SEED}): ${fuzzRequests} requests over ${routes.length} routes that take a body ` +
        `(${withSchema.length} with a body schema, ${runs} bodies each; ${readBack.length} with a read-back after ` +
        `refused writes) in ${Math.round((Date.now() - started) / 1000)} s (${phases.join(', ')}).\nAnswers by body kind: ` +
        `${JSON.stringify(Object.fromEntries(Object.entries(tally).sort()))}\n` +
        `Slowest routes (time in flight, 12 at once): ${slowest(6)}.\n` +
        `Failures: ${failures.length}. Routes without an entity to write to (an id none has): ${withIds
          .filter((target) => !target.entity)
          .map((target) => target.route.id)
          .join(', ')}`,
    );
    expect(failures).toEqual([]);
    expect(fuzzRequests).toBeGreaterThanOrEqual(MIN_REQUESTS);
    // Every route that changed something recorded it, once: a route the audit misses fails here.
    const since = encodeURIComponent(new Date(started).toISOString());
    const auditCount = async (action?: string) => {
      const audit = await send({
        method: 'GET',
        path: `/api/audit?at[after]=${since}&itemsPerPage=1${action ? `&action=${action}` : ''}`,
        ...tenant.superAdmin,
      });
      return (audit.json as { 'hydra:totalItems': number })['hydra:totalItems'];
    };
    const rowEntries = async () => {
      let count = 0;
      for (const action of ROWS_AUDITED_LATER) count += await auditCount(action);
      return count;
    };
    // A bulk edit's worker may still be writing rows while these are read: the others are what is left between.
    const rowsBefore = await rowEntries();
    const total = await auditCount();
    const rowsAfter = await rowEntries();
    expect(total - rowsAfter).toBeLessThanOrEqual(auditableWrites);
    expect(total - rowsBefore).toBeGreaterThanOrEqual(auditableWrites);
  }, 900_000);

  it('answers 413 in the error format to a body larger than the gateway takes', async () => {
    const answer = await sendAlone({
      path: '/api/assets',
      ...tenant.superAdmin,
      body: JSON.stringify({ name: 'x'.repeat(11 * 1024 * 1024) }),
    });
    expect(answer.status).toBe(413);
    expect(isHydraError(413, JSON.parse(answer.text))).toBe(true);
  });
});

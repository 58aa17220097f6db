import { randomBytes } from 'node:crypto';
import type { RouteDef } from '../../shared/routes';
import { tokenOf } from '../harness/api';
import {
  CODE_RULES,
  describeOutcome,
  expectedOutcome,
  type Outcome,
  outcomeOf,
  type RoleMatrix,
  roleMatrixOf,
} from '../harness/sweep/access';
import { inParallel, membersOf, send } from '../harness/sweep/client';
import { ALL_ROUTES, harmlessRequest } from '../harness/sweep/routes';
import { SWEEP_STEP_TIMEOUT_MS } from '../harness/sweep/step-timeout';
import { decodePayload } from '../harness/tokens';

jest.setTimeout(SWEEP_STEP_TIMEOUT_MS);

/**
 * Every route of shared/routes.ts × every kind of caller (the demo tenant's seeded roles, an API credential's
 * token, no token): the outcome (allowed / 403 / 401) is computed from the route's access in the table and
 * the tenant's role matrix as the API answers it, plus the few handler rules in CODE_RULES. Requests are
 * harmless (ids that do not exist, a body no schema accepts), so "allowed" shows as a 404 or 422 and nothing
 * is written. Then each permission of ROLE_USER is taken away through the API in turn: the user's row must
 * follow the changed matrix (the matrix decides, not the role name), and the matrix is restored each time.
 */
interface Caller {
  name: string;
  token?: string;
  roles?: string[];
}

interface ApiRole {
  id: number;
  name: string;
  version: number;
  role_permissions: { permission: string }[];
}

const CONCURRENCY = 8;
const SEEDED = ['superadmin', 'admin', 'user', 'client', 'transporter', 'manager'];

const rolesIn = (token: string) => decodePayload(token)['cognito:groups'] as string[];

async function callerOf(login: string): Promise<Caller> {
  const token = await tokenOf(login);
  return { name: login, token, roles: rolesIn(token) };
}

async function readMatrix(): Promise<{ matrix: RoleMatrix; roles: ApiRole[] }> {
  const answer = await send({ method: 'GET', path: '/api/role-matrix', token: await tokenOf('admin') });
  expect(answer.status).toBe(200);
  return { matrix: roleMatrixOf(answer.json), roles: membersOf(answer.json) as ApiRole[] };
}

/** Sends every route for every caller; the mismatches, each naming route, caller and both statuses. */
async function sweep(callers: Caller[], matrix: RoleMatrix) {
  const cells = ALL_ROUTES.flatMap((route) => callers.map((caller): [RouteDef, Caller] => [route, caller]));
  const failures: string[] = [];
  const tally: Record<string, number> = {};
  await inParallel(cells, CONCURRENCY, async ([route, caller]) => {
    const request = harmlessRequest(route);
    const answer = await send({ ...request, token: caller.token });
    const expected = expectedOutcome(route, caller.roles, matrix);
    const actual: Outcome = outcomeOf(answer.status);
    tally[describeOutcome(actual)] = (tally[describeOutcome(actual)] ?? 0) + 1;
    if (actual !== expected.outcome || answer.status >= 500) {
      failures.push(
        `${route.id} (${request.method} ${request.path}) as ${caller.name} [${caller.roles ?? 'no token'}]: ` +
          `expected ${describeOutcome(expected.outcome)} (${expected.why}), got ${answer.status} ${answer.text.slice(0, 120)}`,
      );
    }
  });
  return { failures, checked: cells.length, tally };
}

async function saveRole(role: ApiRole, permissions: string[]): Promise<ApiRole> {
  const answer = await send({
    method: 'PUT',
    path: `/api/roles/${role.id}`,
    token: await tokenOf('admin'),
    body: JSON.stringify({
      role_permissions: permissions.map((permission) => ({ permission })),
      version: role.version,
    }),
  });
  expect(answer.status).toBe(200);
  return answer.json as ApiRole;
}

describe('permission sweep: every route × every role, from the table and the role matrix', () => {
  let callers: Caller[];
  let credentialId: number;

  beforeAll(async () => {
    const admin = await tokenOf('admin');
    const credential = await send({
      method: 'POST',
      path: '/api/tokens',
      token: admin,
      body: JSON.stringify({ name: `Permission sweep ${randomBytes(4).toString('hex')}` }),
    });
    expect(credential.status).toBe(201);
    const { id, client_id, client_secret } = credential.json as {
      id: number;
      client_id: string;
      client_secret: string;
    };
    credentialId = id;
    const issued = await send({
      method: 'POST',
      path: '/api/oauth/token',
      body: JSON.stringify({ grant_type: 'client_credentials', client_id, client_secret }),
    });
    expect(issued.status).toBe(200);
    const apiToken = (issued.json as { access_token: string }).access_token;
    callers = [
      ...(await Promise.all(SEEDED.map(callerOf))),
      { name: 'API credential', token: apiToken, roles: rolesIn(apiToken) },
      { name: 'anonymous' },
    ];
  });

  afterAll(async () => {
    await send({ method: 'DELETE', path: `/api/tokens/${credentialId}`, token: await tokenOf('admin') });
  });

  it('gives each caller what the table and the matrix say, on every route', async () => {
    const { matrix } = await readMatrix();
    const { failures, checked, tally } = await sweep(callers, matrix);
    console.log(
      `Permission sweep: ${ALL_ROUTES.length} routes × ${callers.length} callers (${callers.map((c) => c.name).join(', ')}) ` +
        `= ${checked} checked: ${JSON.stringify(tally)}.\nHandler rules beyond the table:\n  ${CODE_RULES.map(
          (rule) => `${rule.routes.join(', ')} → ${rule.status} for ${rule.roles}: ${rule.reason}`,
        ).join('\n  ')}`,
    );
    expect(failures).toEqual([]);
  });

  it('follows the matrix: each permission taken from ROLE_USER refuses the user where it was the only grant', async () => {
    const user = callers.find((caller) => caller.name === 'user') as Caller;
    const original = (await readMatrix()).roles.find((role) => role.name === 'ROLE_USER') as ApiRole;
    const granted = original.role_permissions.map((p) => p.permission);
    const failures: string[] = [];
    const flipped: string[] = [];
    let checked = 0;
    for (const permission of granted) {
      const before = (await readMatrix()).matrix;
      let saved = await saveRole(
        (await readMatrix()).roles.find((role) => role.name === 'ROLE_USER') as ApiRole,
        granted.filter((p) => p !== permission),
      );
      try {
        const { matrix } = await readMatrix();
        expect(matrix.get('ROLE_USER')?.has(permission)).toBe(false);
        const result = await sweep([user], matrix);
        failures.push(...result.failures);
        checked += result.checked;
        const lost = ALL_ROUTES.filter(
          (route) =>
            expectedOutcome(route, user.roles, before).outcome === 'allowed' &&
            expectedOutcome(route, user.roles, matrix).outcome === 403,
        );
        flipped.push(`${permission}: ${lost.map((route) => route.id).join(', ') || '(no route needs it alone)'}`);
      } finally {
        saved = await saveRole(saved, granted);
      }
    }
    console.log(
      `Matrix sweep: ${granted.length} permissions of ROLE_USER removed one at a time, ${checked} user requests checked; ` +
        `routes refused once the permission was gone:\n  ${flipped.join('\n  ')}`,
    );
    expect(failures).toEqual([]);
    expect(flipped.some((line) => !line.endsWith('(no route needs it alone)'))).toBe(true);
    const restored = (await readMatrix()).matrix.get('ROLE_USER');
    expect([...(restored ?? [])].sort()).toEqual([...granted].sort());
  });

  it('keeps each route to its audience when the matrix grants client users and transporters all an admin holds', async () => {
    const { roles } = await readMatrix();
    const everything = (roles.find((role) => role.name === 'ROLE_ADMIN') as ApiRole).role_permissions.map(
      (p) => p.permission,
    );
    const widened = ['ROLE_CLIENT', 'ROLE_TRANSPORTER'].map(
      (name) => roles.find((role) => role.name === name) as ApiRole,
    );
    const saved: ApiRole[] = [];
    try {
      for (const role of widened) saved.push(await saveRole(role, everything));
      const { matrix } = await readMatrix();
      const outsiders = callers.filter((caller) => caller.name === 'client' || caller.name === 'transporter');
      const { failures } = await sweep(outsiders, matrix);
      // Refused by the audience alone: the matrix grants them, the table's `only` does not.
      const byAudience = ALL_ROUTES.filter((route) =>
        outsiders.some((caller) => expectedOutcome(route, caller.roles, matrix).why.includes('only')),
      );
      expect(byAudience.length).toBeGreaterThan(30);
      expect(failures).toEqual([]);
    } finally {
      for (const [i, role] of saved.entries())
        await saveRole(
          role,
          (widened[i] as ApiRole).role_permissions.map((p) => p.permission),
        );
    }
  });
});

import { randomBytes } from 'node:crypto';
import { LOGIN_REFUSALS } from '../../functions/lib/security/limits';
import { EMAIL_TAKEN } from '../../functions/lib/users/user-accounts';
import { LOGIN_PROBE_LIMIT_REACHED } from '../../shared/schemas/user';
import { call, DEMO_PASSWORD } from '../harness/api';
import { addTenantUser, createOwnTenant, type OwnTenant, removeOwnTenant } from '../harness/own-tenant';

/**
 * The e-mail oracle of the shared user pool (docs/security.md "Learning who has an account through user creation"):
 * "in use" for an address another tenant's login holds tells that somebody there has it, so a tenant's admin may
 * learn that a limited number of times a day; then user creation is refused with 429 before any address is looked
 * up. An address in use in the admin's own tenant is no secret to them and is not counted.
 */
interface Answer {
  detail?: string;
  violations?: { propertyPath: string; message: string }[];
}

let prober: OwnTenant;
let holder: OwnTenant;
let heldEmail: string;
let ownEmail: string;

beforeAll(async () => {
  [prober, holder] = await Promise.all([createOwnTenant('Login prober'), createOwnTenant('Login holder')]);
  heldEmail = `${await addTenantUser(holder, ['ROLE_USER'])}@own.local`;
  ownEmail = `${await addTenantUser(prober, ['ROLE_USER'])}@own.local`;
});
afterAll(async () => {
  await removeOwnTenant(prober);
  await removeOwnTenant(holder);
});

const createUser = (email: string) =>
  call<Answer>('POST', '/api/users', {
    ...prober.superAdmin,
    body: { name: 'Probe', email, roles: ['ROLE_USER'], password: DEMO_PASSWORD },
  });

describe('e-mail oracle of the shared user pool', () => {
  it('does not count an address in use in the admin’s own tenant', async () => {
    for (let i = 0; i < LOGIN_REFUSALS.limit + 2; i++) {
      const answer = await createUser(ownEmail);
      expect([answer.status, answer.body.violations]).toEqual([422, [{ propertyPath: 'email', message: EMAIL_TAKEN }]]);
    }
  });

  it('answers another tenant’s address as in use a limited number of times a day, then 429 for any address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_REFUSALS.limit + 1; i++) statuses.push((await createUser(heldEmail)).status);
    expect(statuses.slice(0, LOGIN_REFUSALS.limit)).toEqual(Array(LOGIN_REFUSALS.limit).fill(422));
    expect(statuses.at(-1)).toBe(429);
    // Spent, a free address is refused the same way: answering it 201 would be the oracle again.
    const free = await createUser(`free-${randomBytes(4).toString('hex')}@own.local`);
    expect([free.status, free.body.detail]).toEqual([429, LOGIN_PROBE_LIMIT_REACHED]);
    expect(Number(free.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

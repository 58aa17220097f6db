import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_NAME } from '../../scripts/local/config';
import { DEFAULT_RETENTION, RETENTION_BOUNDS, retentionOutOfBounds } from '../../shared/schemas/retention';
import { call, tokenOf } from '../harness/api';
import { addTenantUser, createOwnTenant, type OwnTenant, removeOwnTenant } from '../harness/own-tenant';
import { localTable } from '../harness/stack';

/**
 * The tenant's retention periods: administrators read and save them within the product's bounds, and writers
 * give what they write the tenant's period (checked on an audit entry's TTL in the table). A tenant of this
 * file's own, so "nothing saved yet" holds.
 */
interface Settings {
  auditEntryDays: number;
  loanDayYears: number;
  version: number | null;
}
interface Violations {
  violations: { propertyPath: string; message: string }[];
}

const PATH = '/api/retention-settings';
let own: OwnTenant;
let admin: string;

beforeAll(async () => {
  own = await createOwnTenant('Retention');
  admin = await tokenOf(own.adminLogin);
});
afterAll(() => removeOwnTenant(own));

describe('retention settings', () => {
  it('answers the defaults until saved, saves within the bounds, and refuses a stale or missing version', async () => {
    const first = await call<Settings>('GET', PATH, { token: admin });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ ...DEFAULT_RETENTION, version: null });

    const { min, max } = RETENTION_BOUNDS.auditEntryDays;
    for (const [field, value] of [
      ['auditEntryDays', min - 1],
      ['auditEntryDays', max + 1],
      ['auditEntryDays', 120.5],
      ['loanDayYears', 3],
      ['locatedEventDays', '90'],
    ] as const) {
      const refused = await call<Violations>('PUT', PATH, {
        token: admin,
        body: { ...DEFAULT_RETENTION, [field]: value, version: null },
      });
      expect(refused.status).toBe(422);
      expect(refused.body.violations.map((violation) => violation.propertyPath)).toEqual([field]);
    }
    const tooShort = await call<Violations>('PUT', PATH, {
      token: admin,
      body: { ...DEFAULT_RETENTION, auditEntryDays: 1, version: null },
    });
    expect(tooShort.body.violations[0]?.message).toBe(retentionOutOfBounds(min, max));

    const saved = await call<Settings>('PUT', PATH, {
      token: admin,
      body: { ...DEFAULT_RETENTION, auditEntryDays: 120, version: null },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ auditEntryDays: 120, version: 1 });
    expect((await call<Settings>('GET', PATH, { token: admin })).body).toMatchObject({
      auditEntryDays: 120,
      version: 1,
    });
    // Saved once: a second "first save" and a stale version are refused, nothing is overwritten.
    const again = await call('PUT', PATH, { token: admin, body: { ...DEFAULT_RETENTION, version: null } });
    expect(again.status).toBe(422);
    const stale = await call('PUT', PATH, { token: admin, body: { ...DEFAULT_RETENTION, version: 2 } });
    expect(stale.status).toBe(409);
    expect((await call<Settings>('GET', PATH, { token: admin })).body.auditEntryDays).toBe(120);
  });

  it("gives an audit entry written after the save the tenant's period", async () => {
    const asset = await call<{ id: number }>('POST', '/api/assets', {
      token: admin,
      body: { name: `Kept ${Date.now()}` },
    });
    expect(asset.status).toBe(201);
    const history = await call<{ 'hydra:member': { id: string; at: string }[] }>(
      'GET',
      `/api/audit?entityType=assets&entityId=${asset.body.id}`,
      { token: admin },
    );
    const entry = history.body['hydra:member'][0];
    expect(entry).toBeDefined();
    const { Item } = await localTable().client.send(
      new GetCommand({ TableName: TABLE_NAME, Key: { pk: `T#${own.tenantId}#AUDIT`, sk: entry?.id } }),
    );
    const days = (Number(Item?.expiresAt) - Date.parse(entry?.at ?? '') / 1000) / 86_400;
    expect(days).toBeCloseTo(120, 3);
  });

  it('is for administrators only, and is not one of the frontend settings every user reads', async () => {
    const login = await addTenantUser(own, ['ROLE_USER']);
    const user = await tokenOf(login);
    expect((await call('GET', PATH, { token: user })).status).toBe(403);
    expect((await call('PUT', PATH, { token: user, body: { ...DEFAULT_RETENTION, version: 1 } })).status).toBe(403);
    expect((await call('GET', PATH)).status).toBe(401);
    const listed = await call<{ 'hydra:member': { name: string }[] }>('GET', '/api/frontend-settings', {
      token: admin,
    });
    expect(listed.body['hydra:member'].map((setting) => setting.name)).not.toContain('retention');
    const asFrontend = await call('POST', '/api/frontend-settings', {
      token: admin,
      body: { name: 'retention', data: DEFAULT_RETENTION },
    });
    expect(asFrontend.status).toBe(422);
    // Another tenant's administrator reads their own tenant's periods, never this one's.
    const acme = await call<Settings>('GET', PATH, { token: await tokenOf('acme-admin') });
    expect(acme.status).toBe(200);
    expect(acme.body.auditEntryDays).not.toBe(120);
  });
});

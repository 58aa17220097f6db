import { randomUUID } from 'node:crypto';
import { call, tokenOf } from '../harness/api';

/**
 * `Idempotency-Key` on the report actions and the asset's update (functions/lib/http/idempotency.ts): the
 * console's offline queue sends a report or a depot check-in / check-out again when it never heard the first
 * answer, and it must be applied once. Counted by what it leaves behind: its audit entry and the asset's state.
 */
type Asset = { id: number; name: string; version: number; status: { status: string } | null };
type AuditPage = { 'hydra:member': { action: string }[] };
type Violations = { violations?: { propertyPath: string; message: string }[] };

/** Delivered is reported of an asset at a customer: demo's customer 1, or none (empty reports only). */
async function newAsset(admin: string, name: string, client: number | null = null): Promise<Asset> {
  const created = await call<Asset>('POST', '/api/assets', { token: admin, body: { name, client } });
  expect(created.status).toBe(201);
  return created.body;
}

const withKey = (token: string, key: string, body?: unknown) => ({ token, body, headers: { 'idempotency-key': key } });

/** The audit entries of one action on one asset, made since the test started (its asset is its own). */
async function reportsAudited(admin: string, assetId: number, action: string) {
  const page = await call<AuditPage>('GET', `/api/audit?entityType=assets&entityId=${assetId}&itemsPerPage=50`, {
    token: admin,
  });
  expect(page.status).toBe(200);
  return page.body['hydra:member'].filter((entry) => entry.action === action).length;
}

describe("Idempotency-Key on the report actions and the asset's update", () => {
  let admin: string;
  let transporter: string;
  let acmeAdmin: string;
  beforeAll(async () => {
    [admin, transporter, acmeAdmin] = await Promise.all([
      tokenOf('admin'),
      tokenOf('transporter'),
      tokenOf('acme-admin'),
    ]);
  });

  it('applies a report sent twice with one key once, and answers the second as the first', async () => {
    const asset = await newAsset(admin, `Idempotent delivered ${randomUUID().slice(0, 8)}`, 1);
    const key = randomUUID();
    const path = `/api/assets/${asset.id}/delivered`;
    const first = await call<Asset>('PUT', path, withKey(transporter, key, { version: asset.version }));
    expect(first.status).toBe(200);
    expect(first.body.status).toMatchObject({ status: 'send_delivered' });
    const again = await call<Asset>('PUT', path, withKey(transporter, key, { version: asset.version }));
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await reportsAudited(admin, asset.id, 'assets.delivered')).toBe(1);
    // Without the key the same send is a new report, which the asset's status now refuses.
    const unkeyed = await call<Violations>('PUT', path, { token: transporter });
    expect(unkeyed.status).toBe(422);
    expect(unkeyed.body.violations?.[0]?.message).toBe('Asset is delivered');
  });

  it('refuses the same key with another request, and a malformed key', async () => {
    const asset = await newAsset(admin, `Idempotent reuse ${randomUUID().slice(0, 8)}`);
    const key = randomUUID();
    expect((await call('PUT', `/api/assets/${asset.id}/deregister`, withKey(transporter, key))).status).toBe(200);
    const reused = await call<Violations>('PUT', `/api/assets/${asset.id}/delivered`, withKey(transporter, key));
    expect(reused.status).toBe(422);
    expect(reused.body.violations?.[0]).toMatchObject({ propertyPath: 'Idempotency-Key' });
    for (const bad of ['x'.repeat(65), 'has space', 'semi;colon']) {
      const refused = await call<Violations>('PUT', `/api/assets/${asset.id}/delivered`, withKey(transporter, bad));
      expect([bad, refused.status, refused.body.violations?.[0]?.propertyPath]).toEqual([bad, 422, 'Idempotency-Key']);
    }
    expect(await reportsAudited(admin, asset.id, 'assets.delivered')).toBe(0);
  });

  it("keeps another tenant's use of the same key apart", async () => {
    const ours = await newAsset(admin, `Idempotent ours ${randomUUID().slice(0, 8)}`);
    const theirs = await newAsset(acmeAdmin, `Idempotent theirs ${randomUUID().slice(0, 8)}`);
    const key = randomUUID();
    const mine = await call<Asset>('PUT', `/api/assets/${ours.id}/deregister`, withKey(admin, key));
    expect(mine.status).toBe(200);
    const other = await call<Asset>('PUT', `/api/assets/${theirs.id}/deregister`, withKey(acmeAdmin, key));
    expect(other.status).toBe(200);
    expect(other.body.id).toBe(theirs.id);
    expect(other.body.status).toMatchObject({ status: 'send_deregistered' });
    expect(await reportsAudited(acmeAdmin, theirs.id, 'assets.deregister')).toBe(1);
  });

  it('applies once when two sends of one key arrive together', async () => {
    const asset = await newAsset(admin, `Idempotent together ${randomUUID().slice(0, 8)}`);
    const key = randomUUID();
    const path = `/api/assets/${asset.id}/deregister`;
    const answers = await Promise.all([1, 2, 3].map(() => call('PUT', path, withKey(transporter, key))));
    // The key's claim lets one run; the others answer its stored answer, or 409 while it is still running.
    const statuses = answers.map((answer) => answer.status);
    expect(statuses).toContain(200);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    expect(await reportsAudited(admin, asset.id, 'assets.deregister')).toBe(1);
  });

  it("applies a depot check-out sent twice with one key once (the asset's update), and answers the second as the first", async () => {
    const asset = await newAsset(admin, `Idempotent check-out ${randomUUID().slice(0, 8)}`);
    const key = randomUUID();
    const path = `/api/assets/${asset.id}`;
    const checkOut = { name: asset.name, version: asset.version, client: 1, status: 'registered' };
    const first = await call<Asset>('PUT', path, withKey(admin, key, checkOut));
    expect(first.status).toBe(200);
    expect(first.body.version).toBe(asset.version + 1);
    const again = await call<Asset>('PUT', path, withKey(admin, key, checkOut));
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await reportsAudited(admin, asset.id, 'assets.update')).toBe(1);
    const stored = await call<Asset & { client: { id: number } | null }>('GET', path, { token: admin });
    expect([stored.body.version, stored.body.client?.id, stored.body.status?.status]).toEqual([
      asset.version + 1,
      1,
      'registered',
    ]);
    // Without the key the same send is a new update on a version that has passed: 409, nothing overwritten.
    expect((await call('PUT', path, { token: admin, body: checkOut })).status).toBe(409);
  });

  it('runs a refused send again when retried: only answers that applied are kept', async () => {
    const asset = await newAsset(admin, `Idempotent refused ${randomUUID().slice(0, 8)}`);
    const key = randomUUID();
    const path = `/api/assets/${asset.id}/deregister`;
    const stale = await call('PUT', path, withKey(transporter, key, { version: asset.version + 1 }));
    expect(stale.status).toBe(409);
    const retried = await call('PUT', path, withKey(transporter, key, { version: asset.version + 1 }));
    expect(retried.status).toBe(409);
    expect(await reportsAudited(admin, asset.id, 'assets.deregister')).toBe(0);
  });
});

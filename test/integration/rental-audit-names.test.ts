import { systemTenantContext } from '../../functions/lib/data/system-context';
import { auditNamesReader } from '../../functions/lib/rental-audit/audit-names';
import type { RentalAuditLine } from '../../shared/schemas/rental-audit';
import { call } from '../harness/api';
import { createOwnTenant, type OwnTenant, removeOwnTenant } from '../harness/own-tenant';
import { pointProcessAtStack } from '../harness/stack';

/**
 * The names the rental audit's export gives beside the ids (functions/lib/rental-audit/audit-names.ts), against
 * the local table in a tenant of this file's own: read by the answer's ids past one BatchGetItem's 100 keys, kept
 * across the answers of one export (a name read once is not read again), empty for an id the tenant has not got.
 */
let tenant: OwnTenant;
let customer: number;
let asset: number;

const line = (customerId: number, assetId: number | null): RentalAuditLine =>
  ({ externalId: `L-${customerId}-${assetId}`, customer: customerId, asset: assetId }) as RentalAuditLine;

beforeAll(async () => {
  pointProcessAtStack();
  tenant = await createOwnTenant('Rental audit names');
  const created = await call<{ id: number }>('POST', '/api/clients', {
    ...tenant.superAdmin,
    body: { name: 'Names contact', company: 'Names Rentals', email: `names-${tenant.tenantId}@own.local` },
  });
  expect(created.status).toBe(201);
  customer = created.body.id;
  const made = await call<{ id: number }>('POST', '/api/assets', {
    ...tenant.superAdmin,
    body: { name: 'Names trailer', reference: 'TR-9' },
  });
  expect(made.status).toBe(201);
  asset = made.body.id;
}, 120_000);

afterAll(async () => {
  await removeOwnTenant(tenant);
});

describe('the rental audit export’s names', () => {
  it('names the answer’s customers and assets past 100 ids, and keeps them for the later answers', async () => {
    const namesOf = auditNamesReader(systemTenantContext(String(tenant.tenantId)));
    // 150 ids the tenant has not got besides the real ones: two BatchGetItem calls of each type.
    const missing = Array.from({ length: 150 }, (_, i) => 900_000 + i);
    const first = await namesOf([line(customer, asset), line(customer, null), ...missing.map((id) => line(id, id))]);
    expect(first.customer(customer)).toBe('Names Rentals');
    expect(first.asset(asset)).toEqual({ name: 'Names trailer', reference: 'TR-9' });
    expect(first.asset(null)).toEqual({ name: null, reference: null });
    for (const id of [missing[0], missing[149]] as number[]) {
      expect(first.customer(id)).toBeNull();
      expect(first.asset(id)).toEqual({ name: null, reference: null });
    }

    // Renamed after the first answer: the export keeps the name it read, so an id is read once per export.
    const renamed = await call('PUT', `/api/assets/${asset}`, {
      ...tenant.superAdmin,
      body: { name: 'Names trailer renamed', reference: 'TR-9' },
    });
    expect(renamed.status).toBe(200);
    const later = await namesOf([line(customer, asset)]);
    expect(later.asset(asset)).toEqual({ name: 'Names trailer', reference: 'TR-9' });
    // A new export reads it again.
    const again = await auditNamesReader(systemTenantContext(String(tenant.tenantId)))([line(customer, asset)]);
    expect(again.asset(asset)).toEqual({ name: 'Names trailer renamed', reference: 'TR-9' });
  });
});

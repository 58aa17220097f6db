import { ASSET_STATUS_VALUES } from '../../../shared/schemas/asset-status';
import { assetStatusRepository } from '../assets/asset-status';
import { defaultRoleMatrix, roleRepository } from '../auth/role-matrix';
import { tableName } from '../data/client';
import { counterKey } from '../data/keys';
import { systemTenantContext } from '../data/system-context';
import type { TransactItem } from '../data/transaction';
import { type TenantRecord, tenantRepository } from './tenant-repository';

/**
 * Creating a tenant is platform work, not work inside the caller's tenant, so it lives here (request handlers
 * never build contexts). One transaction: the registry entry (with its subdomain claim), the tenant's role matrix,
 * its asset statuses and their counters are written together under a freshly allocated id, so a tenant exists
 * whole or not at all, across a crash too, and creating one costs one round trip rather than two a record.
 */
export async function provisionTenant(data: Omit<TenantRecord, 'id' | 'version'>): Promise<TenantRecord> {
  const id = await tenantRepository.nextId();
  const ctx = systemTenantContext(id);
  const roles = defaultRoleMatrix().map((role, index) => ({ ...role, id: index + 1, version: 1 }));
  const statuses = ASSET_STATUS_VALUES.map((status, index) => ({ status, id: index + 1, version: 1 }));
  return tenantRepository.create(data, id, [
    ...roles.map((role) => firstItem(roleRepository.toItem(ctx, role))),
    ...statuses.map((status) => firstItem(assetStatusRepository.toItem(ctx, status))),
    firstItem({ ...counterKey(ctx, roleRepository.model.type), lastId: roles.length, itemCount: roles.length }),
    firstItem({
      ...counterKey(ctx, assetStatusRepository.model.type),
      lastId: statuses.length,
      itemCount: statuses.length,
    }),
  ]);
}

/** A put of an item a new tenant cannot have yet. */
const firstItem = (item: object): TransactItem => ({
  Put: { TableName: tableName(), Item: { ...item }, ConditionExpression: 'attribute_not_exists(pk)' },
});

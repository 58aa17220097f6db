import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ensureAssetStatuses } from '../assets/asset-status';
import { defaultRoleMatrix, roleRepository } from '../auth/role-matrix';
import { dynamo, tableName } from '../data/client';
import { tenantPrefix } from '../data/keys';
import { systemTenantContext } from '../data/system-context';
import type { TenantContext } from '../data/tenant-context';
import { type TenantRecord, tenantRepository } from './tenant-repository';

/**
 * Creating a tenant is platform work, not work inside the caller's tenant, so it lives here (request
 * handlers never build contexts). All or nothing by ordering: the new tenant's role matrix and asset
 * statuses are written first under a freshly allocated id, and the registry entry last; until that entry
 * exists nobody can reach the tenant (auth-context.ts checks it). If any step fails, what was written under
 * the new id is removed again before the error is passed on.
 */
export async function provisionTenant(data: Omit<TenantRecord, 'id' | 'version'>): Promise<TenantRecord> {
  const id = await tenantRepository.nextId();
  const ctx = systemTenantContext(id);
  try {
    for (const role of defaultRoleMatrix()) await roleRepository.create(ctx, role);
    await ensureAssetStatuses(ctx);
    return await tenantRepository.create(data, id);
  } catch (error) {
    await removeTenantItems(ctx, ['ROLE', 'ASSET_STATUS', 'COUNTER']).catch(() => undefined);
    throw error;
  }
}

/** Deletes every item of the given partitions of a tenant (a handful of small partitions; no Scan). */
async function removeTenantItems(ctx: TenantContext, partitions: string[]): Promise<void> {
  for (const partition of partitions) {
    const result = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `${tenantPrefix(ctx)}${partition}` },
        ProjectionExpression: 'pk, sk',
      }),
    );
    for (const key of result.Items ?? [])
      await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: { pk: key.pk, sk: key.sk } }));
  }
}

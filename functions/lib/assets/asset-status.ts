import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  ASSET_STATUS_VALUES,
  type AssetStatus,
  type AssetStatusValue,
  assetStatusSchema,
} from '../../../shared/schemas/asset-status';
import { ACCESS_PATTERNS } from '../../../shared/table';
import { dynamo, tableName } from '../data/client';
import { typePartition } from '../data/keys';
import { createRepository, fromItem, type Stored } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';
import { allowListOf } from '../http/allow-list';

/** One entry of a tenant's asset status list (GET /api/asset-statuses); assets embed { id, status }. */
export type AssetStatusRecord = Omit<AssetStatus, '@id' | '@type'> & Pick<Stored, 'version'>;

export const assetStatusPartition = (ctx: TenantContext) => typePartition(ctx, 'ASSET_STATUS');

/**
 * Asset statuses (spec 000 s.3, s.4).
 *  - table  pk T#<t>#ASSET_STATUS, sk ASSET_STATUS#<id>     the list (six entries), get by id
 *  - gsi1   byValue: T#<t>#ASSET_STATUS / <status value>     the entry named e.g. registered (choosing a
 *           customer resets an asset to it; delivered/deregister reports set send_delivered/send_deregistered)
 */
export const assetStatusRepository = createRepository<AssetStatusRecord>({
  type: 'ASSET_STATUS',
  indexKeys: (ctx, entry) => ({ gsi1pk: assetStatusPartition(ctx), gsi1sk: entry.status }),
});

/** The whole list in id order, optionally narrowed by a search on the value (one small partition). */
export async function listAssetStatuses(ctx: TenantContext, search?: string): Promise<AssetStatusRecord[]> {
  const { items } = await assetStatusRepository.page(ctx, { page: 1, itemsPerPage: 100 });
  const needle = search?.trim().toLowerCase();
  return needle ? items.filter((entry) => entry.status.includes(needle)) : items;
}

export async function findAssetStatus(
  ctx: TenantContext,
  value: AssetStatusValue,
): Promise<AssetStatusRecord | undefined> {
  const result = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: ACCESS_PATTERNS.assetStatusesByValue,
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :value',
      ExpressionAttributeValues: { ':pk': assetStatusPartition(ctx), ':value': value },
      Limit: 1,
    }),
  );
  const item = result.Items?.[0];
  return item ? fromItem<AssetStatusRecord>(item) : undefined;
}

/** Creates the missing entries of the status list (new tenants, seed), in ASSET_STATUS_VALUES order. */
export async function ensureAssetStatuses(ctx: TenantContext): Promise<AssetStatusRecord[]> {
  const existing = await listAssetStatuses(ctx);
  const created: AssetStatusRecord[] = [];
  for (const status of ASSET_STATUS_VALUES) {
    if (!existing.some((entry) => entry.status === status)) {
      created.push(await assetStatusRepository.create(ctx, { status }));
    }
  }
  return [...existing, ...created];
}

/** What an asset embeds of its status. */
export const assetStatusRef = (entry: Pick<AssetStatusRecord, 'id' | 'status'>) => ({
  id: entry.id,
  status: entry.status,
});

const allowedAssetStatus = allowListOf(assetStatusSchema);

export const toApiAssetStatus = (entry: AssetStatusRecord): AssetStatus =>
  allowedAssetStatus({ '@id': `/api/asset-statuses/${entry.id}`, '@type': 'AssetStatus', ...entry });

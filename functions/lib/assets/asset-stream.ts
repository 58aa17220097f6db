import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { batchGetByIds } from '../data/batch-get';
import { dynamo, tableName } from '../data/client';
import { tenantPrefix } from '../data/keys';
import { fromItem } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';
import { CANDIDATE_ATTRIBUTES } from './asset-candidates';
import { type AssetFilters, type AssetListRequest, matchesFilters } from './asset-query';
import {
  ASSET_CLIENT_INDEX,
  ASSET_SORT_INDEXES,
  type AssetRecord,
  assetPartition,
  assetRepository,
  clientAssetsPartition,
} from './asset-repository';
import { readSearchMatches } from './asset-search';

/**
 * Every asset of a list request (filters and order as GET /api/assets reads them), in list order, as batches
 * of full items: what an export writes. Spec 000: "File reading chunk size for export: 512".
 *  - unfiltered: the sort's index (or the table for id order) read 512 items a Query, page after page;
 *    memory holds one page whatever the tenant's size;
 *  - a search with few matches: the search catalogue names them (filtered and in list order, as the list does);
 *  - other filters: the candidates are read once with a small projection and only the matching ids and their
 *    sort keys are kept;
 *  then the full items are fetched 512 at a time (BatchGetItem, 100 keys a call).
 */
export const EXPORT_BATCH_SIZE = 512;

type Order = AssetListRequest['order'];
interface Source {
  index?: string;
  partitionAttribute: string;
  partition: string;
}

const hasFilters = (filters: AssetFilters) => Object.values(filters).some((value) => value !== undefined);

/** Where the list's order lives: the sort's index, a customer's gsi6 partition, or the table (id order). */
function sourceOf(ctx: TenantContext, filters: AssetFilters, order: Order): Source {
  if (filters.clientId !== undefined) {
    const partition = clientAssetsPartition(ctx, filters.clientId);
    return { index: ASSET_CLIENT_INDEX, partitionAttribute: `${ASSET_CLIENT_INDEX}pk`, partition };
  }
  if (order.field === 'id') return { partitionAttribute: 'pk', partition: assetPartition(ctx) };
  const index = ASSET_SORT_INDEXES[order.field];
  return { index, partitionAttribute: `${index}pk`, partition: assetPartition(ctx) };
}

/** One partition, page by page (Limit 512), in the direction asked; the partition must be the tenant's. */
async function* queryPages(
  ctx: TenantContext,
  source: Source,
  ascending: boolean,
  extra: Pick<QueryCommandInput, 'ProjectionExpression' | 'ExpressionAttributeNames'> = {},
): AsyncGenerator<Record<string, unknown>[]> {
  if (!source.partition.startsWith(tenantPrefix(ctx))) throw new Error('Partition outside the tenant');
  let startKey: Record<string, unknown> | undefined;
  do {
    const result = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        ...(source.index ? { IndexName: source.index } : {}),
        KeyConditionExpression: '#pk = :pk',
        ...extra,
        ExpressionAttributeNames: { ...extra.ExpressionAttributeNames, '#pk': source.partitionAttribute },
        ExpressionAttributeValues: { ':pk': source.partition },
        ScanIndexForward: ascending,
        Limit: EXPORT_BATCH_SIZE,
        ExclusiveStartKey: startKey,
      }),
    );
    if (result.Items?.length) yield result.Items;
    startKey = result.LastEvaluatedKey;
  } while (startKey);
}

/** Ids of the matching assets in list order; only ids and sort keys stay in memory. */
async function matchingIds(ctx: TenantContext, filters: AssetFilters, order: Order): Promise<number[]> {
  const source = sourceOf(ctx, filters, order);
  const sortAttribute = order.field === 'id' ? undefined : `${ASSET_SORT_INDEXES[order.field]}sk`;
  const attributes = [...CANDIDATE_ATTRIBUTES, ...(sortAttribute ? [sortAttribute] : [])];
  const names = Object.fromEntries(attributes.map((attribute, i) => [`#a${i}`, attribute]));
  const projection = { ProjectionExpression: Object.keys(names).join(', '), ExpressionAttributeNames: names };
  const matches: { id: number; key: string | number }[] = [];
  for await (const page of queryPages(ctx, source, order.direction === 'asc', projection)) {
    for (const item of page as Parameters<typeof matchesFilters>[0][]) {
      if (!matchesFilters(item, filters)) continue;
      matches.push({ id: item.id, key: sortAttribute ? String(item[sortAttribute]) : item.id });
    }
  }
  // A customer's partition is in id order: sort by the index's own key so the order equals the list's.
  if (source.index === ASSET_CLIENT_INDEX || order.field === 'id') {
    const sign = order.direction === 'asc' ? 1 : -1;
    matches.sort((a, b) => (a.key < b.key ? -sign : a.key > b.key ? sign : 0));
  }
  return matches.map((match) => match.id);
}

/**
 * A search names its matches through the search catalogue (asset-search.ts) instead of reading every candidate:
 * when they are few, the ids come back filtered and in list order. undefined: read the candidates instead.
 */
async function searchedIds(ctx: TenantContext, filters: AssetFilters, order: Order): Promise<number[] | undefined> {
  if (!filters.search) return undefined;
  const read = await readSearchMatches(ctx, filters.search, order, (candidate) => matchesFilters(candidate, filters));
  return read.kind === 'exact' ? read.read.matches.map((match) => match.id) : undefined;
}

/** Full items of the ids, in the ids' order. An asset deleted between the two reads is simply left out. */
async function fetchAssets(ctx: TenantContext, ids: readonly number[]): Promise<AssetRecord[]> {
  const found = new Map<number, AssetRecord>();
  for (const item of await batchGetByIds(ctx, 'ASSET', ids)) {
    const asset = fromItem<AssetRecord>(item);
    found.set(asset.id, asset);
  }
  return ids.flatMap((id) => found.get(id) ?? []);
}

export async function* streamAssets(
  ctx: TenantContext,
  filters: AssetFilters,
  order: Order,
): AsyncGenerator<AssetRecord[]> {
  if (filters.id !== undefined) {
    const asset = await assetRepository.get(ctx, filters.id);
    if (asset && matchesFilters(asset, filters)) yield [asset];
    return;
  }
  if (!hasFilters(filters)) {
    for await (const page of queryPages(ctx, sourceOf(ctx, filters, order), order.direction === 'asc')) {
      yield page.map((item) => fromItem<AssetRecord>(item));
    }
    return;
  }
  const ids = (await searchedIds(ctx, filters, order)) ?? (await matchingIds(ctx, filters, order));
  for (let i = 0; i < ids.length; i += EXPORT_BATCH_SIZE) {
    const batch = await fetchAssets(ctx, ids.slice(i, i + EXPORT_BATCH_SIZE));
    if (batch.length > 0) yield batch;
  }
}

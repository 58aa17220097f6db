import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '../../../shared/table';
import { batchGetByIds } from '../data/batch-get';
import { tableName } from '../data/client';
import { hydratePage, tableKeyOf } from '../data/hydrate';
import { tenantPrefix } from '../data/keys';
import { queryAllPages } from '../data/query-page';
import { fromItem } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';
import { CANDIDATE_ATTRIBUTES } from './asset-candidates';
import { type AssetFilters, type AssetListRequest, matchesFilters } from './asset-query';
import {
  ASSET_CLIENT_SORT_INDEXES,
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
 *  - unfiltered: the sort's list index (or the table for id order) read 512 keys a Query, page after page,
 *    each page's items fetched by key; memory holds one page whatever the tenant's size;
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

/** Where the list's order lives: the sort's list index, the customer's own index in it, or the table (id order). */
function sourceOf(ctx: TenantContext, filters: AssetFilters, order: Order): Source {
  if (filters.clientId !== undefined) {
    const partition = clientAssetsPartition(ctx, filters.clientId);
    const index = ASSET_CLIENT_SORT_INDEXES[order.field];
    return { index, partitionAttribute: `${index}pk`, partition };
  }
  if (order.field === 'id') return { partitionAttribute: 'pk', partition: assetPartition(ctx) };
  const index = ASSET_SORT_INDEXES[order.field];
  return { index, partitionAttribute: `${index}pk`, partition: assetPartition(ctx) };
}

/**
 * One partition, page by page (Limit 512), in the direction asked; the partition must be the tenant's. An index
 * that lacks what is wanted (KEYS_ONLY, or INCLUDE when whole items are wanted) gives the page's keys and the
 * items are fetched by key (data/hydrate.ts) with the same projection.
 */
async function* queryPages(
  ctx: TenantContext,
  source: Source,
  ascending: boolean,
  attributes?: readonly string[],
): AsyncGenerator<Record<string, unknown>[]> {
  const projection = TABLE.indexes.find((index) => index.name === source.index)?.projection ?? 'ALL';
  const byKey = projection === 'KEYS_ONLY' || (projection === 'INCLUDE' && !attributes);
  const read = byKey ? ['pk', 'sk'] : attributes;
  const names = read ? Object.fromEntries(read.map((attribute, i) => [`#a${i}`, attribute])) : undefined;
  const extra: Pick<QueryCommandInput, 'ProjectionExpression' | 'ExpressionAttributeNames'> = names
    ? { ProjectionExpression: Object.keys(names).join(', '), ExpressionAttributeNames: names }
    : {};
  if (!source.partition.startsWith(tenantPrefix(ctx))) throw new Error('Partition outside the tenant');
  const pages = queryAllPages({
    TableName: tableName(),
    ...(source.index ? { IndexName: source.index } : {}),
    KeyConditionExpression: '#pk = :pk',
    ...extra,
    ExpressionAttributeNames: { ...extra.ExpressionAttributeNames, '#pk': source.partitionAttribute },
    ExpressionAttributeValues: { ':pk': source.partition },
    ScanIndexForward: ascending,
    Limit: EXPORT_BATCH_SIZE,
  });
  for await (const result of pages) {
    if (result.Items?.length)
      yield byKey ? await hydratePage(ctx, result.Items.map(tableKeyOf), { attributes }) : result.Items;
  }
}

/** Ids of the matching assets in list order; only ids and sort keys stay in memory. */
async function matchingIds(ctx: TenantContext, filters: AssetFilters, order: Order): Promise<number[]> {
  const source = sourceOf(ctx, filters, order);
  const matches: number[] = [];
  for await (const page of queryPages(ctx, source, order.direction === 'asc', CANDIDATE_ATTRIBUTES)) {
    for (const item of page as Parameters<typeof matchesFilters>[0][])
      if (matchesFilters(item, filters)) matches.push(item.id);
  }
  // Every source is in the list's order (the customer's own index in it too).
  return matches;
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

import { BatchGetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AssetStatusValue } from '../../../shared/schemas/asset-status';
import { dynamo, tableName } from '../data/client';
import { itemKey } from '../data/keys';
import { fromItem } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';
import {
  ASSET_CLIENT_INDEX,
  ASSET_SORT_INDEXES,
  type AssetRecord,
  assetPartition,
  assetRepository,
  clientAssetsPartition,
} from './asset-repository';

/**
 * GET /api/assets (spec 000 s.2, s.7, s.9). Three read plans, cheapest first (docs/data-model.md, "Asset list"):
 *  1. no filter: one Query on the sort's index, Limit = the page (page N reads N pages), total = counter item;
 *  2. `id`: one GetItem, the other filters checked on it;
 *  3. any other filter: the candidates are read once with a small projection (the whole customer partition
 *     on gsi6 when a customer is known, else the sort's index), filtered here, and only the page's items are
 *     fetched in full (BatchGetItem). One pass per request: linear in the candidates, never quadratic.
 * DynamoDB's `contains` is case-sensitive, hence the search is evaluated here rather than as a filter expression.
 */
export type AssetSortField = keyof typeof ASSET_SORT_INDEXES;

export interface AssetFilters {
  search?: string;
  id?: number;
  logicalId?: number;
  daysOutsideGeoZone?: number;
  /** Days (YYYY-MM-DD), inclusive: scheduled dates are days stored at 12:00. */
  scheduledAfter?: string;
  scheduledBefore?: string;
  clientId?: number;
  status?: AssetStatusValue;
}

export interface AssetListRequest {
  filters: AssetFilters;
  /** `id` is the table's own order (client users, whose hidden columns are not sortable). */
  order: { field: AssetSortField | 'id'; direction: 'asc' | 'desc' };
  page: number;
  itemsPerPage: number;
}

export interface AssetListResult {
  items: AssetRecord[];
  total: number;
  /** Items DynamoDB read (index, table and batch reads), reported as x-items-read. */
  itemsRead: number;
}

type Candidate = Pick<
  AssetRecord,
  'id' | 'name' | 'reference' | 'logical_id' | 'days_outside_geo_zone' | 'scheduled' | 'client' | 'status'
> &
  Record<string, unknown>;

const PROJECTED = [
  'id',
  'name',
  'reference',
  'logical_id',
  'days_outside_geo_zone',
  'scheduled',
  'client',
  'status',
] as const;

const day = (value: string) => value.trim().slice(0, 10);

export function matchesFilters(asset: Candidate, filters: AssetFilters): boolean {
  const needle = filters.search?.toLowerCase();
  if (needle && !`${asset.name}\n${asset.reference ?? ''}`.toLowerCase().includes(needle)) return false;
  if (filters.id !== undefined && asset.id !== filters.id) return false;
  if (filters.logicalId !== undefined && asset.logical_id !== filters.logicalId) return false;
  if (filters.daysOutsideGeoZone !== undefined && asset.days_outside_geo_zone !== filters.daysOutsideGeoZone)
    return false;
  if (filters.scheduledAfter || filters.scheduledBefore) {
    if (!asset.scheduled) return false;
    if (filters.scheduledAfter && day(asset.scheduled) < day(filters.scheduledAfter)) return false;
    if (filters.scheduledBefore && day(asset.scheduled) > day(filters.scheduledBefore)) return false;
  }
  if (filters.clientId !== undefined && asset.client?.id !== filters.clientId) return false;
  if (filters.status !== undefined && asset.status?.status !== filters.status) return false;
  return true;
}

const hasFilters = (filters: AssetFilters) => Object.values(filters).some((value) => value !== undefined);

export async function listAssets(ctx: TenantContext, request: AssetListRequest): Promise<AssetListResult> {
  const { filters } = request;
  if (filters.id !== undefined) {
    const asset = await assetRepository.get(ctx, filters.id);
    const items = asset && matchesFilters(asset, filters) && request.page === 1 ? [asset] : [];
    return { items, total: asset && matchesFilters(asset, filters) ? 1 : 0, itemsRead: 1 };
  }
  if (!hasFilters(filters) && request.order.field !== 'id') {
    const indexName = ASSET_SORT_INDEXES[request.order.field];
    const [page, total] = await Promise.all([
      assetRepository.page(ctx, {
        page: request.page,
        itemsPerPage: request.itemsPerPage,
        index: { name: indexName, partition: assetPartition(ctx) },
        ascending: request.order.direction === 'asc',
      }),
      assetRepository.count(ctx),
    ]);
    return { items: page.items, total, itemsRead: page.itemsRead };
  }
  return listFiltered(ctx, request);
}

async function listFiltered(ctx: TenantContext, request: AssetListRequest): Promise<AssetListResult> {
  const { filters, order } = request;
  const sortAttribute = order.field === 'id' ? undefined : `${ASSET_SORT_INDEXES[order.field]}sk`;
  const byClient = filters.clientId !== undefined;
  const source = byClient
    ? { name: ASSET_CLIENT_INDEX, partition: clientAssetsPartition(ctx, filters.clientId as number) }
    : order.field === 'id'
      ? undefined
      : { name: ASSET_SORT_INDEXES[order.field], partition: assetPartition(ctx) };
  const { items: candidates, itemsRead } = await readCandidates(ctx, source, sortAttribute, order.direction);
  const matches = candidates.filter((asset) => matchesFilters(asset, filters));
  if (byClient || !source) {
    // The customer partition is in id order: sort by the same key the sort's index uses, so orders agree.
    // Binary string order, as DynamoDB compares sort keys; ids are compared as numbers.
    const key = (asset: Candidate) => (sortAttribute ? String(asset[sortAttribute]) : asset.id);
    const sign = order.direction === 'asc' ? 1 : -1;
    matches.sort((a, b) => (key(a) < key(b) ? -sign : key(a) > key(b) ? sign : 0));
  }
  const start = (request.page - 1) * request.itemsPerPage;
  const pageIds = matches.slice(start, start + request.itemsPerPage).map((asset) => asset.id);
  const items = await getMany(ctx, pageIds);
  return { items, total: matches.length, itemsRead: itemsRead + items.length };
}

/** Every candidate of a partition, with only the attributes the filters and the sort need. */
async function readCandidates(
  ctx: TenantContext,
  source: { name: string; partition: string } | undefined,
  sortAttribute: string | undefined,
  direction: 'asc' | 'desc',
): Promise<{ items: Candidate[]; itemsRead: number }> {
  const attributes = [...PROJECTED, ...(sortAttribute ? [sortAttribute] : [])];
  const names = Object.fromEntries(attributes.map((attribute, i) => [`#a${i}`, attribute]));
  const pkName = source ? `${source.name}pk` : 'pk';
  const items: Candidate[] = [];
  let itemsRead = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const result = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        ...(source ? { IndexName: source.name } : {}),
        KeyConditionExpression: '#pk = :pk',
        ProjectionExpression: Object.keys(names).join(', '),
        ExpressionAttributeNames: { ...names, '#pk': pkName },
        ExpressionAttributeValues: { ':pk': source ? source.partition : assetPartition(ctx) },
        ScanIndexForward: direction === 'asc',
        ExclusiveStartKey: startKey,
      }),
    );
    itemsRead += result.ScannedCount ?? 0;
    items.push(...((result.Items ?? []) as Candidate[]));
    startKey = result.LastEvaluatedKey;
  } while (startKey);
  return { items, itemsRead };
}

/** Full items of the given ids, in the given order (BatchGetItem, 100 keys a call, unprocessed keys retried). */
async function getMany(ctx: TenantContext, ids: readonly number[]): Promise<AssetRecord[]> {
  const found = new Map<number, AssetRecord>();
  for (let i = 0; i < ids.length; i += 100) {
    let keys: Record<string, unknown>[] = ids.slice(i, i + 100).map((id) => itemKey(ctx, 'ASSET', id));
    for (let attempt = 0; keys.length > 0 && attempt < 8; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** attempt));
      const result = await dynamo().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: keys } } }));
      for (const item of result.Responses?.[tableName()] ?? []) {
        const asset = fromItem<AssetRecord>(item);
        found.set(asset.id, asset);
      }
      keys = (result.UnprocessedKeys?.[tableName()]?.Keys ?? []) as Record<string, unknown>[];
    }
  }
  return ids.flatMap((id) => found.get(id) ?? []);
}

/** GET /api/assets/map: every asset with a position (the table partition, or one customer's on gsi6). */
export async function listMapAssets(ctx: TenantContext, clientId?: number): Promise<AssetRecord[]> {
  const names = {
    '#id': 'id',
    '#name': 'name',
    '#llu': 'lastLocationUpdate',
    '#status': 'status',
    '#event': 'last_event',
    '#pk': clientId === undefined ? 'pk' : `${ASSET_CLIENT_INDEX}pk`,
  };
  const items: AssetRecord[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const result = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        ...(clientId === undefined ? {} : { IndexName: ASSET_CLIENT_INDEX }),
        KeyConditionExpression: '#pk = :pk',
        ProjectionExpression: '#id, #name, #llu, #status, #event',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: {
          ':pk': clientId === undefined ? assetPartition(ctx) : clientAssetsPartition(ctx, clientId),
        },
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...((result.Items ?? []) as AssetRecord[]));
    startKey = result.LastEvaluatedKey;
  } while (startKey);
  return items
    .filter((asset) => asset.last_event?.latitude != null && asset.last_event?.longitude != null)
    .sort((a, b) => a.id - b.id);
}

import type { AssetStatusValue } from '../../../shared/schemas/asset-status';
import { batchGetByIds } from '../data/batch-get';
import { fromItem } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';
import {
  type Candidate,
  type CandidateRead,
  type CandidateSource,
  readAllMatches,
  readMatchesInOrder,
} from './asset-candidates';
import {
  ASSET_CLIENT_SORT_INDEXES,
  ASSET_SORT_INDEXES,
  type AssetRecord,
  assetPartition,
  assetRepository,
  clientAssetsPartition,
} from './asset-repository';
import { readSearchMatches } from './asset-search';
import { clientAssetCount } from './client-asset-count';

/**
 * GET /api/assets (spec 000 s.2, s.7, s.9). Read plans, cheapest first (docs/data-model.md, "Asset list"):
 *  1. `id`: one GetItem, the other filters checked on it;
 *  2. no filter: one Query on the sort's index for the page; the pages before it are skipped with
 *     `Select: COUNT` (query-page.ts); total = the counter item;
 *  3. `search`: the tenant's search catalogue (asset-search.ts) names the matches; when they are few, they
 *     are fetched by id, filtered and sorted here (exact total, any page); when many, plan 4 or 5 with the
 *     search as a filter fills the page fast;
 *  4. any other filter without a customer, on the sort's list index (gsi8…gsi12, which copies the filters'
 *     attributes) or the table for the id order: candidates are read in that order and filtered here until
 *     the page is full and the read budget is spent (asset-candidates.ts), then only the page's items are
 *     fetched in full (BatchGetItem). The total is exact when the partition was read to its end, else a lower
 *     bound (`totalExact: false`);
 *  5. a customer (the client filter, every client user's list): that customer's own index in the wanted
 *     order (gsi14…gsi18, KEYS_ONLY). Alone: the page's keys from it (the pages before skipped with
 *     `Select: COUNT`, ~20 × N entries for page N like the sorts) and the page by BatchGetItem; total = the
 *     customer's asset count (client-asset-count.ts). With other filters: the customer's keys in order, their
 *     candidates fetched by key, read whole (exact total) up to the read cap, past it the sort's list index
 *     with the customer as one more filter.
 * The search is evaluated here rather than as a filter expression: DynamoDB's `contains` is case-sensitive,
 * and a filter expression would save bytes, not reads (ScannedCount counts what it discards).
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
  /** False when `total` is a lower bound: a filtered list stopped reading before its partition's end. */
  totalExact: boolean;
}

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

export const hasFilters = (filters: AssetFilters) => Object.values(filters).some((value) => value !== undefined);

export async function listAssets(ctx: TenantContext, request: AssetListRequest): Promise<AssetListResult> {
  const { filters } = request;
  if (filters.id !== undefined) {
    const asset = await assetRepository.get(ctx, filters.id);
    const items = asset && matchesFilters(asset, filters) && request.page === 1 ? [asset] : [];
    return { items, total: asset && matchesFilters(asset, filters) ? 1 : 0, itemsRead: 1, totalExact: true };
  }
  if (isClientOnly(filters)) return listOfClient(ctx, request, filters.clientId as number);
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
    return { items: page.items, total, itemsRead: page.itemsRead, totalExact: true };
  }
  return listFiltered(ctx, request);
}

const isClientOnly = (filters: AssetFilters) =>
  filters.clientId !== undefined &&
  Object.entries(filters).every(([key, value]) => key === 'clientId' || value === undefined);

/** Plan 5 alone: one page of the customer's own index in the wanted order, the total from its count. */
async function listOfClient(ctx: TenantContext, request: AssetListRequest, clientId: number): Promise<AssetListResult> {
  const [page, total] = await Promise.all([
    assetRepository.page(ctx, {
      page: request.page,
      itemsPerPage: request.itemsPerPage,
      index: { name: ASSET_CLIENT_SORT_INDEXES[request.order.field], partition: clientAssetsPartition(ctx, clientId) },
      ascending: request.order.direction === 'asc',
    }),
    clientAssetCount(ctx, clientId),
  ]);
  return { items: page.items, total: total.count, itemsRead: page.itemsRead + total.itemsRead, totalExact: true };
}

/** Where a filtered list without a customer reads its candidates: the sort's list index, or the table. */
function candidateSource(ctx: TenantContext, order: AssetListRequest['order']): CandidateSource {
  if (order.field === 'id') return { partition: assetPartition(ctx) };
  return { index: ASSET_SORT_INDEXES[order.field], partition: assetPartition(ctx) };
}

async function listFiltered(ctx: TenantContext, request: AssetListRequest): Promise<AssetListResult> {
  const { filters } = request;
  const start = (request.page - 1) * request.itemsPerPage;
  let matches = (asset: Candidate) => matchesFilters(asset, filters);
  let read: CandidateRead | undefined;
  let spent = 0;
  let searchTotal: number | undefined;
  let inOrder: InOrderOptions | undefined;
  if (filters.search) {
    const wanted = start + request.itemsPerPage;
    const searchOnly = isSearchOnly(filters);
    const searched = await readSearchMatches(ctx, filters.search, request.order, matches, wanted, {
      start,
      searchOnly,
    });
    if (searched.kind === 'page') {
      const items = searched.items.map((item) => fromItem<AssetRecord>(item));
      return { items, total: searched.total, totalExact: true, itemsRead: searched.itemsRead };
    }
    if (searched.kind === 'exact') read = searched.read;
    else spent = searched.itemsRead;
    // Most assets match: the page comes after a few reads in order; the total is what those found.
    if (searched.kind === 'unindexed' && searched.density) {
      inOrder = { budget: 0, density: searched.density, totalKnown: false };
    }
    if (searched.kind === 'many') {
      // The candidates are dense: the page fills after a few reads in order; only verified candidates count.
      const { candidates } = searched;
      const filter = matches;
      matches = (asset) => candidates.has(asset.id) && filter(asset);
      // A search alone whose candidates are exactly its matches: the total once this page is found.
      if (searchOnly) searchTotal = searched.count;
      inOrder = { budget: 0, density: searched.density, totalKnown: searchTotal !== undefined };
    }
  }
  read ??= await readInListOrder(ctx, request, matches, inOrder);
  read.itemsRead += spent;
  const pageIds = read.matches.slice(start, start + request.itemsPerPage).map((asset) => asset.id);
  const items = await getMany(ctx, pageIds);
  // A read stopped at the cap before its page was full is incomplete, whatever is known of the total.
  const wanted = start + request.itemsPerPage;
  // With the total known the page's own matches suffice (readMatchesInOrder `totalKnown`).
  const pageFound =
    read.exhausted ||
    read.matches.length > wanted ||
    (searchTotal !== undefined && read.matches.length >= Math.min(searchTotal, wanted));
  const knownTotal = searchTotal !== undefined && pageFound;
  return {
    items,
    total: knownTotal ? (searchTotal as number) : read.matches.length,
    totalExact: knownTotal || read.exhausted,
    itemsRead: read.itemsRead + items.length,
  };
}

/** How a search with many candidates reads in order: no budget, reads sized by the candidates' density. */
interface InOrderOptions {
  budget: number;
  density: number;
  /** The search's total is known: the page's matches suffice. */
  totalKnown: boolean;
}

const isSearchOnly = (filters: AssetFilters) =>
  Object.entries(filters).every(([key, value]) => key === 'search' || value === undefined);

/** Plans 4 and 5: candidates read in the list's order, a customer's read whole in its own order. */
async function readInListOrder(
  ctx: TenantContext,
  request: AssetListRequest,
  matches: (asset: Candidate) => boolean,
  search?: InOrderOptions,
): Promise<CandidateRead> {
  const { order, filters } = request;
  const wanted = (request.page - 1) * request.itemsPerPage + request.itemsPerPage;
  // Reads sized by the candidates' density, then by the match rate so far.
  const inOrderRead = (from: CandidateSource) =>
    readMatchesInOrder(from, {
      ascending: order.direction === 'asc',
      wanted,
      matches,
      budget: search?.budget,
      density: search?.density,
      totalKnown: search?.totalKnown,
    });
  if (filters.clientId === undefined) return inOrderRead(candidateSource(ctx, order));
  const customer: CandidateSource = {
    index: ASSET_CLIENT_SORT_INDEXES[order.field],
    partition: clientAssetsPartition(ctx, filters.clientId),
    keysOnlyOf: ctx,
  };
  const read = await readAllMatches(customer, undefined, matches, order.direction === 'asc');
  if (read.exhausted) return read;
  // A customer too big to read whole: the sort's list index in order, the customer being one more filter.
  const fallback = await inOrderRead(candidateSource(ctx, order));
  return { ...fallback, itemsRead: fallback.itemsRead + read.itemsRead };
}

/** Full items of the given ids, in the given order. */
async function getMany(ctx: TenantContext, ids: readonly number[]): Promise<AssetRecord[]> {
  const found = new Map<number, AssetRecord>();
  for (const item of await batchGetByIds(ctx, 'ASSET', ids)) {
    const asset = fromItem<AssetRecord>(item);
    found.set(asset.id, asset);
  }
  return ids.flatMap((id) => found.get(id) ?? []);
}

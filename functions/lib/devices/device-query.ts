import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { CONNECTIVITY_RANK, type Connectivity } from '../../../shared/schemas/connectivity';
import { type DeviceSortField, normalizeDevEui } from '../../../shared/schemas/device';
import { batchGetByIds } from '../data/batch-get';
import { dynamo, tableName } from '../data/client';
import { hydratePage, tableKeyOf } from '../data/hydrate';
import { counterKey } from '../data/keys';
import { queryAllPages } from '../data/query-page';
import { fromItem } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';
import { type DeviceCandidate, type DeviceSource, readDeviceMatches, sourceQuery } from './device-candidates';
import { countedFilter, countedTotal } from './device-filter-totals';
import { readDeviceCounts } from './device-flag-counts';
import {
  DEVICE_BATTERY_LOW_PREFIX,
  DEVICE_BATTERY_OK_PREFIX,
  DEVICE_CONNECTIVITY_INDEX,
  DEVICE_NO_ASSET_PREFIX,
  DEVICE_SORT_INDEXES,
  DEVICE_WITH_ASSET_PREFIX,
  type DeviceRecord,
  devicePartition,
  deviceRepository,
} from './device-repository';
import { type DeviceSearchRead, readDeviceSearch } from './device-search';

/**
 * GET /api/devices (spec 000 s.2, s.9). Read plans (docs/data-model.md "Device list"):
 *  1. `id`: one GetItem, the other filters checked on it;
 *  2. no filter: one Query of one page on the sort's list index (every sortable column has one, gsi8…gsi13),
 *     the pages before skipped with `Select: COUNT`, the page's devices by key (BatchGetItem); total = the
 *     counter item;
 *  3. a filter (search, logicalId, asset[exists], batteryLevelLow, sabotaged, connectivity): projected
 *     candidates read in the sort's order and filtered here until the page is full and the read budget spent
 *     (device-candidates.ts), then the page's devices fetched by id. asset[exists] and batteryLevelLow read
 *     only their key range where an index keeps the order (filterRange). A single flag filter takes its total
 *     from the tenant's counts (device-flag-counts.ts: exact, no budget spent counting, the read stops at the
 *     page); otherwise the total is exact when the partition ended within the reads, else a lower bound
 *     (`totalExact: false`). A search reads the n-gram index first (device-search.ts);
 *  4. order[connectivity]: alone, a page of its keys-only index (gsi15, the stored state's rank then the id,
 *     moved by every writer of the state), the devices fetched by key; with a filter, the partition's
 *     candidates are read to the end (the read cap), filtered, sorted here by state then id (the index copies
 *     no attribute to filter on).
 */
export interface DeviceFilters {
  search?: string;
  id?: number;
  logicalId?: number;
  hasAsset?: boolean;
  /** batteryLevelLow=true|false. */
  batteryLow?: boolean;
  /** sabotaged=true|false. */
  sabotaged?: boolean;
  connectivity?: readonly Connectivity[];
}

export interface DeviceListRequest {
  filters: DeviceFilters;
  order: { field: DeviceSortField | 'id'; direction: 'asc' | 'desc' };
  page: number;
  itemsPerPage: number;
}

export interface DeviceListResult {
  items: DeviceRecord[];
  total: number;
  itemsRead: number;
  totalExact: boolean;
}

/** Substring, any case, in the sensor name, model, barcode, asset name and DEVEUI (with or without separators). */
export function matchesDeviceFilters(device: DeviceCandidate, filters: DeviceFilters): boolean {
  if (filters.id !== undefined && device.id !== filters.id) return false;
  if (filters.logicalId !== undefined && device.logical_id !== filters.logicalId) return false;
  if (filters.hasAsset !== undefined && (device.asset !== null && device.asset !== undefined) !== filters.hasAsset)
    return false;
  if (filters.connectivity && !filters.connectivity.includes(device.connectivity ?? 'never')) return false;
  if (filters.batteryLow !== undefined && (device.battery_level_low === true) !== filters.batteryLow) return false;
  if (filters.sabotaged !== undefined && (device.is_sabotaged === true) !== filters.sabotaged) return false;
  const needle = filters.search?.toLowerCase();
  if (!needle) return true;
  const texts = [device.name, device.model, device.barcode, device.asset?.name].map((text) =>
    (text ?? '').toLowerCase(),
  );
  if (texts.some((text) => text.includes(needle))) return true;
  const devEuiNeedle = normalizeDevEui(needle);
  return devEuiNeedle !== '' && normalizeDevEui(device.dev_eui ?? '').includes(devEuiNeedle);
}

export const hasDeviceFilters = (filters: DeviceFilters) =>
  filters.search !== undefined ||
  filters.id !== undefined ||
  filters.logicalId !== undefined ||
  filters.hasAsset !== undefined ||
  filters.batteryLow !== undefined ||
  filters.sabotaged !== undefined ||
  filters.connectivity !== undefined;

const countDevices = async (ctx: TenantContext) => {
  const result = await dynamo().send(new GetCommand({ TableName: tableName(), Key: counterKey(ctx, 'DEVICE') }));
  return Number(result.Item?.itemCount ?? 0);
};

async function byId(ctx: TenantContext, filters: DeviceFilters & { id: number }): Promise<DeviceListResult> {
  const device = await deviceRepository.get(ctx, filters.id);
  const items = device && matchesDeviceFilters(device, filters) ? [device] : [];
  return { items, total: items.length, itemsRead: 1, totalExact: true };
}

/** The partition that holds the devices in the request's order (the table for the id order). */
export function sourceOf(ctx: TenantContext, request: Pick<DeviceListRequest, 'order' | 'filters'>): DeviceSource {
  const { field } = request.order;
  const ranged = filterRange(ctx, field, request.filters);
  if (ranged) return ranged;
  if (field === 'id') return { partition: devicePartition(ctx) };
  // Filtered in connectivity order: the table's partition, sorted here (gsi15 holds keys only).
  if (field === 'connectivity') {
    return hasDeviceFilters(request.filters)
      ? { partition: devicePartition(ctx) }
      : { index: DEVICE_CONNECTIVITY_INDEX, partition: devicePartition(ctx) };
  }
  return { index: DEVICE_SORT_INDEXES[field], partition: devicePartition(ctx) };
}

/**
 * A filter's own key range in an index that keeps the order asked for (docs/data-model.md "Device list"):
 * battery low is the battery order's index's `1#`/`0#` prefix (gsi8; id order within it, so also the id order's),
 * asset[exists] the asset-name order's (gsi9: `1#` in asset-name order, `0#` in id order). Every entry of the range matches that filter.
 */
function filterRange(ctx: TenantContext, field: DeviceListRequest['order']['field'], filters: DeviceFilters) {
  const partition = devicePartition(ctx);
  const { hasAsset, batteryLow } = filters;
  if (hasAsset !== undefined && (field === 'asset.name' || (field === 'id' && !hasAsset)))
    return {
      index: DEVICE_SORT_INDEXES['asset.name'],
      partition,
      prefix: hasAsset ? DEVICE_WITH_ASSET_PREFIX : DEVICE_NO_ASSET_PREFIX,
    };
  if (batteryLow !== undefined && (field === 'batteryLevelLow' || field === 'id'))
    return {
      index: DEVICE_SORT_INDEXES.batteryLevelLow,
      partition,
      prefix: batteryLow ? DEVICE_BATTERY_LOW_PREFIX : DEVICE_BATTERY_OK_PREFIX,
    };
  return undefined;
}

async function unfiltered(ctx: TenantContext, request: DeviceListRequest): Promise<DeviceListResult> {
  const { field, direction } = request.order;
  const index =
    field === 'connectivity' ? DEVICE_CONNECTIVITY_INDEX : field === 'id' ? undefined : DEVICE_SORT_INDEXES[field];
  const [page, total] = await Promise.all([
    deviceRepository.page(ctx, {
      page: request.page,
      itemsPerPage: request.itemsPerPage,
      ascending: direction === 'asc',
      ...(index ? { index: { name: index, partition: devicePartition(ctx) } } : {}),
    }),
    countDevices(ctx),
  ]);
  return { items: page.items, total, itemsRead: page.itemsRead, totalExact: true };
}

async function filtered(ctx: TenantContext, request: DeviceListRequest): Promise<DeviceListResult> {
  const start = (request.page - 1) * request.itemsPerPage;
  const byConnectivity = request.order.field === 'connectivity';
  // A single flag filter has its count (device-flag-counts.ts): the exact total, and the read stops at the page.
  const counts = countedFilter(request.filters) ? await readDeviceCounts(ctx) : undefined;
  const known = counts && countedTotal(request.filters, counts);
  // A page past the count's end is empty: nothing to read.
  if (known !== undefined && start >= known) return { items: [], total: known, itemsRead: 0, totalExact: true };
  const wanted = byConnectivity ? Number.POSITIVE_INFINITY : start + request.itemsPerPage;
  const matches = (candidate: DeviceCandidate) => matchesDeviceFilters(candidate, request.filters);
  const searchOnly = isSearchOnly(request.filters);
  const searched = request.filters.search
    ? await readDeviceSearch(ctx, request.filters.search, request.order, matches, wanted, { start, searchOnly })
    : undefined;
  if (searched?.kind === 'page') {
    const items = searched.items.map((item) => fromItem<DeviceRecord>(item));
    return { items, total: searched.total, itemsRead: searched.itemsRead, totalExact: true };
  }
  const source = sourceOf(ctx, request);
  const read =
    searched?.kind === 'exact'
      ? searched.read
      : await readDeviceMatches(source, {
          ascending: byConnectivity || request.order.direction === 'asc',
          // Sorted here: every match is needed before the first page is known.
          wanted,
          ...(searched?.kind === 'many' || (searched?.kind === 'unindexed' && searched.density)
            ? searchInOrder(searched, matches, wanted)
            : { matches }),
          known,
          // Outside the filter's own key range its matches are spread at its share of the tenant.
          density: known !== undefined && counts?.total && !source.prefix ? known / counts.total : undefined,
        });
  if (searched && searched.kind !== 'exact') read.itemsRead += searched.itemsRead;
  if (byConnectivity) read.matches.sort(connectivityOrder(request.order.direction));
  const pageIds = read.matches.slice(start, start + request.itemsPerPage).map((candidate) => candidate.id);
  const found = await batchGetByIds(ctx, 'DEVICE', pageIds);
  const byIds = new Map(found.map((item) => [Number(item.id), fromItem<DeviceRecord>(item)]));
  const items = pageIds.flatMap((id) => byIds.get(id) ?? []);
  // A search alone whose candidates are exactly its matches (search/gram-search.ts `exact`).
  const searchTotal = searched?.kind === 'many' && searchOnly ? searched.count : undefined;
  const pageFound = read.exhausted || read.matches.length > start + request.itemsPerPage;
  const knownTotal = searchTotal !== undefined && pageFound;
  return {
    items,
    total: known ?? (knownTotal ? (searchTotal as number) : read.matches.length),
    itemsRead: read.itemsRead + found.length,
    totalExact: known !== undefined || knownTotal || read.exhausted,
  };
}

const isSearchOnly = (filters: DeviceFilters) =>
  Object.entries(filters).every(([key, value]) => key === 'search' || value === undefined);

/**
 * Many candidates (or a dense search, most devices matching): only verified ones count, no budget, reads sized
 * by the candidates' density.
 */
function searchInOrder(
  searched: Extract<DeviceSearchRead, { kind: 'many' | 'unindexed' }>,
  matches: (candidate: DeviceCandidate) => boolean,
  wanted: number,
) {
  const density = searched.kind === 'many' ? searched.density : (searched.density ?? 1);
  const chunk = Number.isFinite(wanted)
    ? Math.min(1_000, Math.max(25, Math.ceil(((wanted + 1) / density) * 1.25)))
    : undefined;
  const candidates = searched.kind === 'many' ? searched.candidates : undefined;
  return {
    matches: (candidate: DeviceCandidate) => (candidates?.has(candidate.id) ?? true) && matches(candidate),
    ...(Number.isFinite(wanted) ? { budget: 0, chunk } : {}),
  };
}

/** State rank (online, late, silent, never) then id, reversed as a whole for desc, as an index read backwards. */
const connectivityOrder =
  (direction: 'asc' | 'desc') =>
  (a: DeviceCandidate, b: DeviceCandidate): number => {
    const rank = CONNECTIVITY_RANK[a.connectivity ?? 'never'] - CONNECTIVITY_RANK[b.connectivity ?? 'never'];
    const order = rank || a.id - b.id;
    return direction === 'asc' ? order : -order;
  };

export async function listDevices(ctx: TenantContext, request: DeviceListRequest): Promise<DeviceListResult> {
  const { filters } = request;
  if (filters.id !== undefined) return byId(ctx, { ...filters, id: filters.id });
  return hasDeviceFilters(filters) ? filtered(ctx, request) : unfiltered(ctx, request);
}

/**
 * Every device of the list in its order, a batch at a time (the export): the list's partition read once from
 * start to end (not page after page, which would read page N's predecessors again), filtered here.
 */
export async function* streamDevices(
  ctx: TenantContext,
  filters: DeviceFilters,
  order: DeviceListRequest['order'],
): AsyncGenerator<DeviceRecord[]> {
  if (filters.id !== undefined) {
    yield (await byId(ctx, { ...filters, id: filters.id })).items;
    return;
  }
  if (order.field === 'connectivity' && hasDeviceFilters(filters)) {
    yield* streamByConnectivity(ctx, filters, order.direction);
    return;
  }
  const source = sourceOf(ctx, { order, filters });
  const pages = queryAllPages({
    ...sourceQuery(source),
    ScanIndexForward: order.direction === 'asc',
    Limit: STREAM_BATCH,
  });
  for await (const result of pages) {
    // A list index copies what the filters read, not the whole device: the matches are fetched by key (the
    // connectivity order's keys-only index is read only without filters).
    const matching = (result.Items ?? []).filter((item) => matchesDeviceFilters(item as DeviceCandidate, filters));
    const items = source.index ? await hydratePage(ctx, matching.map(tableKeyOf)) : matching;
    yield items.map((item) => fromItem<DeviceRecord>(item));
  }
}

const STREAM_BATCH = 200;

/** The export in connectivity order: the whole list sorted first (the state has no index), then fetched by id. */
async function* streamByConnectivity(
  ctx: TenantContext,
  filters: DeviceFilters,
  direction: 'asc' | 'desc',
): AsyncGenerator<DeviceRecord[]> {
  const read = await readDeviceMatches(sourceOf(ctx, { order: { field: 'id', direction: 'asc' }, filters }), {
    ascending: true,
    wanted: Number.POSITIVE_INFINITY,
    matches: (candidate) => matchesDeviceFilters(candidate, filters),
  });
  const ids = read.matches.sort(connectivityOrder(direction)).map((candidate) => candidate.id);
  for (let start = 0; start < ids.length; start += STREAM_BATCH) {
    const batch = ids.slice(start, start + STREAM_BATCH);
    const byIds = new Map((await batchGetByIds(ctx, 'DEVICE', batch)).map((item) => [Number(item.id), item]));
    yield batch.flatMap((id) => {
      const item = byIds.get(id);
      return item ? [fromItem<DeviceRecord>(item)] : [];
    });
  }
}

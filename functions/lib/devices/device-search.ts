import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { normalizeDevEui } from '../../../shared/schemas/device';
import { batchGetByIds } from '../data/batch-get';
import { dynamo, tableName } from '../data/client';
import { counterKey } from '../data/keys';
import type { TenantContext } from '../data/tenant-context';
import { fetchesCandidates, findCandidates } from '../search/gram-search';
import { CANDIDATE_ATTRIBUTES, type DeviceCandidate, type DeviceCandidateRead } from './device-candidates';
import { DEVICE_SORT_INDEXES } from './device-repository';

/**
 * The search plan of GET /api/devices, the asset list's (assets/asset-search.ts) on the devices' n-gram index
 * (docs/data-model.md "Device list" and "Search index"). A search is looked up in two spellings: as typed
 * (name, model, barcode, asset name, DEVEUI) and as a DEVEUI without separators (`:`, `-`, spaces), whose
 * candidates are joined. Few candidates: fetched by id, verified and sorted here (exact total); many: the
 * caller reads in order keeping verified candidates; shorter than a gram: the caller reads with the search as
 * a filter.
 */
export type DeviceSearchRead =
  | { kind: 'exact'; read: DeviceCandidateRead }
  | {
      kind: 'many';
      candidates: ReadonlySet<number>;
      /** The search's exact total (a 3-character search), else undefined. */
      count: number | undefined;
      /** Candidates per device of the tenant: sizes the reads in order. */
      density: number;
      itemsRead: number;
    }
  | { kind: 'unindexed'; itemsRead: number };

/** The spellings a device search is looked up in (the DEVEUI one only when it differs and is not empty). */
export function deviceSearchSpellings(search: string): string[] {
  const devEui = normalizeDevEui(search);
  return devEui === '' || devEui.toLowerCase() === search.toLowerCase() ? [search] : [search, devEui];
}

const countDevices = async (ctx: TenantContext) => {
  const result = await dynamo().send(new GetCommand({ TableName: tableName(), Key: counterKey(ctx, 'DEVICE') }));
  return Number(result.Item?.itemCount ?? 0);
};

export async function readDeviceSearch(
  ctx: TenantContext,
  search: string,
  order: { field: string; direction: 'asc' | 'desc' },
  matches: (candidate: DeviceCandidate) => boolean,
  /** Matches the page needs (page × items per page; every one for an order sorted here). */
  wanted: number,
): Promise<DeviceSearchRead> {
  const deviceCount = await countDevices(ctx);
  const found = await findCandidates(ctx, 'DEVICE', deviceSearchSpellings(search), deviceCount);
  const itemsRead = found.itemsRead + 1;
  if (!found.ids) return { kind: 'unindexed', itemsRead };
  const ids = found.ids;
  if (ids.length === 0) return { kind: 'exact', read: { matches: [], itemsRead, exhausted: true } };
  if (!fetchesCandidates(ids.length, deviceCount, itemsRead, wanted)) {
    const count = found.exact ? ids.length : undefined;
    const density = ids.length / Math.max(ids.length, deviceCount);
    return { kind: 'many', candidates: new Set(ids), count, density, itemsRead };
  }
  const index = DEVICE_SORT_INDEXES[order.field as keyof typeof DEVICE_SORT_INDEXES];
  const sortAttribute = index ? `${index}sk` : undefined;
  const attributes = [...CANDIDATE_ATTRIBUTES, ...(sortAttribute ? [sortAttribute] : [])];
  const candidates = (await batchGetByIds(ctx, 'DEVICE', ids, { attributes })) as (DeviceCandidate &
    Record<string, unknown>)[];
  const verified = candidates.filter(matches);
  // In the order the sort's index holds (its own key, compared as DynamoDB compares strings), else by id.
  const sign = order.direction === 'asc' ? 1 : -1;
  const key = (candidate: (typeof verified)[number]) => String(candidate[sortAttribute ?? ''] ?? '');
  verified.sort((a, b) =>
    sortAttribute ? (key(a) < key(b) ? -sign : key(a) > key(b) ? sign : 0) : sign * (a.id - b.id),
  );
  return { kind: 'exact', read: { matches: verified, itemsRead: itemsRead + candidates.length, exhausted: true } };
}

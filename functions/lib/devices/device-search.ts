import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { normalizeDevEui } from '../../../shared/schemas/device';
import { dynamo, tableName } from '../data/client';
import { counterKey } from '../data/keys';
import type { TenantContext } from '../data/tenant-context';
import { DEV_EUI_INDEXED_LENGTH } from '../search/entity-texts';
import type { SearchSpelling } from '../search/gram-search';
import { readSearch, type SearchRead } from '../search/search-read';
import { CANDIDATE_ATTRIBUTES, type DeviceCandidate } from './device-candidates';
import { DEVICE_SORT_INDEXES } from './device-repository';

/**
 * The search plan of GET /api/devices (docs/data-model.md "Device list" and "Search index"): the shared plan
 * of search/search-read.ts on the devices' n-gram index. A search is looked up in two spellings: as typed
 * (name, model, barcode, asset name, DEVEUI) and as a DEVEUI without separators (`:`, `-`, spaces), whose
 * candidates are joined.
 */
export type DeviceSearchRead = SearchRead<DeviceCandidate>;

/**
 * The spellings a device search is looked up in: as typed, anywhere in the indexed text, and (only when it
 * differs and is hexadecimal) as a DEVEUI without separators, which must lie in the DEVEUI (the text's first
 * field, entity-texts.ts), as device-query.ts `matchesDeviceFilters` compares it.
 */
export function deviceSearchSpellings(search: string): SearchSpelling[] {
  const devEui = normalizeDevEui(search);
  // A DEVEUI is hexadecimal (DEV_EUI_PATTERN): a spelling with any other character is in none.
  return !HEXADECIMAL.test(devEui) || devEui.toLowerCase() === search.toLowerCase()
    ? [{ text: search }]
    : [{ text: search }, { text: devEui, endsBy: DEV_EUI_INDEXED_LENGTH }];
}

const HEXADECIMAL = /^[0-9A-F]+$/;

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
  page: { start: number; searchOnly: boolean } = { start: 0, searchOnly: false },
): Promise<DeviceSearchRead> {
  const index = DEVICE_SORT_INDEXES[order.field as keyof typeof DEVICE_SORT_INDEXES];
  return readSearch<DeviceCandidate>(ctx, {
    entity: 'DEVICE',
    spellings: deviceSearchSpellings(search),
    itemCount: await countDevices(ctx),
    attributes: CANDIDATE_ATTRIBUTES,
    sortAttribute: index ? `${index}sk` : undefined,
    ascending: order.direction === 'asc',
    matches,
    wanted,
    pageStart: page.start,
    searchOnly: page.searchOnly,
  });
}

import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  epochSecondsOf,
  MAP_PAGE_MARKER_BYTES,
  MAP_PAGE_MARKERS,
  type MapMarker,
  roundCoordinate,
  statusCodeOf,
} from '../../../shared/schemas/asset-map';
import { mapLevelCodeOf, mapLevelOf } from '../../../shared/schemas/map-level';
import { dynamo, tableName } from '../data/client';
import { itemSortKey } from '../data/keys';
import { fromItem } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';
import { badRequest } from '../http/errors';
import {
  ASSET_MAP_INDEX,
  type AssetRecord,
  assetMapClientPrefix,
  assetMapPartition,
  assetPartition,
} from './asset-repository';

export interface MapPageResult {
  markers: MapMarker[];
  /** Where the next page starts (the last marker's map index key), undefined on the last page. */
  cursor?: string;
  /** Items DynamoDB read (x-items-read): the positioned assets' map index entries. */
  itemsRead: number;
  /** Read capacity consumed (x-read-units): the entries' size (map fields only), not the assets'. */
  readUnits: number;
}

/**
 * The tuple of a map index entry (shared/schemas/asset-map.ts), or none for an entry without a position. The
 * level comes from stored state only (silence too: the silent-tag job's mark on the device summaries).
 */
export function markerOf(asset: AssetRecord, forClient = false): MapMarker | undefined {
  const latitude = asset.last_event?.latitude;
  const longitude = asset.last_event?.longitude;
  if (latitude == null || longitude == null) return undefined;
  const updated = epochSecondsOf(asset.lastLocationUpdate ?? asset.last_event?.date);
  return [
    asset.id,
    asset.name,
    statusCodeOf(asset.status?.status),
    roundCoordinate(latitude),
    roundCoordinate(longitude),
    updated,
    // Zones are hidden from client users: their level leaves "outside its zone" out.
    mapLevelCodeOf(mapLevelOf(forClient ? { ...asset, geo_zone: null } : asset)),
  ];
}

/**
 * The bytes a marker adds to the answer as Lambda counts them: its JSON escaped once more inside the proxy
 * result's body string, plus the comma between markers.
 */
export const markerBytes = (marker: MapMarker) => Buffer.byteLength(JSON.stringify(JSON.stringify(marker))) - 1;

/** gsi7sk is `<client>#<asset>`; the cursor spells it with '-' so it needs no escaping in a URL. */
const cursorOf = (gsi7sk: string) => gsi7sk.replace('#', '-');

function startKeyOf(ctx: TenantContext, cursor: string, clientId?: number): Record<string, string> {
  const gsi7sk = cursor.replace('-', '#');
  // A cursor outside the caller's range would only skip or end their own query, but it is a client mistake.
  if (clientId !== undefined && !gsi7sk.startsWith(assetMapClientPrefix(clientId))) throw badRequest('Invalid cursor');
  const assetId = Number(gsi7sk.split('#')[1]);
  if (!Number.isSafeInteger(assetId) || assetId < 1) throw badRequest('Invalid cursor');
  return {
    [`${ASSET_MAP_INDEX}pk`]: assetMapPartition(ctx),
    [`${ASSET_MAP_INDEX}sk`]: gsi7sk,
    pk: assetPartition(ctx),
    sk: itemSortKey('ASSET', assetId),
  };
}

/**
 * GET /api/assets/map, one page: up to MAP_PAGE_MARKERS positioned assets from the sparse map index (gsi7),
 * which holds only positioned assets and only the marker fields; a client user's customer is one begins_with
 * range of it (docs/data-model.md, "Asset map"). A page also ends before MAP_PAGE_MARKER_BYTES, so no answer
 * can exceed Lambda's 6 MB response limit whatever the tenant's size or names.
 */
export async function readMapPage(ctx: TenantContext, clientId?: number, cursor?: string): Promise<MapPageResult> {
  const forClient = clientId !== undefined;
  const markers: MapMarker[] = [];
  let bytes = 0;
  let itemsRead = 0;
  let readUnits = 0;
  let startKey: Record<string, unknown> | undefined = cursor ? startKeyOf(ctx, cursor, clientId) : undefined;
  let lastKey: string | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: ASSET_MAP_INDEX,
        KeyConditionExpression: forClient ? '#pk = :pk AND begins_with(#sk, :client)' : '#pk = :pk',
        ExpressionAttributeNames: {
          '#pk': `${ASSET_MAP_INDEX}pk`,
          ...(forClient ? { '#sk': `${ASSET_MAP_INDEX}sk` } : {}),
        },
        ExpressionAttributeValues: {
          ':pk': assetMapPartition(ctx),
          ...(forClient ? { ':client': assetMapClientPrefix(clientId) } : {}),
        },
        Limit: MAP_PAGE_MARKERS - markers.length,
        ExclusiveStartKey: startKey,
        ReturnConsumedCapacity: 'TOTAL',
      }),
    );
    itemsRead += page.ScannedCount ?? page.Items?.length ?? 0;
    readUnits += page.ConsumedCapacity?.CapacityUnits ?? 0;
    startKey = page.LastEvaluatedKey;
    for (const item of page.Items ?? []) {
      const marker = markerOf(fromItem<AssetRecord>(item), forClient);
      const size = marker ? markerBytes(marker) : 0;
      // Full by bytes: the page ends after the last marker that fit, the next page starts with this one.
      if (bytes + size > MAP_PAGE_MARKER_BYTES) return { markers, cursor: lastKey, itemsRead, readUnits };
      if (marker) markers.push(marker);
      bytes += size;
      lastKey = cursorOf(String(item[`${ASSET_MAP_INDEX}sk`]));
    }
  } while (startKey && markers.length < MAP_PAGE_MARKERS);
  return { markers, cursor: startKey ? lastKey : undefined, itemsRead, readUnits };
}

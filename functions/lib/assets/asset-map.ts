import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  epochSecondsOf,
  MAP_ANSWER_MARKERS,
  type MapMarker,
  roundCoordinate,
  statusCodeOf,
} from '../../../shared/schemas/asset-map';
import { mapLevelCodeOf, mapLevelOf } from '../../../shared/schemas/map-level';
import { dynamo, tableName } from '../data/client';
import { counterKey, itemSortKey, pad } from '../data/keys';
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

export interface MapRead {
  markers: MapMarker[];
  /** The map index key (gsi7sk) of each marker, in the same order: where a cut answer's `next` goes on. */
  keys: string[];
  /** False when the read stopped at its budget before the end of the caller's range. */
  complete: boolean;
  /** Items DynamoDB read (x-items-read): the positioned assets' map index entries. */
  itemsRead: number;
  /** Read capacity consumed (x-read-units): the entries' size (map fields only), not the assets'. */
  readUnits: number;
}

/** What one call may read: a marker count and an estimate of the uncompressed answer's bytes. */
export interface ReadBudget {
  markers: number;
  bytes: number;
}

/**
 * Parallel Queries of one map read: a single Query chain reads ~1 MB (~2,700 entries) a round trip, so 100k
 * entries are ~37 round trips one after the other; split over customer ranges they overlap.
 */
export const MAP_READ_SEGMENTS = 8;

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
 * The bytes a marker adds to the uncompressed answer, roughly: its name as JSON escaped once more (as Lambda
 * counts a JSON body) and ~25 bytes for the numbers, commas and the two status characters. It only decides
 * where a read stops; the answer's real size is measured once it is encoded (asset-map-answer.ts).
 */
export const markerBytes = (marker: MapMarker) => Buffer.byteLength(JSON.stringify(JSON.stringify(marker[1]))) + 25;

/** gsi7sk is `<client>#<asset>`; the cursor spells it with '-' so it needs no escaping in a URL. */
export const cursorOf = (gsi7sk: string) => gsi7sk.replace('#', '-');

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

/** One key range of gsi7 (the condition on gsi7sk besides the tenant's partition). */
interface Range {
  condition?: string;
  values?: Record<string, string>;
  startKey?: Record<string, unknown>;
}

interface Spent {
  markers: number;
  bytes: number;
}

interface Segment extends MapRead {
  /** Stopped because the shared budget ran out, not at the end of its range. */
  cut: boolean;
}

/**
 * Reads one range to its end or until the call's budget (shared by the parallel segments) is spent; it stops
 * between Query pages, so a segment reads at most one page (~1 MB) past the budget.
 */
async function readRange(ctx: TenantContext, range: Range, forClient: boolean, budget: ReadBudget, spent: Spent) {
  const segment: Segment = { markers: [], keys: [], complete: true, cut: false, itemsRead: 0, readUnits: 0 };
  let startKey = range.startKey;
  do {
    if (spent.markers >= budget.markers || spent.bytes >= budget.bytes) {
      segment.cut = true;
      break;
    }
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: ASSET_MAP_INDEX,
        KeyConditionExpression: `#pk = :pk${range.condition ? ` AND ${range.condition}` : ''}`,
        ExpressionAttributeNames: {
          '#pk': `${ASSET_MAP_INDEX}pk`,
          ...(range.condition ? { '#sk': `${ASSET_MAP_INDEX}sk` } : {}),
        },
        ExpressionAttributeValues: { ':pk': assetMapPartition(ctx), ...range.values },
        Limit: Math.max(1, budget.markers - spent.markers),
        ExclusiveStartKey: startKey,
        ReturnConsumedCapacity: 'TOTAL',
      }),
    );
    segment.itemsRead += page.ScannedCount ?? page.Items?.length ?? 0;
    segment.readUnits += page.ConsumedCapacity?.CapacityUnits ?? 0;
    startKey = page.LastEvaluatedKey;
    for (const item of page.Items ?? []) {
      const marker = markerOf(fromItem<AssetRecord>(item), forClient);
      if (!marker) continue;
      segment.markers.push(marker);
      segment.keys.push(String(item[`${ASSET_MAP_INDEX}sk`]));
      spent.markers += 1;
      spent.bytes += markerBytes(marker);
    }
  } while (startKey);
  segment.complete = !segment.cut && !startKey;
  return segment;
}

/** The customer id ranges the staff map is read in: customer 0 (none) first, the last range open-ended. */
async function customerRanges(ctx: TenantContext, segments: number): Promise<Range[]> {
  const counter = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: counterKey(ctx, 'CLIENT'), ProjectionExpression: 'lastId' }),
  );
  const lastId = Number(counter.Item?.lastId ?? 0);
  const count = Math.max(1, Math.min(segments, lastId + 1));
  const bounds = Array.from({ length: count }, (_, i) => Math.floor(((lastId + 1) * i) / count));
  return bounds.map((from, i): Range => {
    const to = bounds[i + 1];
    if (to === undefined) return { condition: '#sk >= :from', values: { ':from': pad(from) } };
    return { condition: '#sk BETWEEN :from AND :to', values: { ':from': pad(from), ':to': `${pad(to - 1)}#~` } };
  });
}

/** Segments in key order, up to the first one that stopped short: what follows it would leave a gap. */
function joinSegments(segments: Segment[], budget: ReadBudget): MapRead {
  const read: MapRead = { markers: [], keys: [], complete: true, itemsRead: 0, readUnits: 0 };
  let bytes = 0;
  for (const segment of segments) {
    read.itemsRead += segment.itemsRead;
    read.readUnits += segment.readUnits;
    if (!read.complete) continue;
    for (let i = 0; i < segment.markers.length; i++) {
      const marker = segment.markers[i] as MapMarker;
      if (read.markers.length >= budget.markers || bytes >= budget.bytes) {
        read.complete = false;
        break;
      }
      read.markers.push(marker);
      read.keys.push(segment.keys[i] as string);
      bytes += markerBytes(marker);
    }
    if (!segment.complete) read.complete = false;
  }
  return read;
}

/**
 * GET /api/assets/map reads the sparse map index (gsi7), which holds only positioned assets and only the
 * marker fields; a client user's customer is one begins_with range of it (docs/data-model.md, "Asset map").
 * The staff map is read in MAP_READ_SEGMENTS customer ranges at once; a client user's, or the rest after a
 * cursor, in one Query chain. Reading stops at the budget, so one call reads a bounded number of entries.
 */
export async function readMapMarkers(
  ctx: TenantContext,
  options: { clientId?: number; cursor?: string; budget?: Partial<ReadBudget>; segments?: number },
): Promise<MapRead> {
  const { clientId, cursor } = options;
  const budget: ReadBudget = { markers: MAP_ANSWER_MARKERS, bytes: Number.POSITIVE_INFINITY, ...options.budget };
  const forClient = clientId !== undefined;
  const startKey = cursor ? startKeyOf(ctx, cursor, clientId) : undefined;
  const ranges: Range[] = forClient
    ? [{ condition: 'begins_with(#sk, :client)', values: { ':client': assetMapClientPrefix(clientId) }, startKey }]
    : cursor
      ? [{ startKey }]
      : await customerRanges(ctx, options.segments ?? MAP_READ_SEGMENTS);
  const spent: Spent = { markers: 0, bytes: 0 };
  const segments = await Promise.all(ranges.map((range) => readRange(ctx, range, forClient, budget, spent)));
  return joinSegments(segments, budget);
}

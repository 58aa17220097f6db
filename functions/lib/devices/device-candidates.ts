import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { DEVICE_LIST_PROJECTION } from '../../../shared/table';
import { dynamo, tableName } from '../data/client';
import type { DeviceRecord } from './device-repository';

/**
 * Candidates of a filtered device list: index entries projected to what the filters read (about 150 bytes
 * instead of the whole device), read in the partition's own order, with the asset list's read budget and cap
 * (docs/data-model.md "Device list").
 */
export type DeviceCandidate = Pick<
  DeviceRecord,
  'id' | 'name' | 'model' | 'dev_eui' | 'barcode' | 'asset' | 'logical_id' | 'connectivity'
> &
  Partial<Pick<DeviceRecord, 'battery_level_low' | 'is_sabotaged'>>;

/** What the filters read: exactly what the device list indexes copy (shared/table.ts), so a candidate is an index entry. */
export const CANDIDATE_ATTRIBUTES = DEVICE_LIST_PROJECTION;

/** Candidates read before a filtered list stops counting: lists up to this size get exact totals. */
export const DEVICE_READ_BUDGET = 500;
/** The most candidates one request reads (a rare search in a big tenant must still answer within the API's 29 s). */
export const DEVICE_READ_CAP = 20_000;

/** A partition to read (the table's or an index's), optionally only the keys that begin with `prefix`. */
export interface DeviceSource {
  index?: string;
  partition: string;
  prefix?: string;
}

export interface DeviceCandidateRead {
  matches: DeviceCandidate[];
  itemsRead: number;
  /** The partition was read to its end: `matches` are all there are. */
  exhausted: boolean;
}

/** The Query's table, index and key condition for a source (its names and values merge with the caller's). */
export function sourceQuery(source: DeviceSource) {
  const pk = source.index ? `${source.index}pk` : 'pk';
  const sk = source.index ? `${source.index}sk` : 'sk';
  return {
    TableName: tableName(),
    ...(source.index ? { IndexName: source.index } : {}),
    KeyConditionExpression: source.prefix ? '#pk = :pk AND begins_with(#sk, :prefix)' : '#pk = :pk',
    ExpressionAttributeNames: { '#pk': pk, ...(source.prefix ? { '#sk': sk } : {}) } as Record<string, string>,
    ExpressionAttributeValues: {
      ':pk': source.partition,
      ...(source.prefix ? { ':prefix': source.prefix } : {}),
    } as Record<string, unknown>,
  };
}

function readChunk(
  source: DeviceSource,
  ascending: boolean,
  limit: number | undefined,
  startKey?: Record<string, unknown>,
) {
  const names = Object.fromEntries(CANDIDATE_ATTRIBUTES.map((attribute, i) => [`#a${i}`, attribute]));
  const query = sourceQuery(source);
  return dynamo().send(
    new QueryCommand({
      ...query,
      ProjectionExpression: Object.keys(names).join(', '),
      ExpressionAttributeNames: { ...names, ...query.ExpressionAttributeNames },
      ScanIndexForward: ascending,
      Limit: limit,
      ExclusiveStartKey: startKey,
    }),
  );
}

/**
 * Reads a partition already in the wanted order until it holds more than `wanted` matches and the budget is
 * spent, or to its end, or to the cap. The extra match tells the caller a next page exists.
 */
export async function readDeviceMatches(
  source: DeviceSource,
  options: {
    ascending: boolean;
    wanted: number;
    matches: (candidate: DeviceCandidate) => boolean;
    /**
     * The number of matches there are, when a counter knows it (device-flag-counts.ts): no read budget is spent
     * on counting, and the read stops at the page's end or at the last match, whichever comes first.
     */
    known?: number;
    /**
     * The share of the source's entries that match, when known (a counted filter outside its own key range:
     * its count over the tenant's devices): the first read asks for what should hold the page.
     */
    density?: number;
    /** Candidates read at least (a lower-bound total); a search with many candidates reads only its page. */
    budget?: number;
    /** Candidates a read asks for past the budget (a search sizes it by its candidates' density). */
    chunk?: number;
  },
): Promise<DeviceCandidateRead> {
  const matches: DeviceCandidate[] = [];
  const counted = options.known !== undefined;
  const budget = counted ? 0 : (options.budget ?? DEVICE_READ_BUDGET);
  // With the total known, no extra match is needed to tell whether a next page exists.
  const enough = counted ? Math.min(options.wanted, options.known ?? 0) : options.wanted + 1;
  let itemsRead = 0;
  let startKey: Record<string, unknown> | undefined;
  if (enough === 0) return { matches, itemsRead, exhausted: true };
  do {
    // Past the budget a read asks for what the match rate says will fill the page (a rare one goes on in
    // DynamoDB's own 1 MB pages: fewer round trips, same reads).
    const limit = counted
      ? countedLimit(enough - matches.length, matches.length, itemsRead, options.density)
      : itemsRead < budget
        ? budget - itemsRead
        : (options.chunk ?? countedLimit(enough - matches.length, matches.length, itemsRead));
    const result = await readChunk(source, options.ascending, limit, startKey);
    itemsRead += result.ScannedCount ?? 0;
    for (const item of (result.Items ?? []) as DeviceCandidate[]) if (options.matches(item)) matches.push(item);
    startKey = result.LastEvaluatedKey;
  } while (startKey && itemsRead < DEVICE_READ_CAP && (matches.length < enough || itemsRead < budget));
  return { matches, itemsRead, exhausted: !startKey };
}

/**
 * What the next Query of a counted filter asks for: first the matches missing, at the filter's density when
 * known (a key range where every entry matches reads exactly its page), then as many as the match rate so far
 * says will hold them, or DynamoDB's 1 MB pages for a rare flag (fewer round trips; the items read are the
 * same). Past 1,000 entries a read goes in 1 MB pages.
 */
export function countedLimit(missing: number, matched: number, read: number, density?: number): number | undefined {
  const atRate = (rate: number) => {
    const limit = Math.ceil((missing * 1.25) / rate);
    return limit > 1000 ? undefined : limit;
  };
  if (matched === 0) return density ? atRate(density) : read === 0 ? missing : undefined;
  return atRate(matched / read);
}

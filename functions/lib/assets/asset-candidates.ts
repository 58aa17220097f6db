import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { READ_BUDGET } from '../../../shared/hydra';
import { ASSET_LIST_PROJECTION } from '../../../shared/table';
import { dynamo, tableName } from '../data/client';
import { hydratePage, tableKeyOf } from '../data/hydrate';
import type { TenantContext } from '../data/tenant-context';
import type { AssetRecord } from './asset-repository';

/**
 * Candidates of a filtered asset list: index entries projected to the attributes the filters and the sort
 * need (about 200 bytes instead of the 1.4 KB item), read in the partition's own order. docs/data-model.md,
 * "Asset list", explains the read budget.
 */
export type Candidate = Pick<
  AssetRecord,
  'id' | 'name' | 'reference' | 'logical_id' | 'days_outside_geo_zone' | 'scheduled' | 'client' | 'status'
> &
  Record<string, unknown>;

/** What the filters read: exactly what the asset list indexes copy (shared/table.ts), so a candidate is an index entry. */
export const CANDIDATE_ATTRIBUTES = ASSET_LIST_PROJECTION;

/**
 * Candidates read per request before a filtered list stops counting: every tenant or customer up to this size
 * gets exact totals; beyond it the total is a lower bound (docs/data-model.md). 25 pages of 20; what it
 * costs is in docs/performance.md.
 */
export const FILTERED_READ_BUDGET = 500;
/** Past the budget, a deep page keeps looking for its matches in reads of this size. */
const CHUNK_AFTER_BUDGET = 500;
/**
 * The most candidates one request reads. A search matching a handful of assets in a 100k tenant would read them
 * all and outlast the API's 29 s (locally: the handler's timeout, answered as 500). Past this the answer holds
 * the matches among the first candidates in the list's order, flagged `exhausted: false` (x-total-exact).
 */
export const FILTERED_READ_CAP = READ_BUDGET;

/**
 * A partition to read: the table's (pk) or an index's (gsiNpk). `keysOnlyOf`: the index holds keys only (a
 * customer's orders, gsi14…gsi18), so each chunk's candidates are fetched by key in that tenant (data/hydrate.ts).
 */
export interface CandidateSource {
  index?: string;
  partition: string;
  keysOnlyOf?: TenantContext;
}

export interface CandidateRead {
  matches: Candidate[];
  itemsRead: number;
  /** The partition was read to its end: `matches` are all matches there are. */
  exhausted: boolean;
}

async function readChunk(
  source: CandidateSource,
  attributes: readonly string[],
  ascending: boolean,
  limit: number | undefined,
  startKey: Record<string, unknown> | undefined,
) {
  if (source.keysOnlyOf) return readKeysOnlyChunk(source, source.keysOnlyOf, attributes, ascending, limit, startKey);
  return queryChunk(source, attributes, ascending, limit, startKey);
}

const KEYS_CHUNK = 1000;

/** A chunk of a keys-only partition, its candidates fetched by key: items read = the keys and the items. */
async function readKeysOnlyChunk(
  source: CandidateSource,
  ctx: TenantContext,
  attributes: readonly string[],
  ascending: boolean,
  limit: number | undefined,
  startKey: Record<string, unknown> | undefined,
) {
  // A chunk of keys at most a thousand: its items are fetched before the next is read.
  const keys = await queryChunk(source, ['pk', 'sk'], ascending, Math.min(limit ?? KEYS_CHUNK, KEYS_CHUNK), startKey);
  const items = await hydratePage(ctx, (keys.Items ?? []).map(tableKeyOf), { attributes });
  return { ...keys, Items: items, ScannedCount: (keys.ScannedCount ?? 0) + items.length };
}

function queryChunk(
  source: CandidateSource,
  attributes: readonly string[],
  ascending: boolean,
  limit: number | undefined,
  startKey: Record<string, unknown> | undefined,
) {
  const names = Object.fromEntries(attributes.map((attribute, i) => [`#a${i}`, attribute]));
  return dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      ...(source.index ? { IndexName: source.index } : {}),
      KeyConditionExpression: '#pk = :pk',
      ProjectionExpression: Object.keys(names).join(', '),
      ExpressionAttributeNames: { ...names, '#pk': source.index ? `${source.index}pk` : 'pk' },
      ExpressionAttributeValues: { ':pk': source.partition },
      ScanIndexForward: ascending,
      Limit: limit,
      ExclusiveStartKey: startKey,
    }),
  );
}

/**
 * Reads a partition that is already in the wanted order until it holds more than `wanted` matches and the
 * read budget is spent, or until its end. The extra match tells a caller that a next page exists.
 */
export async function readMatchesInOrder(
  source: CandidateSource,
  options: {
    ascending: boolean;
    wanted: number;
    matches: (candidate: Candidate) => boolean;
    /** Candidates read at least (for a lower-bound total); a search whose total is known reads only its page. */
    budget?: number;
    /**
     * The share of entries expected to match (a search's candidates): past the budget each read asks for what
     * the match rate so far (else this share) says will hold the matches still missing.
     */
    density?: number;
    /** The total is known (a search's exact count): the page's own matches suffice, no extra one. */
    totalKnown?: boolean;
  },
): Promise<CandidateRead> {
  const budget = options.budget ?? FILTERED_READ_BUDGET;
  const enough = options.totalKnown ? options.wanted : options.wanted + 1;
  const matches: Candidate[] = [];
  let itemsRead = 0;
  let startKey: Record<string, unknown> | undefined;
  const sized = () => {
    const rate = matches.length > 0 ? matches.length / itemsRead : options.density;
    if (!rate) return CHUNK_AFTER_BUDGET;
    return Math.min(1_000, Math.max(25, Math.ceil((enough - matches.length) / rate)));
  };
  do {
    const limit = itemsRead < budget ? budget - itemsRead : sized();
    const result = await readChunk(source, CANDIDATE_ATTRIBUTES, options.ascending, limit, startKey);
    itemsRead += result.ScannedCount ?? 0;
    for (const item of (result.Items ?? []) as Candidate[]) if (options.matches(item)) matches.push(item);
    startKey = result.LastEvaluatedKey;
  } while (startKey && itemsRead < FILTERED_READ_CAP && (matches.length < enough || itemsRead < budget));
  return { matches, itemsRead, exhausted: !startKey };
}

/**
 * The whole partition (a customer's assets in the list's order, for an exact total), in `ascending` order. Past
 * the read cap it gives up (`exhausted: false`, no matches): the caller reads the sort's index in order instead.
 */
export async function readAllMatches(
  source: CandidateSource,
  extraAttribute: string | undefined,
  matches: (candidate: Candidate) => boolean,
  ascending = true,
): Promise<CandidateRead> {
  const attributes = [...CANDIDATE_ATTRIBUTES, ...(extraAttribute ? [extraAttribute] : [])];
  const found: Candidate[] = [];
  let itemsRead = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const result = await readChunk(source, attributes, ascending, undefined, startKey);
    itemsRead += result.ScannedCount ?? 0;
    for (const item of (result.Items ?? []) as Candidate[]) if (matches(item)) found.push(item);
    startKey = result.LastEvaluatedKey;
    if (startKey && itemsRead >= FILTERED_READ_CAP) return { matches: [], itemsRead, exhausted: false };
  } while (startKey);
  return { matches: found, itemsRead, exhausted: true };
}

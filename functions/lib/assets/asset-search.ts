import { Logger } from '@aws-lambda-powertools/logger';
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../data/client';
import { itemKey } from '../data/keys';
import type { TenantContext } from '../data/tenant-context';
import { CANDIDATE_ATTRIBUTES, type Candidate, type CandidateRead, sortInListOrder } from './asset-candidates';
import { ASSET_SORT_INDEXES, assetRepository } from './asset-repository';
import { searchCatalogue } from './asset-search-catalogue';

/**
 * The search plan of GET /api/assets (docs/data-model.md, "Asset list"): the search catalogue names the
 * matching ids; when they are few, their index entries are fetched by id (BatchGetItem, projected), the other
 * filters applied and the matches sorted in the list's order here: exact total, any page, whatever the tenant
 * size. When they are many, the caller reads the sort's index in order (its page fills fast).
 */

/** Matches fetched by id at most; beyond, one match in 50 at 100k assets, reading in order is cheaper. */
export const SEARCH_FETCH_LIMIT = 2_000;
const BATCH_KEYS = 100;
const logger = new Logger({ serviceName: 'api-assets' });
const BATCH_CONCURRENCY = 4;

export type SearchRead =
  /** Every match, filtered and in the list's order (`exhausted: true`). */
  | { kind: 'exact'; read: CandidateRead }
  /** More matches than the fetch limit: `matchCount` of them (the search alone). */
  | { kind: 'many'; matchCount: number; itemsRead: number }
  /** The catalogue lacks assets (written before it existed, see docs): it cannot be trusted. */
  | { kind: 'incomplete'; itemsRead: number };

export interface SearchOrder {
  field: keyof typeof ASSET_SORT_INDEXES | 'id';
  direction: 'asc' | 'desc';
}

export async function readSearchMatches(
  ctx: TenantContext,
  search: string,
  order: SearchOrder,
  matches: (candidate: Candidate) => boolean,
): Promise<SearchRead> {
  // The counter read (1 item) tells whether every asset has its entry: the write transactions keep both.
  const [catalogue, assetCount] = await Promise.all([searchCatalogue(ctx, search), assetRepository.count(ctx)]);
  const itemsRead = catalogue.itemsRead + 1;
  if (catalogue.entries !== assetCount) {
    logger.warn('asset search catalogue incomplete', { entries: catalogue.entries, assets: assetCount });
    return { kind: 'incomplete', itemsRead };
  }
  if (catalogue.ids.length > SEARCH_FETCH_LIMIT) {
    return { kind: 'many', matchCount: catalogue.ids.length, itemsRead };
  }
  const sortAttribute = order.field === 'id' ? undefined : `${ASSET_SORT_INDEXES[order.field]}sk`;
  const candidates = await getCandidates(ctx, catalogue.ids, sortAttribute);
  const found = sortInListOrder(candidates.filter(matches), sortAttribute, order.direction === 'asc');
  return { kind: 'exact', read: { matches: found, itemsRead: itemsRead + candidates.length, exhausted: true } };
}

/**
 * The candidate attributes (and the sort key) of the given assets, by BatchGetItem: 100 keys a call, a few
 * calls in flight, unprocessed keys retried. An id deleted since the catalogue read is simply absent.
 */
async function getCandidates(ctx: TenantContext, ids: readonly number[], sortAttribute?: string) {
  const attributes = [...CANDIDATE_ATTRIBUTES, ...(sortAttribute ? [sortAttribute] : [])];
  const names = Object.fromEntries(attributes.map((attribute, i) => [`#a${i}`, attribute]));
  const chunks: number[][] = [];
  for (let i = 0; i < ids.length; i += BATCH_KEYS) chunks.push(ids.slice(i, i + BATCH_KEYS));
  const found: Candidate[] = [];
  const fetchChunk = async (chunk: number[]) => {
    let keys: Record<string, unknown>[] = chunk.map((id) => itemKey(ctx, 'ASSET', id));
    for (let attempt = 0; keys.length > 0; attempt++) {
      if (attempt >= 8) throw new Error(`${keys.length} asset keys stayed unprocessed`);
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** attempt));
      const result = await dynamo().send(
        new BatchGetCommand({
          RequestItems: {
            [tableName()]: {
              Keys: keys,
              ProjectionExpression: Object.keys(names).join(', '),
              ExpressionAttributeNames: names,
            },
          },
        }),
      );
      found.push(...((result.Responses?.[tableName()] ?? []) as Candidate[]));
      keys = (result.UnprocessedKeys?.[tableName()]?.Keys ?? []) as Record<string, unknown>[];
    }
  };
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) await fetchChunk(chunks[next++] as number[]);
  };
  await Promise.all(Array.from({ length: Math.min(BATCH_CONCURRENCY, chunks.length) }, worker));
  return found;
}

import { Logger } from '@aws-lambda-powertools/logger';
import { batchGetByIds } from '../data/batch-get';
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
const logger = new Logger({ serviceName: 'api-assets' });

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

/** The candidate attributes (and the sort key) of the given assets; an id deleted since the catalogue read is absent. */
async function getCandidates(ctx: TenantContext, ids: readonly number[], sortAttribute?: string) {
  const attributes = [...CANDIDATE_ATTRIBUTES, ...(sortAttribute ? [sortAttribute] : [])];
  return (await batchGetByIds(ctx, 'ASSET', ids, { attributes })) as Candidate[];
}

import { batchGetByIds } from '../data/batch-get';
import type { TenantContext } from '../data/tenant-context';
import { fetchesCandidates, findCandidates } from '../search/gram-search';
import { CANDIDATE_ATTRIBUTES, type Candidate, type CandidateRead, sortInListOrder } from './asset-candidates';
import { ASSET_SORT_INDEXES, assetRepository } from './asset-repository';

/**
 * The search plan of GET /api/assets (docs/data-model.md, "Asset list" and "Search index"): the n-gram index
 * names the candidates (search/gram-search.ts). When they are few, their filter attributes are fetched by id
 * (BatchGetItem, projected), verified (the substring and the other filters) and sorted in the list's order
 * here: exact total, any page. When they are many, the caller reads the sort's index in order keeping the
 * verified candidates (the page fills fast: the matches are dense). A search shorter than a gram has no
 * candidates: the caller reads in order with the search as a filter.
 */
export type SearchRead =
  /** Every match, filtered and in the list's order (`exhausted: true`). */
  | { kind: 'exact'; read: CandidateRead }
  /** Too many candidates to fetch: read in order, keeping `candidates`; `count` is the search's exact total. */
  | {
      kind: 'many';
      candidates: ReadonlySet<number>;
      count: number | undefined;
      /** Candidates per asset of the tenant: how many reads in order find a page. */
      density: number;
      itemsRead: number;
    }
  /** Shorter than a gram: the index cannot narrow it. */
  | { kind: 'unindexed'; itemsRead: number };

export interface SearchOrder {
  field: keyof typeof ASSET_SORT_INDEXES | 'id';
  direction: 'asc' | 'desc';
}

export async function readSearchMatches(
  ctx: TenantContext,
  search: string,
  order: SearchOrder,
  matches: (candidate: Candidate) => boolean,
  /** Matches the page needs (page × items per page); an export needs them all. */
  wanted = Number.POSITIVE_INFINITY,
): Promise<SearchRead> {
  // The counter (1 item) sizes what the search may read: at most 2% of the tenant (gram-search.ts).
  const assetCount = await assetRepository.count(ctx);
  const found = await findCandidates(ctx, 'ASSET', [search], assetCount);
  if (!found.ids) return { kind: 'unindexed', itemsRead: found.itemsRead + 1 };
  const ids = found.ids;
  if (ids.length === 0) {
    return { kind: 'exact', read: { matches: [], itemsRead: found.itemsRead + 1, exhausted: true } };
  }
  const itemsRead = found.itemsRead + 1;
  if (!fetchesCandidates(ids.length, assetCount, itemsRead, wanted)) {
    return {
      kind: 'many',
      candidates: new Set(ids),
      count: found.exact ? ids.length : undefined,
      density: ids.length / Math.max(ids.length, assetCount),
      itemsRead,
    };
  }
  const sortAttribute = order.field === 'id' ? undefined : `${ASSET_SORT_INDEXES[order.field]}sk`;
  const candidates = await getCandidates(ctx, ids, sortAttribute);
  const verified = sortInListOrder(candidates.filter(matches), sortAttribute, order.direction === 'asc');
  return {
    kind: 'exact',
    read: { matches: verified, itemsRead: itemsRead + candidates.length, exhausted: true },
  };
}

/** The candidate attributes (and the sort key) of the given assets; an id deleted meanwhile is absent. */
async function getCandidates(ctx: TenantContext, ids: readonly number[], sortAttribute?: string) {
  const attributes = [...CANDIDATE_ATTRIBUTES, ...(sortAttribute ? [sortAttribute] : [])];
  return (await batchGetByIds(ctx, 'ASSET', ids, { attributes })) as Candidate[];
}

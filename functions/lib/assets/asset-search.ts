import type { TenantContext } from '../data/tenant-context';
import { readSearch, type SearchPlan, type SearchRead } from '../search/search-read';
import { CANDIDATE_ATTRIBUTES, type Candidate } from './asset-candidates';
import { ASSET_SORT_INDEXES, assetRepository } from './asset-repository';

/**
 * The search plan of GET /api/assets (docs/data-model.md, "Asset list" and "Search index"): the shared plan of
 * search/search-read.ts on the assets' n-gram index, verified against the asset list's filter attributes.
 */
export type AssetSearchRead = SearchRead<Candidate>;

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
  page: { start: number; searchOnly: boolean } = { start: 0, searchOnly: false },
): Promise<AssetSearchRead> {
  // The counter (1 item) sizes what the search may read: at most 2% of the tenant (gram-search.ts).
  const itemCount = await assetRepository.count(ctx);
  return readSearch<Candidate>(ctx, assetSearchPlan(search, order, matches, itemCount, wanted, page));
}

/** The shared search plan on the assets' n-gram index (also what the bench compares plans with). */
export function assetSearchPlan(
  search: string,
  order: SearchOrder,
  matches: (candidate: Candidate) => boolean,
  itemCount: number,
  wanted: number,
  page: { start: number; searchOnly: boolean },
): SearchPlan<Candidate> {
  return {
    entity: 'ASSET',
    spellings: [{ text: search }],
    itemCount,
    attributes: CANDIDATE_ATTRIBUTES,
    sortAttribute: order.field === 'id' ? undefined : `${ASSET_SORT_INDEXES[order.field]}sk`,
    ascending: order.direction === 'asc',
    matches,
    wanted,
    pageStart: page.start,
    searchOnly: page.searchOnly,
  };
}

import { batchGetByIds } from '../data/batch-get';
import type { TenantContext } from '../data/tenant-context';
import type { SearchEntity } from './gram-index';
import { fetchesCandidates, findCandidates, SEARCH_READ_SHARE, type SearchSpelling } from './gram-search';

/**
 * The search plan of a list (GET /api/assets, GET /api/devices; docs/data-model.md "Search index"): the n-gram
 * index names the candidates. When they are few, their filter attributes are fetched by id (BatchGetItem,
 * projected), verified (the substring and the other filters) and sorted in the list's order here: exact total,
 * any page. When they are many, the caller reads the sort's index in order keeping the verified candidates
 * (the page fills fast: the matches are dense). A search shorter than a gram has no candidates: the caller
 * reads in order with the search as a filter. A search that is the list's only filter, with candidates
 * exactly its matches (gram-search.ts `exact`), reads its page's items by id: in id order straight from the
 * candidates, in another order after fetching the candidates' sort keys alone.
 */
export type SearchRead<C> =
  /** Every match, filtered and in the list's order (`exhausted: true`). */
  | { kind: 'exact'; read: { matches: C[]; itemsRead: number; exhausted: true } }
  /** Too many candidates to fetch: read in order, keeping `candidates`; `count` is the search's exact total. */
  | {
      kind: 'many';
      candidates: ReadonlySet<number>;
      /** The search's exact total (the candidates are exactly the matches), else undefined. */
      count: number | undefined;
      /** Candidates per item of the tenant: how many reads in order find a page. */
      density: number;
      itemsRead: number;
    }
  /**
   * Shorter than a gram, or most items match (`density`, about that share): read in order with the search as a
   * filter (a dense search only as far as its page).
   */
  | { kind: 'unindexed'; itemsRead: number; density?: number }
  /** The page's whole items in id order, and the exact total, straight from the index (`pageOf`). */
  | { kind: 'page'; items: Record<string, unknown>[]; total: number; itemsRead: number };

export interface SearchPlan<C> {
  entity: SearchEntity;
  /** The spellings the search is looked up in (their candidates are joined). */
  spellings: readonly SearchSpelling[];
  /** The tenant's items of the entity (its counter, read by the caller: one item). */
  itemCount: number;
  /** What a candidate holds: the filters' attributes. */
  attributes: readonly string[];
  /** The sort index's key attribute (`gsiNsk`), or undefined for the id order. */
  sortAttribute?: string;
  ascending: boolean;
  matches: (candidate: C) => boolean;
  /** Matches the page needs (page × items per page); an export needs them all. */
  wanted: number;
  /** Matches before the page (page - 1) × items per page. */
  pageStart?: number;
  /** The search is the list's only filter (`matches` checks nothing else). */
  searchOnly?: boolean;
}

export async function readSearch<C extends { id: number }>(
  ctx: TenantContext,
  plan: SearchPlan<C>,
): Promise<SearchRead<C>> {
  const found = await findCandidates(ctx, plan.entity, plan.spellings, plan.itemCount);
  // The counter the caller read is one item.
  const itemsRead = found.itemsRead + 1;
  if (!found.ids) return { kind: 'unindexed', itemsRead, ...(found.dense ? { density: found.dense } : {}) };
  const ids = found.ids;
  if (ids.length === 0) return { kind: 'exact', read: { matches: [], itemsRead, exhausted: true } };
  const many = (): SearchRead<C> => ({
    kind: 'many',
    candidates: new Set(ids),
    count: found.exact ? ids.length : undefined,
    density: ids.length / Math.max(ids.length, plan.itemCount),
    itemsRead,
  });
  if (found.exact && plan.searchOnly) {
    // Sorted: the sort's index in order, keeping candidates, when that finds the page for fewer reads.
    if (plan.sortAttribute && Number.isFinite(plan.wanted) && readsInOrder(ids.length, plan, itemsRead)) return many();
    const page = await pageOf(ctx, plan, ids, itemsRead);
    if (page) return page;
  }
  if (!fetchesCandidates(ids.length, plan.itemCount, itemsRead, plan.wanted)) return many();
  const attributes = [...plan.attributes, ...(plan.sortAttribute ? [plan.sortAttribute] : [])];
  // An id deleted meanwhile is simply absent.
  const candidates = (await batchGetByIds(ctx, plan.entity, ids, { attributes })) as unknown as C[];
  const verified = sortInListOrder(candidates.filter(plan.matches), plan.sortAttribute, plan.ascending);
  return { kind: 'exact', read: { matches: verified, itemsRead: itemsRead + candidates.length, exhausted: true } };
}

/**
 * The page of a search alone whose candidates are exactly its matches: in id order its ids are the page; in
 * another order the candidates' sort keys alone are fetched (the smallest projection) and sorted here. The
 * page's items are read whole by id and verified; one that fails (an entry whose removal is not written yet,
 * gram-writes.ts) sends the search back to the verified plans (undefined).
 */
export async function pageOf<C extends { id: number }>(
  ctx: TenantContext,
  plan: SearchPlan<C>,
  ids: number[],
  itemsRead: number,
): Promise<SearchRead<C> | undefined> {
  if (!Number.isFinite(plan.wanted)) return undefined;
  let ordered = plan.ascending ? ids : [...ids].reverse();
  let read = itemsRead;
  if (plan.sortAttribute) {
    if (!fetchesCandidates(ids.length, plan.itemCount, itemsRead, plan.wanted)) return undefined;
    const keys = await batchGetByIds(ctx, plan.entity, ids, { attributes: ['id', plan.sortAttribute] });
    read += keys.length;
    const sorted = sortInListOrder(keys as unknown as C[], plan.sortAttribute, plan.ascending);
    ordered = sorted.map((candidate) => Number(candidate.id));
  }
  const pageIds = ordered.slice(plan.pageStart ?? 0, plan.wanted);
  const items = await batchGetByIds(ctx, plan.entity, pageIds);
  const byId = new Map(items.map((item) => [Number(item.id), item]));
  const verified = pageIds.flatMap((id) => {
    const item = byId.get(id);
    return item && plan.matches(item as unknown as C) ? [item] : [];
  });
  if (verified.length < pageIds.length) return undefined;
  return { kind: 'page', items: verified, total: ids.length, itemsRead: read + items.length };
}

/**
 * An index entry read in order costs about a third of an item fetched by key: locally dynalite's Query against
 * its BatchGetItem (~0.06 against ~0.18 ms an item, docs/performance.md), on DynamoDB a ~0.2 KB entry in a 1 MB
 * page against an item's 4 KB read unit.
 */
const ENTRIES_PER_FETCH = 3;

/**
 * Whether a search alone with exact candidates finds its page sooner in the sort's index (keeping candidates)
 * than by fetching every candidate's sort key: the expected entries, within the search's 2% share. The share bounds
 * the expectation, not the realised read, which is random around it (decision 0281).
 */
export function readsInOrder(
  candidates: number,
  plan: Pick<SearchPlan<never>, 'itemCount' | 'wanted'>,
  itemsRead: number,
) {
  const expected = (plan.wanted * Math.max(plan.itemCount, candidates)) / Math.max(1, candidates);
  const share = plan.itemCount * SEARCH_READ_SHARE - itemsRead - plan.wanted;
  return expected <= share && expected < candidates * ENTRIES_PER_FETCH;
}

/** In the order the sort's index holds (its own key, compared as DynamoDB compares strings), else by id. */
export function sortInListOrder<C extends { id: number }>(
  candidates: C[],
  sortAttribute: string | undefined,
  ascending: boolean,
): C[] {
  const sign = ascending ? 1 : -1;
  if (!sortAttribute) return candidates.sort((a, b) => sign * (a.id - b.id));
  const key = (candidate: C) => String((candidate as Record<string, unknown>)[sortAttribute] ?? '');
  return candidates.sort((a, b) => (key(a) < key(b) ? -sign : key(a) > key(b) ? sign : 0));
}

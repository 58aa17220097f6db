import type { TenantContext } from '../data/tenant-context';
import { GRAM_BUCKET_SIZE, readPosting, type SearchEntity } from './gram-index';
import { type QueryGrams, queryGrams } from './grams';

/**
 * A search's candidates from the n-gram index (docs/data-model.md, "Search index"): the grams of each
 * spelling of the search (assets: one; devices: also the DEVEUI spelling without separators) are read at once,
 * intersected bucket by bucket, and the spellings' candidates joined. Candidates are a superset of the matches
 * (grams found apart, text cut at 150 characters aside), except for a 3-character search, whose one posting is
 * exactly its matches (`exact`).
 */
export interface GramCandidates {
  /** Candidate ids, ascending; undefined when a spelling is shorter than a gram (the index cannot answer). */
  ids: number[] | undefined;
  /** `ids` are exactly the items whose indexed text contains the search. */
  exact: boolean;
  itemsRead: number;
}

const intersect = (a: Map<number, Set<number>>, b: Map<number, Set<number>>) => {
  const result = new Map<number, Set<number>>();
  for (const [bucket, offsets] of a) {
    const other = b.get(bucket);
    if (!other) continue;
    const both = new Set([...offsets].filter((offset) => other.has(offset)));
    if (both.size) result.set(bucket, both);
  }
  return result;
};

/** Ids of the buckets' offsets, ascending. */
export function idsOf(buckets: Map<number, Set<number>>): number[] {
  const ids: number[] = [];
  for (const [bucket, offsets] of buckets) for (const offset of offsets) ids.push(bucket * GRAM_BUCKET_SIZE + offset);
  return ids.sort((a, b) => a - b);
}

/** Intersects postings (smallest first, so the work follows the rarest gram). */
export function intersectAll(postings: Map<number, Set<number>>[]): Map<number, Set<number>> {
  const sized = [...postings].sort((a, b) => sizeOf(a) - sizeOf(b));
  let result = sized[0] ?? new Map<number, Set<number>>();
  for (const posting of sized.slice(1)) result = intersect(result, posting);
  return result;
}

const sizeOf = (posting: Map<number, Set<number>>) => {
  let size = 0;
  for (const offsets of posting.values()) size += offsets.size;
  return size;
};

/**
 * `itemCount` (the tenant's items of the entity) bounds what a 1- or 2-character search may read of the
 * postings starting with it (SEARCH_READ_SHARE); past that it answers no candidates (`ids` undefined).
 */
export async function findCandidates(
  ctx: TenantContext,
  entity: SearchEntity,
  spellings: readonly string[],
  itemCount: number,
): Promise<GramCandidates> {
  const queries = spellings.map(queryGrams);
  if (queries.some((query) => query.grams.length === 0 && query.prefix === undefined)) {
    return { ids: undefined, exact: false, itemsRead: 0 };
  }
  // A term is a gram (`g` + gram) or a shorter search's prefix (`p` + prefix); distinct terms are read once.
  const termsOf = (query: QueryGrams) =>
    query.prefix === undefined ? byRarity(query.grams).map((gram) => `g${gram}`) : [`p${query.prefix}`];
  const maxPrefixItems = Math.max(SEARCH_FETCH_MIN, Math.floor(itemCount * SEARCH_READ_SHARE));
  const postings = new Map<string, Map<number, Set<number>>>();
  let itemsRead = 0;
  const read = async (terms: string[]) => {
    const missing = [...new Set(terms)].filter((term) => !postings.has(term));
    const answers = await Promise.all(
      missing.map((key) =>
        key.startsWith('p')
          ? readPosting(ctx, entity, { prefix: key.slice(1) }, maxPrefixItems)
          : readPosting(ctx, entity, { gram: key.slice(1) }),
      ),
    );
    for (const [i, answer] of answers.entries()) {
      postings.set(missing[i] as string, answer.complete ? answer.ids : INCOMPLETE);
    }
    itemsRead += answers.reduce((sum, answer) => sum + answer.itemsRead, 0);
    return answers.every((answer) => answer.complete);
  };
  const candidatesOf = (terms: string[][]) => {
    const ids = new Set<number>();
    for (const own of terms)
      for (const id of idsOf(intersectAll(own.map((term) => postings.get(term) ?? new Map())))) ids.add(id);
    return ids;
  };
  const terms = queries.map(termsOf);
  // The rarest-looking grams first; the rest only when those leave more candidates than a fetch would verify.
  const first = terms.map((own) => own.slice(0, FIRST_GRAMS));
  if (!(await read(first.flat()))) return { ids: undefined, exact: false, itemsRead };
  let ids = candidatesOf(first);
  const rest = terms.flatMap((own) => own.slice(FIRST_GRAMS));
  if (ids.size > SEARCH_FETCH_MIN && rest.length > 0) {
    if (!(await read(rest))) return { ids: undefined, exact: false, itemsRead };
    ids = candidatesOf(terms);
  }
  const sameTerms = new Set(terms.map((own) => JSON.stringify([...own].sort())));
  return {
    ids: [...ids].sort((a, b) => a - b),
    exact: sameTerms.size === 1 && queries.every((query) => query.exact),
    itemsRead,
  };
}

const INCOMPLETE = new Map<number, Set<number>>();

/**
 * Grams read in the first round: most searches that reach beyond them are identifiers (a serial, a reel
 * number, a DEVEUI), whose digit grams name few items, while letter grams ("tag", "has") name most of them.
 */
const FIRST_GRAMS = 3;

/** Grams with more digits first (fewer items hold them), otherwise in the order queryGrams chose them. */
const byRarity = (grams: readonly string[]) =>
  [...grams].sort((a, b) => (b.match(/\d/g)?.length ?? 0) - (a.match(/\d/g)?.length ?? 0));

/**
 * The most candidates a search fetches by id to verify and sort them itself (exact total, any page). Beyond,
 * it reads the list in order keeping verified candidates. Issue 19: a search reads at most 2% of the tenant,
 * so the limit is that share less what the postings cost, at least SEARCH_FETCH_MIN (small tenants) and at
 * most SEARCH_FETCH_MAX (1,000 RCUs at 0.5 each).
 */
export const SEARCH_READ_SHARE = 0.02;
export const SEARCH_FETCH_MIN = 100;
export const SEARCH_FETCH_MAX = 2_000;

export const searchFetchLimit = (itemCount: number, itemsReadSoFar: number, pageSize: number) =>
  Math.max(
    SEARCH_FETCH_MIN,
    Math.min(SEARCH_FETCH_MAX, Math.floor(itemCount * SEARCH_READ_SHARE) - itemsReadSoFar - pageSize),
  );

/**
 * Whether a search fetches its candidates (exact total) rather than reading the list in order: within the
 * fetch limit, or whenever fetching reads fewer items than the reads in order would (about `wanted` / density,
 * with a margin), up to SEARCH_FETCH_MAX.
 */
export function fetchesCandidates(candidates: number, itemCount: number, itemsReadSoFar: number, wanted: number) {
  if (candidates > SEARCH_FETCH_MAX) return false;
  const inOrder = ((wanted + 1) * Math.max(itemCount, candidates) * 1.25) / Math.max(1, candidates);
  return candidates <= searchFetchLimit(itemCount, itemsReadSoFar, 20) || candidates <= inOrder;
}

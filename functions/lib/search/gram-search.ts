import type { TenantContext } from '../data/tenant-context';
import { GRAM_BUCKET_SIZE, type PostingRead, readPosting, type SearchEntity } from './gram-index';
import { isPrecise, joinSpellings, matchPositions, type Posting, type SearchSpelling, sizeOf } from './gram-match';
import { type QueryGrams, queryGrams } from './grams';

export type { SearchSpelling } from './gram-match';

/**
 * A search's candidates from the n-gram index (docs/data-model.md, "Search index"; decision record 0278): the
 * grams of each spelling of the search (assets: one; devices: also the DEVEUI spelling without separators)
 * are read at once and intersected bucket by bucket at their positions: an item is a candidate when each gram
 * starts where the search puts it. When the grams read cover the search and every entry read knows its
 * position, the candidates are exactly the items whose indexed text holds the search (`exact`, no item read
 * to verify them); otherwise (a gram not read yet, a legacy or ANYWHERE entry) they are a superset, by item.
 */
export interface GramCandidates {
  /** Candidate ids, ascending; undefined when a spelling is shorter than a gram (the index cannot answer). */
  ids: number[] | undefined;
  /** `ids` are exactly the items whose indexed text contains the search (a spelling, within its window). */
  exact: boolean;
  /**
   * Most items match (`ids` undefined), about this share of them: the caller reads the list in order with the
   * search as a filter, only as far as its page.
   */
  dense?: number;
  itemsRead: number;
}

/**
 * `itemCount` (the tenant's items of the entity) bounds what a 1- or 2-character search may read of the
 * postings starting with it (SEARCH_READ_SHARE); past that it answers no candidates (`ids` undefined).
 *
 * The first grams (the rarest) are read a sample first: their first SAMPLE_ITEMS postings. A spelling whose
 * covering grams are all dense in their samples and match at DENSE_SHARE of the sampled ids or more is `dense`:
 * its postings would be most of the tenant's ids, so the caller reads the list in order with the search as a
 * filter (its page comes after a few reads; its total is a lower bound, as it was before 0278). Otherwise the
 * samples are read on to the end.
 */
export async function findCandidates(
  ctx: TenantContext,
  entity: SearchEntity,
  spellings: readonly SearchSpelling[],
  itemCount: number,
): Promise<GramCandidates> {
  const queries = spellings.map((spelling) => ({ spelling, query: queryGrams(spelling.text) }));
  if (queries.some(({ query }) => query.grams.length === 0 && query.prefix === undefined)) {
    return { ids: undefined, exact: false, itemsRead: 0 };
  }
  const maxPrefixItems = Math.max(SEARCH_FETCH_MIN, Math.floor(itemCount * SEARCH_READ_SHARE));
  const postings = new Map<string, Posting & { read: PostingRead }>();
  let itemsRead = 0;
  const read = async (terms: string[], sample: boolean) => {
    const wanted = [...new Set(terms)].filter((term) => !postings.get(term)?.read.complete);
    const answers = await Promise.all(
      wanted.map((key) =>
        key.startsWith('p')
          ? readPosting(ctx, entity, { prefix: key.slice(1) }, maxPrefixItems)
          : readPosting(
              ctx,
              entity,
              { gram: key.slice(1) },
              sample ? SAMPLE_ITEMS : undefined,
              postings.get(key)?.read,
            ),
      ),
    );
    for (const [i, answer] of answers.entries()) {
      const key = wanted[i] as string;
      itemsRead += answer.itemsRead - (postings.get(key)?.read.itemsRead ?? 0);
      postings.set(key, { entries: answer.ids, precise: isPrecise(answer.ids), read: answer });
    }
    // A prefix past its share cannot be answered.
    return wanted.every((key, i) => !key.startsWith('p') || answers[i]?.complete);
  };
  const terms = queries.map(({ query }) => termsOf(query));
  const first = terms.flatMap((own) => own.slice(0, FIRST_GRAMS));
  if (!(await read(first, true))) return { ids: undefined, exact: false, itemsRead };
  const shares = queries.map(({ spelling, query }) => denseShare(spelling, query, postings));
  if (shares.some((share) => share !== undefined)) {
    return { ids: undefined, exact: false, dense: Math.max(...shares.map((share) => share ?? 0)), itemsRead };
  }
  await read(first, false);
  let found = joinSpellings(queries, postings);
  const rest = terms.flatMap((own) => own.slice(FIRST_GRAMS));
  if (!found.exact && found.ids.size > SEARCH_FETCH_MIN && rest.length > 0) {
    await read(rest, false);
    found = joinSpellings(queries, postings);
  }
  return { ids: [...found.ids].sort((a, b) => a - b), exact: found.exact, itemsRead };
}

/** Postings a gram's first read takes: enough to tell a gram most items hold from a rarer one. */
const SAMPLE_ITEMS = 10;
/** A sampled posting is dense when its items hold at least this many entries each (half their ids). */
const DENSE_ENTRIES_PER_ITEM = GRAM_BUCKET_SIZE / 2;
/** A spelling matching at least this share of the ids its covering grams' samples share is dense. */
const DENSE_SHARE = 0.2;

/**
 * When a spelling's covering grams (two at least) were all sampled dense and match densely where their
 * samples overlap (reading them to the end would read most of the tenant's ids): the share that matches there.
 */
export function denseShare(
  spelling: SearchSpelling,
  query: QueryGrams,
  postings: ReadonlyMap<string, Posting & { read: PostingRead }>,
) {
  const covering = query.grams.filter((gram) => gram.covering);
  if (query.prefix !== undefined || new Set(covering.map(({ gram }) => gram)).size < 2) return undefined;
  const sampled = covering.map((gram) => ({ ...gram, posting: postings.get(`g${gram.gram}`) }));
  const dense = sampled.every(
    ({ posting }) =>
      posting !== undefined &&
      !posting.read.complete &&
      posting.precise &&
      sizeOf(posting.entries) >= DENSE_ENTRIES_PER_ITEM * posting.read.itemsRead,
  );
  if (!dense) return undefined;
  const entriesOf = sampled.map(({ posting }) => (posting as Posting).entries);
  const shared = [...(entriesOf[0]?.keys() ?? [])].filter((bucket) => entriesOf.every((own) => own.has(bucket)));
  if (shared.length === 0) return undefined;
  const constraints = sampled.map(({ at, posting }) => ({ at, entries: (posting as Posting).entries }));
  const matched = sizeOf(matchPositions(constraints, Array.from(spelling.text).length, spelling.endsBy));
  const share = matched / (shared.length * GRAM_BUCKET_SIZE);
  return share >= DENSE_SHARE ? share : undefined;
}

/** The read keys of a query: its prefix (`p`), or its distinct grams (`g`), most digits first (else as chosen). */
const termsOf = (query: QueryGrams) => {
  if (query.prefix !== undefined) return [`p${query.prefix}`];
  const ordered = [...query.grams].sort((a, b) => digitsOf(b.gram) - digitsOf(a.gram));
  return [...new Set(ordered.map(({ gram }) => `g${gram}`))];
};

/**
 * Grams read in the first round: most searches that reach beyond them are identifiers (a serial, a reel
 * number, a DEVEUI), whose digit grams name few items, while letter grams ("tag", "has") name most of them.
 */
const FIRST_GRAMS = 3;

/** Grams with more digits are rarer (fewer items hold them). */
const digitsOf = (gram: string) => gram.match(/\d/g)?.length ?? 0;

/**
 * The most candidates a search fetches by id to verify and sort them itself (exact total, any page). Beyond,
 * it reads the list in order keeping verified candidates. A search reads at most 2% of the tenant,
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

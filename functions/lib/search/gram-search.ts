import type { TenantContext } from '../data/tenant-context';
import {
  GRAM_BUCKET_SIZE,
  offsetOfEntry,
  POSITION_SPAN,
  positionOfEntry,
  readPosting,
  type SearchEntity,
} from './gram-index';
import { type QueryGram, type QueryGrams, queryGrams } from './grams';

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
  itemsRead: number;
}

/** One way a search is looked up: its text, and how far into the indexed text a match may end (if bounded). */
export interface SearchSpelling {
  text: string;
  /** A match must end within the indexed text's first `endsBy` characters (a device's DEVEUI comes first). */
  endsBy?: number;
}

/** A posting read: its entries by bucket, and whether each knows its position. */
interface Posting {
  entries: Map<number, Set<number>>;
  precise: boolean;
}

/** Offsets by bucket → ids, ascending. */
export function idsOf(buckets: Map<number, Set<number>>): number[] {
  const ids: number[] = [];
  for (const [bucket, offsets] of buckets) for (const offset of offsets) ids.push(bucket * GRAM_BUCKET_SIZE + offset);
  return ids.sort((a, b) => a - b);
}

const sizeOf = (entries: Map<number, Set<number>>) => {
  let size = 0;
  for (const set of entries.values()) size += set.size;
  return size;
};

/**
 * The offsets, by bucket, of the items holding every gram at its place: an entry of the rarest gram fixes
 * where the search would start; each other gram must have an entry there plus its own place. `endsBy` bounds
 * the start.
 */
export function matchPositions(
  constraints: readonly { entries: Map<number, Set<number>>; at: number }[],
  length: number,
  endsBy = Number.POSITIVE_INFINITY,
): Map<number, Set<number>> {
  const [rarest, ...others] = [...constraints].sort((a, b) => sizeOf(a.entries) - sizeOf(b.entries));
  const result = new Map<number, Set<number>>();
  if (!rarest) return result;
  for (const [bucket, entries] of rarest.entries) {
    const sets = others.map((other) => other.entries.get(bucket));
    if (sets.some((set) => set === undefined)) continue;
    const found = new Set<number>();
    for (const entry of entries) {
      const start = (entry % POSITION_SPAN) - rarest.at;
      if (start < 0 || start + length > endsBy) continue;
      const base = entry - rarest.at;
      const holds = others.every(
        (other, i) => start + other.at < POSITION_SPAN && (sets[i] as Set<number>).has(base + other.at),
      );
      if (holds) found.add(offsetOfEntry(base));
    }
    if (found.size) result.set(bucket, found);
  }
  return result;
}

/** The offsets by bucket of every item holding all the postings, positions aside (a superset). */
export function intersectOffsets(postings: readonly Map<number, Set<number>>[]): Map<number, Set<number>> {
  const offsets = postings.map((posting) => {
    const byBucket = new Map<number, Set<number>>();
    for (const [bucket, entries] of posting) byBucket.set(bucket, new Set([...entries].map(offsetOfEntry)));
    return byBucket;
  });
  const [first, ...rest] = offsets.sort((a, b) => sizeOf(a) - sizeOf(b));
  const result = new Map<number, Set<number>>();
  for (const [bucket, own] of first ?? []) {
    const both = [...own].filter((offset) => rest.every((other) => other.get(bucket)?.has(offset)));
    if (both.length) result.set(bucket, new Set(both));
  }
  return result;
}

const isPrecise = (entries: Map<number, Set<number>>) => {
  for (const set of entries.values()) for (const entry of set) if (positionOfEntry(entry) === undefined) return false;
  return true;
};

/**
 * `itemCount` (the tenant's items of the entity) bounds what a 1- or 2-character search may read of the
 * postings starting with it (SEARCH_READ_SHARE); past that it answers no candidates (`ids` undefined).
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
  const postings = new Map<string, Posting>();
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
      const entries = answer.complete ? answer.ids : INCOMPLETE;
      postings.set(missing[i] as string, { entries, precise: isPrecise(entries) });
    }
    itemsRead += answers.reduce((sum, answer) => sum + answer.itemsRead, 0);
    return answers.every((answer) => answer.complete);
  };
  const terms = queries.map(({ query }) => termsOf(query));
  // The covering grams with most digits first; the rest only when those leave more candidates than a fetch
  // would verify and are not yet exact.
  if (!(await read(terms.flatMap((own) => own.slice(0, FIRST_GRAMS)))))
    return { ids: undefined, exact: false, itemsRead };
  let found = joinSpellings(queries, postings);
  const rest = terms.flatMap((own) => own.slice(FIRST_GRAMS));
  if (!found.exact && found.ids.size > SEARCH_FETCH_MIN && rest.length > 0) {
    if (!(await read(rest))) return { ids: undefined, exact: false, itemsRead };
    found = joinSpellings(queries, postings);
  }
  return { ids: [...found.ids].sort((a, b) => a - b), exact: found.exact, itemsRead };
}

/** The read keys of a query: its prefix (`p`), or its distinct grams (`g`), covering ones first, rarest first. */
const termsOf = (query: QueryGrams) => {
  if (query.prefix !== undefined) return [`p${query.prefix}`];
  const ordered = [...query.grams].sort(
    (a, b) => Number(b.covering) - Number(a.covering) || digitsOf(b.gram) - digitsOf(a.gram),
  );
  return [...new Set(ordered.map(({ gram }) => `g${gram}`))];
};

/** The candidates of every spelling, from the postings read so far; exact when each spelling's are. */
function joinSpellings(
  queries: readonly { spelling: SearchSpelling; query: QueryGrams }[],
  postings: ReadonlyMap<string, Posting>,
) {
  const ids = new Set<number>();
  let exact = true;
  for (const { spelling, query } of queries) {
    const own = spellingCandidates(spelling, query, postings);
    for (const id of idsOf(own.offsets)) ids.add(id);
    exact &&= own.exact;
  }
  return { ids, exact };
}

function spellingCandidates(spelling: SearchSpelling, query: QueryGrams, postings: ReadonlyMap<string, Posting>) {
  const length = Array.from(spelling.text).length;
  const constraints = query.prefix !== undefined ? [{ gram: query.prefix, at: 0, covering: true }] : query.grams;
  const known = constraints.flatMap((constraint: QueryGram) => {
    const posting = postings.get(query.prefix !== undefined ? `p${query.prefix}` : `g${constraint.gram}`);
    return posting ? [{ ...constraint, ...posting }] : [];
  });
  const precise = known.every((constraint) => constraint.precise);
  const bounded = spelling.endsBy !== undefined;
  // Positions decide only when every entry knows its own; a lone gram (or prefix) needs none unless bounded.
  if (precise && (known.length > 1 || bounded)) {
    const offsets = matchPositions(known, length, spelling.endsBy);
    const coveredAll = known.filter((c) => c.covering).length === constraints.filter((c) => c.covering).length;
    return { offsets, exact: query.exact && coveredAll };
  }
  const offsets = intersectOffsets(known.map((constraint) => constraint.entries));
  return { offsets, exact: query.exact && !bounded && constraints.length === 1 && known.length === 1 };
}

const INCOMPLETE = new Map<number, Set<number>>();

/**
 * Grams read in the first round: most searches that reach beyond them are identifiers (a serial, a reel
 * number, a DEVEUI), whose digit grams name few items, while letter grams ("tag", "has") name most of them.
 */
const FIRST_GRAMS = 3;

/** Grams with more digits are rarer (fewer items hold them). */
const digitsOf = (gram: string) => gram.match(/\d/g)?.length ?? 0;

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

import { GRAM_BUCKET_SIZE, offsetOfEntry, POSITION_SPAN, positionOfEntry } from './gram-index';
import type { QueryGram, QueryGrams } from './grams';

/**
 * The pure side of a search's candidates (docs/data-model.md, "Search index"; decision record 0278): postings
 * intersected bucket by bucket at their positions, or positions aside (a superset), and the spellings joined.
 */
/** One way a search is looked up: its text, and how far into the indexed text a match may end (if bounded). */
export interface SearchSpelling {
  text: string;
  /** A match must end within the indexed text's first `endsBy` characters (a device's DEVEUI comes first). */
  endsBy?: number;
}

/** A posting read: its entries by bucket, and whether each knows its position. */
export interface Posting {
  entries: Map<number, Set<number>>;
  precise: boolean;
}

/** Offsets by bucket → ids, ascending. */
export function idsOf(buckets: Map<number, Set<number>>): number[] {
  const ids: number[] = [];
  for (const [bucket, offsets] of buckets) for (const offset of offsets) ids.push(bucket * GRAM_BUCKET_SIZE + offset);
  return ids.sort((a, b) => a - b);
}

export const sizeOf = (entries: Map<number, Set<number>>) => {
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

export const isPrecise = (entries: Map<number, Set<number>>) => {
  for (const set of entries.values()) for (const entry of set) if (positionOfEntry(entry) === undefined) return false;
  return true;
};

/** The candidates of every spelling, from the postings read so far; exact when each spelling's are. */
export function joinSpellings(
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

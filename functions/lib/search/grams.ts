/**
 * The text side of the n-gram search index (docs/data-model.md, "Search index"; decision record
 * 0268-an-n-gram-search-index-for-assets-and-devices-trigram-postings.md): what an item's searchable text is, how it is cut
 * into trigrams, and which trigrams a search reads. Pure: no I/O, shared by the writes, the reads and the seeds.
 */

/**
 * Trigrams: a search of 3 characters or more reads the postings of its grams; a shorter one reads the postings
 * of every gram that starts with it (a key prefix), when they are few enough.
 */
export const GRAM_LENGTH = 3;
/** Characters kept of each searched field (the fields allow 255): text past the 150th character is not found. */
export const SEARCH_TEXT_MAX = 150;
/**
 * A long search reads at most this many of its grams (any subset gives a superset of the matches, which the
 * verification narrows): each gram costs one posting item per 1,000 ids.
 */
export const MAX_QUERY_GRAMS = 5;
/**
 * Between fields, and twice after the last one: every character of the text starts a gram, so the grams that
 * start with a 1- or 2-character search name every item that contains it.
 */
export const FIELD_SEPARATOR = '\n';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Lowercased, with lone surrogates replaced as DynamoDB's UTF-8 storage does (U+FFFD), so a key built from
 * any text is valid and equal to what is stored.
 */
export const normalise = (text: string): string => text.replace(LONE_SURROGATE, '\uFFFD').toLowerCase();

/** The indexed text of an item: each field normalised and cut, each followed by FIELD_SEPARATOR, one more at the end. */
export function searchableText(fields: readonly (string | null | undefined)[]): string {
  const text = fields.map((field) => `${normalise(field ?? '').slice(0, SEARCH_TEXT_MAX)}${FIELD_SEPARATOR}`);
  return `${text.join('')}${FIELD_SEPARATOR}`;
}

/**
 * A gram found more often than this in one text is stored once at ANYWHERE (docs/data-model.md, "Search
 * index"): it bounds a posting at 1,000 × this entries however repetitive a name, and a search meeting such an
 * entry verifies its candidates instead of trusting the positions.
 */
export const MAX_POSITIONS_PER_GRAM = 6;
/** The position of a gram found more than MAX_POSITIONS_PER_GRAM times (or past the last position kept). */
export const ANYWHERE = 999;

/** Every distinct trigram of a normalised text with the code-point positions it starts at, ascending. */
export function gramPositions(text: string): Map<string, number[]> {
  const characters = Array.from(text);
  const positions = new Map<string, number[]>();
  for (let i = 0; i + GRAM_LENGTH <= characters.length; i++) {
    const gram = characters.slice(i, i + GRAM_LENGTH).join('');
    const known = positions.get(gram);
    if (known) known.push(i);
    else positions.set(gram, [i]);
  }
  for (const [gram, at] of positions) {
    if (at.length > MAX_POSITIONS_PER_GRAM || (at.at(-1) as number) >= ANYWHERE) positions.set(gram, [ANYWHERE]);
  }
  return positions;
}

/** Every distinct trigram of a normalised text, by code points (an emoji is one character). */
export const gramsOf = (text: string): Set<string> => new Set(gramPositions(text).keys());

/**
 * What an item's index entries gain and lose when its text goes from `before` to `after` (undefined: no
 * item): positions by gram, and the grams it no longer holds at all.
 */
export function gramChanges(before: string | undefined, after: string | undefined) {
  const old = before === undefined ? new Map<string, number[]>() : gramPositions(before);
  const next = after === undefined ? new Map<string, number[]>() : gramPositions(after);
  const difference = (from: Map<string, number[]>, other: Map<string, number[]>) => {
    const result = new Map<string, number[]>();
    for (const [gram, positions] of from) {
      const kept = new Set(other.get(gram) ?? []);
      const changed = positions.filter((position) => !kept.has(position));
      if (changed.length) result.set(gram, changed);
    }
    return result;
  };
  return {
    added: difference(next, old),
    removed: difference(old, next),
    gone: [...old.keys()].filter((gram) => !next.has(gram)),
  };
}

/** A gram of a search and where it starts in the search (code points). */
export interface QueryGram {
  gram: string;
  at: number;
  /** One of the grams at every third position and the last one, which together cover the search. */
  covering: boolean;
}

export interface QueryGrams {
  /** The grams to read (at most MAX_QUERY_GRAMS distinct ones); empty for a search shorter than a gram. */
  grams: QueryGram[];
  /** A search shorter than a gram (1 or 2 characters): the union of the grams starting with it. */
  prefix?: string;
  /**
   * True when the postings read, at their positions, are exactly the items whose text contains the search:
   * well formed, without the field separator (which the index adds), and either at most 3 characters or
   * covered end to end by the grams chosen.
   */
  exact: boolean;
}

/**
 * The grams a search reads: the grams at every third position and the last one (together they cover the
 * search, so their positions decide a match), then others, most digits first, up to MAX_QUERY_GRAMS distinct
 * grams.
 */
export function queryGrams(search: string): QueryGrams {
  const needle = normalise(search);
  const characters = Array.from(needle);
  const plain = needle === search.toLowerCase() && !needle.includes(FIELD_SEPARATOR);
  if (characters.length === 0) return { grams: [], exact: false };
  if (characters.length < GRAM_LENGTH) return { grams: [], prefix: needle, exact: plain };
  const last = characters.length - GRAM_LENGTH;
  const chosen = new Map<number, QueryGram>();
  const distinct = () => new Set([...chosen.values()].map(({ gram }) => gram)).size;
  const choose = (at: number, covering: boolean) => {
    const gram = characters.slice(at, at + GRAM_LENGTH).join('');
    const known = [...chosen.values()].some((chosenGram) => chosenGram.gram === gram);
    if (chosen.has(at) || (distinct() >= MAX_QUERY_GRAMS && !known)) return;
    chosen.set(at, { gram, at, covering });
  };
  for (let at = 0; at <= last; at += GRAM_LENGTH) choose(at, true);
  choose(last, true);
  // The others, those with most digits first (a serial's digit grams name few items, a word's letters many).
  const others = Array.from({ length: last + 1 }, (_, at) => at).filter((at) => !chosen.has(at));
  const digits = (at: number) => characters.slice(at, at + GRAM_LENGTH).filter((c) => c >= '0' && c <= '9').length;
  for (const at of others.sort((a, b) => digits(b) - digits(a) || a - b)) {
    if (distinct() >= MAX_QUERY_GRAMS) break;
    choose(at, false);
  }
  const grams = [...chosen.values()];
  return {
    grams,
    exact:
      plain &&
      covers(
        grams.filter((gram) => gram.covering),
        characters.length,
      ),
  };
}

/** Whether grams at these positions cover every character of a search of `length` characters. */
export function covers(grams: readonly QueryGram[], length: number): boolean {
  const covered = new Array<boolean>(length).fill(false);
  for (const { at } of grams) for (let i = at; i < at + GRAM_LENGTH && i < length; i++) covered[i] = true;
  return covered.every(Boolean);
}

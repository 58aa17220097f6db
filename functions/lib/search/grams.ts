/**
 * The text side of the n-gram search index (docs/data-model.md, "Search index"; decision record
 * 0268-an-n-gram-search-index-for-assets-and-devices-trigram-postin.md): what an item's searchable text is, how it is cut
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

/** Every distinct trigram of a normalised text, by code points (an emoji is one character). */
export function gramsOf(text: string): Set<string> {
  const characters = Array.from(text);
  const grams = new Set<string>();
  for (let i = 0; i + GRAM_LENGTH <= characters.length; i++) {
    grams.add(characters.slice(i, i + GRAM_LENGTH).join(''));
  }
  return grams;
}

/** Grams to add and to remove when an item's text goes from `before` to `after` (undefined: no item). */
export function gramChanges(before: string | undefined, after: string | undefined) {
  const old = before === undefined ? new Set<string>() : gramsOf(before);
  const next = after === undefined ? new Set<string>() : gramsOf(after);
  return {
    added: [...next].filter((gram) => !old.has(gram)),
    removed: [...old].filter((gram) => !next.has(gram)),
  };
}

export interface QueryGrams {
  /** The grams to read (at most MAX_QUERY_GRAMS); empty for a search shorter than a gram. */
  grams: string[];
  /** A search shorter than a gram (1 or 2 characters): the union of the grams starting with it. */
  prefix?: string;
  /**
   * True when the postings read are exactly the items whose text contains the search: a search of at most
   * 3 characters, well formed and without the field separator (which the index adds).
   */
  exact: boolean;
}

/**
 * The grams a search reads: the grams at every third position (they cover the whole search) and the last one,
 * then others, up to MAX_QUERY_GRAMS.
 */
export function queryGrams(search: string): QueryGrams {
  const needle = normalise(search);
  const characters = Array.from(needle);
  const plain = needle === search.toLowerCase() && !needle.includes(FIELD_SEPARATOR);
  if (characters.length === 0) return { grams: [], exact: false };
  if (characters.length < GRAM_LENGTH) return { grams: [], prefix: needle, exact: plain };
  const at = (i: number) => characters.slice(i, i + GRAM_LENGTH).join('');
  const last = characters.length - GRAM_LENGTH;
  const chosen = new Set<string>();
  for (let i = 0; i <= last && chosen.size < MAX_QUERY_GRAMS; i += GRAM_LENGTH) chosen.add(at(i));
  if (chosen.size < MAX_QUERY_GRAMS) chosen.add(at(last));
  for (let i = 1; i <= last && chosen.size < MAX_QUERY_GRAMS; i++) chosen.add(at(i));
  return { grams: [...chosen], exact: plain && characters.length === GRAM_LENGTH };
}

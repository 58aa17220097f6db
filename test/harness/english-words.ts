import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { segmentLabel } from '../../web/src/shell/breadcrumbs';

/**
 * Which words on a screen are English when the console speaks another language. The
 * vocabulary is read from the console's own string catalogues (web/src/i18n), so a string added by any area is
 * covered without a list to keep: the English value of every key whose translation differs, split into words,
 * minus every word the other language's catalogue uses itself ("Status", "API", "e-mail").
 */

const I18N = path.resolve(__dirname, '../../web/src/i18n');

/** English words the catalogues do not hold but libraries show (MUI, MapLibre, the browser, a geocoder). */
const LIBRARY_ENGLISH = [
  'rows per page',
  'go to next page',
  'go to previous page',
  'go to first page',
  'go to last page',
  'zoom in zoom out reset bearing to north toggle attribution',
  'drag to rotate map',
  'no options',
  'loading',
  'clear',
  'open close',
  'netherlands germany belgium france',
  'dashboard breadcrumbs',
  'select all rows',
  'sorted ascending descending',
];

type Strings = { [key: string]: string | Strings };

function readJson(file: string): Strings {
  return JSON.parse(readFileSync(file, 'utf8')) as Strings;
}

/** Every catalogue of a language: the base file and each area's file, by a name that is the same per language. */
function catalogues(language: string): Record<string, Strings> {
  const all: Record<string, Strings> = { base: readJson(path.join(I18N, `${language}.json`)) };
  for (const area of readdirSync(path.join(I18N, 'features')))
    all[area] = readJson(path.join(I18N, 'features', area, `${language}.json`));
  return all;
}

/** One string of a catalogue ('base' for the language file), by its key path: the words a test clicks. */
export function catalogueString(language: string, catalogue: string, keyPath: string): string {
  const value = flatCatalogue(language).get(`${catalogue}:${keyPath}`);
  if (value === undefined) throw new Error(`No string ${catalogue}:${keyPath} in ${language}`);
  return value;
}

/** Key path → string value, flattened. */
function flatten(strings: Strings, prefix = '', into = new Map<string, string>()) {
  for (const [key, value] of Object.entries(strings)) {
    if (typeof value === 'string') into.set(`${prefix}${key}`, value);
    else flatten(value, `${prefix}${key}.`, into);
  }
  return into;
}

const flatCatalogue = (language: string) => {
  const all = new Map<string, string>();
  for (const [name, strings] of Object.entries(catalogues(language))) flatten(strings, `${name}:`, all);
  return all;
};

/**
 * Words of a text: letters (any script) with inner apostrophes; interpolations and tags dropped. A compound is
 * split at its dashes ("MQTT-broker"), on the screen as in the catalogues.
 */
export function wordsOf(text: string): string[] {
  const plain = text.replace(/\{\{[^}]*\}\}/g, ' ').replace(/<\/?\w+[^>]*>/g, ' ');
  return (plain.match(/\p{L}[\p{L}'’]*\p{L}|\p{L}/gu) ?? []).map((word) => word.toLowerCase());
}

/** The English words that must not show in `language`: catalogue words whose translation differs. */
export function englishVocabulary(language: string): Set<string> {
  const english = flatCatalogue('en');
  const other = flatCatalogue(language);
  const own = new Set<string>();
  for (const value of other.values()) for (const word of wordsOf(value)) own.add(word);
  const vocabulary = new Set<string>();
  for (const [key, value] of english) {
    if (other.get(key) === value) continue;
    for (const word of wordsOf(value)) vocabulary.add(word);
  }
  for (const text of LIBRARY_ENGLISH) for (const word of wordsOf(text)) vocabulary.add(word);
  for (const word of vocabulary) if (own.has(word) || word.length < 2) vocabulary.delete(word);
  return vocabulary;
}

/**
 * Properties whose values a screen must translate rather than show as they are: codes (a status, a type) and
 * countries, stored as English names ("Netherlands") and shown in the user's language.
 */
const CODE_PROPERTIES =
  /^(@type|status|state|type|kind|level|severity|trigger|action|mode|reason|source|category|country)$/i;

/**
 * Strings of the API's answers, which the screens show as data: names, usernames, addresses, DevEUIs. Codes
 * (`status: "active"`, `ROLE_ADMIN`) are left out on purpose: a screen must translate those, not show them.
 */
export function collectDataStrings(value: unknown, into: Set<string>, property = '') {
  if (typeof value === 'string') {
    if (value.length < 2 || CODE_PROPERTIES.test(property) || /^[A-Z_]+$/.test(value)) return;
    into.add(value);
    // An id in the address shows in the breadcrumbs as they write it (dashes as spaces): data all the same.
    if (value.includes('-')) into.add(segmentLabel(value));
  } else if (Array.isArray(value)) {
    for (const item of value) collectDataStrings(item, into, property);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) collectDataStrings(item, into, key);
  }
}

/** Runs of letters and digits: what the whole-word match of withoutData takes as a word's characters. */
const WORD_RUN = /[\p{L}\d]+/gu;

interface DataString {
  item: string;
  /** Its first run of letters and digits, when it starts with one. */
  first?: string;
}

const dataString = (item: string): DataString => ({ item, first: /^[\p{L}\d]+/u.exec(item)?.[0] });
const byLength = (a: DataString, b: DataString) => b.item.length - a.item.length;

/** The data strings longest first, sorted again only when the set has grown (a walk reads thousands of texts). */
const longestFirst = new WeakMap<Set<string>, { size: number; sorted: DataString[] }>();
function sortedLongestFirst(data: Iterable<string>): DataString[] {
  if (!(data instanceof Set)) return [...data].map(dataString).sort(byLength);
  const cached = longestFirst.get(data);
  if (cached?.size === data.size) return cached.sorted;
  const sorted = [...data].map(dataString).sort(byLength);
  longestFirst.set(data, { size: data.size, sorted });
  return sorted;
}

/**
 * The text with every data string cut out (longest first, so a name inside an address goes with it).
 *
 * A string that starts with a letter or digit matches as a whole word only where the text holds its first run of
 * letters and digits as a run of its own: a look-up among the text's runs passes over most of the thousands of
 * data strings a walk collects without scanning the text for each (what is cut out leaves no new runs).
 */
export function withoutData(text: string, data: Iterable<string>): string {
  const runs = new Set(text.match(WORD_RUN));
  let rest = text;
  for (const { item, first } of sortedLongestFirst(data)) {
    if (first !== undefined && !runs.has(first)) continue;
    if (!rest.includes(item)) continue;
    // Whole words only: a device called "Test" leaves the word "Tests" of a heading alone.
    const escaped = item.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    rest = rest.replace(new RegExp(`(?<![\\p{L}\\d])${escaped}(?![\\p{L}\\d])`, 'gu'), ' ⁞ ');
  }
  return rest;
}

/** English words of a text with its data removed, each with the line it stood in. */
export function englishIn(text: string, vocabulary: Set<string>): { word: string; line: string }[] {
  const found = new Map<string, string>();
  // Codes and acronyms in capitals (ASSET_PROFILE_READ beside its translated name on the roles screen, API, GET)
  // and the {placeholders} a user types into a message template are the same in every language.
  const withoutCodes = text.replace(/\b[A-Z][A-Z0-9_]+\b/g, ' ').replace(/\{\w+\}/g, ' ');
  for (const line of withoutCodes.split('\n')) {
    for (const word of wordsOf(line)) if (vocabulary.has(word) && !found.has(word)) found.set(word, line.trim());
  }
  return [...found].map(([word, line]) => ({ word, line }));
}

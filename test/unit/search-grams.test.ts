import { marshall } from '@aws-sdk/util-dynamodb';
import { DYNAMODB_ITEM_MAX_BYTES, itemSize } from '../../functions/lib/data/item-size';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { assetSearchText, deviceSearchText } from '../../functions/lib/search/entity-texts';
import {
  entryOf,
  GRAM_BUCKET_SIZE,
  gramWrites,
  offsetOfEntry,
  positionOfEntry,
  postingItems,
  postingKey,
} from '../../functions/lib/search/gram-index';
import { idsOf, intersectOffsets, matchPositions } from '../../functions/lib/search/gram-match';
import { denseShare, fetchesCandidates, searchFetchLimit } from '../../functions/lib/search/gram-search';
import {
  ANYWHERE,
  gramChanges,
  gramPositions,
  gramsOf,
  MAX_POSITIONS_PER_GRAM,
  MAX_QUERY_GRAMS,
  normalise,
  queryGrams,
  SEARCH_TEXT_MAX,
  searchableText,
} from '../../functions/lib/search/grams';
import { readsInOrder } from '../../functions/lib/search/search-read';

/** The n-gram search index's pure parts (docs/data-model.md, "Search index"). */
const ctx = systemTenantContext(7);
process.env.TABLE_NAME ??= 'unit-test-table';

describe('search texts and grams', () => {
  it('lowercases, cuts each field at 150 characters and ends every field with the separator', () => {
    expect(assetSearchText({ name: 'Haspel H-1007', reference: 'PRJ-2026' })).toBe('haspel h-1007\nprj-2026\n\n');
    expect(assetSearchText({ name: 'X', reference: null })).toBe('x\n\n\n');
    expect(searchableText(['N'.repeat(255)])).toBe(`${'n'.repeat(SEARCH_TEXT_MAX)}\n\n`);
  });

  it('indexes a device by DEVEUI without separators (first), name, model, barcode and asset name', () => {
    const text = deviceSearchText({
      name: 'Tag 1',
      model: 'Oyster',
      barcode: null,
      asset: { id: 3, name: 'Reel 9' },
      dev_eui: '70-b3:d5 00',
    });
    expect(text).toBe('70b3d500\ntag 1\noyster\n\nreel 9\n\n');
  });

  it('splits text into distinct trigrams by code points, including non-ASCII and astral characters', () => {
    expect([...gramsOf('abcab')]).toEqual(['abc', 'bca', 'cab']);
    expect([...gramsOf('ab')]).toEqual([]);
    expect([...gramsOf('漢字😀x')]).toEqual(['漢字😀', '字😀x']);
    expect(normalise('ÄÖÜ İ')).toBe('äöü i̇');
    // A lone surrogate becomes U+FFFD, as DynamoDB's UTF-8 stores it, so keys stay valid and equal.
    expect(normalise('a\uD800b')).toBe('a\uFFFDb');
  });

  it('gives every character of the text a gram that starts with it (prefix reads of short searches)', () => {
    const text = assetSearchText({ name: 'ab', reference: 'c' });
    const starts = new Set([...gramsOf(text)].map((gram) => gram[0]));
    for (const character of 'abc') expect(starts).toContain(character);
  });

  it('knows where each gram starts, and stores a gram repeated too often once, at ANYWHERE', () => {
    expect(gramPositions('abcabc')).toEqual(
      new Map([
        ['abc', [0, 3]],
        ['bca', [1]],
        ['cab', [2]],
      ]),
    );
    const repeated = gramPositions('a'.repeat(MAX_POSITIONS_PER_GRAM + 3));
    expect(repeated.get('aaa')).toEqual([ANYWHERE]);
    expect(gramPositions('a'.repeat(MAX_POSITIONS_PER_GRAM + 2)).get('aaa')).toHaveLength(MAX_POSITIONS_PER_GRAM);
  });

  it('changes only the grams and positions that differ', () => {
    const before = assetSearchText({ name: 'Haspel H-51007', reference: null });
    const after = assetSearchText({ name: 'Haspel H-51008', reference: null });
    expect(gramChanges(before, after)).toEqual({
      added: new Map([
        ['008', [11]],
        ['08\n', [12]],
        ['8\n\n', [13]],
      ]),
      removed: new Map([
        ['007', [11]],
        ['07\n', [12]],
        ['7\n\n', [13]],
      ]),
      gone: ['007', '07\n', '7\n\n'],
    });
    // A gram that moves is added at its new position and removed from its old one, not gone.
    const moved = gramChanges('abc\n\n', 'xabc\n\n');
    expect(moved.added.get('abc')).toEqual([1]);
    expect(moved.removed.get('abc')).toEqual([0]);
    expect(moved.gone).toEqual([]);
    expect(gramChanges(undefined, 'abc\n\n').removed.size).toBe(0);
    expect(gramChanges('abc\n\n', undefined).added.size).toBe(0);
  });
});

describe('query grams', () => {
  const grams = (search: string) => queryGrams(search).grams.map(({ gram, at, covering }) => [gram, at, covering]);

  it('reads the covering grams of a search (every third position and the last), then others', () => {
    expect(grams('H-51007')).toEqual([
      ['h-5', 0, true],
      ['100', 3, true],
      ['007', 4, true],
      ['510', 2, false],
      ['-51', 1, false],
    ]);
    // The others, most digits first: "tag 0123" reads "012" rather than "ag ".
    expect(grams('tag 0123').map(([gram]) => gram)).toEqual(['tag', ' 01', '123', '012', 'g 0']);
    expect(queryGrams('H-51007').exact).toBe(true);
    expect(grams('H-51')).toEqual([
      ['h-5', 0, true],
      ['-51', 1, true],
    ]);
    // One gram at two places is one read and two conditions.
    expect(grams('aaaa')).toEqual([
      ['aaa', 0, true],
      ['aaa', 1, true],
    ]);
  });

  it('is exact only when the covering grams fit in MAX_QUERY_GRAMS', () => {
    const long = queryGrams('x'.repeat(5) + 'abcdefghijklmnopqrstuvwxyz'.repeat(10));
    expect(new Set(long.grams.map(({ gram }) => gram)).size).toBeLessThanOrEqual(MAX_QUERY_GRAMS);
    expect(long.exact).toBe(false);
    expect(queryGrams('abcdefghijklmno').exact).toBe(true);
    expect(queryGrams('abcdefghijklmnop').exact).toBe(false);
  });

  it('is exact for a plain search, a prefix for shorter ones, never with the separator', () => {
    expect(queryGrams('PRJ')).toEqual({ grams: [{ gram: 'prj', at: 0, covering: true }], exact: true });
    expect(queryGrams('h-')).toEqual({ grams: [], prefix: 'h-', exact: true });
    expect(queryGrams('a\nb').exact).toBe(false);
    expect(queryGrams('a\uD800b').exact).toBe(false);
    expect(queryGrams('')).toEqual({ grams: [], exact: false });
  });
});

describe('postings', () => {
  it('keys postings by tenant, entity, gram and thousand of ids, holding an entry per offset and position', () => {
    expect(postingKey(ctx, 'ASSET', 'h-5', 51_007)).toEqual({ pk: 'T#7#ASSET_GRAMS', sk: 'h-5#0000000051' });
    const items = postingItems(ctx, 'DEVICE', [
      { id: 999, text: 'abc' },
      { id: 1_001, text: 'abc' },
    ]);
    expect(items).toEqual([
      { pk: 'T#7#DEVICE_GRAMS', sk: 'abc#0000000000', ids: new Set([1_000_000]) },
      { pk: 'T#7#DEVICE_GRAMS', sk: 'abc#0000000001', ids: new Set([2_000]) },
    ]);
    expect([offsetOfEntry(entryOf(1_001, 17)), positionOfEntry(entryOf(1_001, 17))]).toEqual([1, 17]);
    // A legacy entry (a bare offset) and an ANYWHERE entry know no position.
    expect([offsetOfEntry(5), positionOfEntry(5)]).toEqual([5, undefined]);
    expect(positionOfEntry(entryOf(5, ANYWHERE))).toBeUndefined();
  });

  it('keeps the fullest posting of the widest grams far below the 400 KB item limit', () => {
    // Every item of the bucket holding the gram at its most positions (more become one ANYWHERE entry).
    const ids = new Set(
      Array.from({ length: GRAM_BUCKET_SIZE }, (_, offset) =>
        Array.from({ length: MAX_POSITIONS_PER_GRAM }, (_, i) => entryOf(offset, 700 + i)),
      ).flat(),
    );
    const widest = '\u{10FFFF}'.repeat(3);
    const item = { pk: `T#${'9'.repeat(12)}#DEVICE_GRAMS`, sk: `${widest}#${'9'.repeat(10)}`, ids };
    const bytes = itemSize(marshall(item));
    expect(bytes).toBeLessThan(40_000);
    expect(bytes).toBeLessThan(DYNAMODB_ITEM_MAX_BYTES / 10);
  });

  const posting = (entries: Record<number, number[]>) =>
    new Map(Object.entries(entries).map(([bucket, list]) => [Number(bucket), new Set(list)]));

  it('matches grams at their positions: the search where each gram starts at its own place', () => {
    // Item 2 holds "abc" at 0 and "cde" at 2 ("abcde"); item 3 holds both apart; item 1_004 holds them at 10/12.
    const abc = posting({ 0: [entryOf(2, 0), entryOf(3, 0)], 1: [entryOf(4, 10)] });
    const cde = posting({ 0: [entryOf(2, 2), entryOf(3, 7)], 1: [entryOf(4, 12)] });
    const both = [
      { entries: abc, at: 0 },
      { entries: cde, at: 2 },
    ];
    expect(idsOf(matchPositions(both, 5))).toEqual([2, 1_004]);
    // A window: the match must end by position 5 (a DEVEUI spelling).
    expect(idsOf(matchPositions(both, 5, 5))).toEqual([2]);
    // Positions aside, every item holding both grams is a candidate.
    expect(idsOf(intersectOffsets([abc, cde]))).toEqual([2, 3, 1_004]);
    expect(idsOf(intersectOffsets([abc, new Map()]))).toEqual([]);
  });

  it('calls a search dense (its share) when its covering grams are sampled dense and match densely where they overlap', () => {
    // Ten sampled postings (buckets 0-9) of "has" and "pel", 700 of each 1,000 ids holding "haspel" at 0.
    const sampled = (at: number, shift = 0) => {
      const entries = new Map<number, Set<number>>();
      for (let bucket = 0; bucket < 10; bucket++)
        entries.set(bucket, new Set(Array.from({ length: 700 }, (_, offset) => entryOf(offset, at + shift))));
      return { entries, precise: true, read: { ids: entries, itemsRead: 10, complete: false } };
    };
    const query = queryGrams('haspel');
    const postings = (pel: ReturnType<typeof sampled>) => new Map([...[['ghas', sampled(0)]], ['gpel', pel]] as const);
    expect(denseShare({ text: 'haspel' }, query, postings(sampled(3)))).toBeCloseTo(0.7);
    // Both grams in most items, but apart: not the search; read on to the end (exact).
    expect(denseShare({ text: 'haspel' }, query, postings(sampled(3, 5)))).toBeUndefined();
    // One gram read to its end (rare): read on.
    const complete = { ...sampled(3), read: { ...sampled(3).read, complete: true } };
    expect(denseShare({ text: 'haspel' }, query, postings(complete))).toBeUndefined();
    // A one-gram search reads its posting whole (its exact total).
    expect(denseShare({ text: 'has' }, queryGrams('has'), postings(sampled(3)))).toBeUndefined();
  });

  it('writes adds and guarded removals of one item', () => {
    const writes = gramWrites(
      ctx,
      'ASSET',
      2_005,
      { before: 'abcd', after: 'abce' },
      { key: { pk: 'T#7#ASSET', sk: 'ASSET#0000002005' }, version: 4 },
    );
    expect(writes.adds.map((add) => add.Update?.Key)).toEqual([{ pk: 'T#7#ASSET_GRAMS', sk: 'bce#0000000002' }]);
    expect(writes.adds[0]?.Update?.UpdateExpression).toBe('ADD ids :offset');
    expect(writes.adds[0]?.Update?.ExpressionAttributeValues).toEqual({ ':offset': new Set([entryOf(5, 1)]) });
    expect(writes.removals[0]?.guard.ConditionCheck?.ExpressionAttributeValues).toEqual({ ':version': 4 });
    expect(writes.removals[0]?.actions[0]?.Update?.UpdateExpression).toBe('DELETE ids :offset');
    // The gram is gone from the item: its entry and any legacy bare offset go.
    expect(writes.removals[0]?.actions[0]?.Update?.ExpressionAttributeValues).toEqual({
      ':offset': new Set([entryOf(5, 1), 5]),
    });
  });

  it('reads the sort index in order for an exact search alone when that is cheaper and within 2%', () => {
    // "H-51" at 100k: ~1,818 entries expected against 1,100 fetches (3 entries each): in order.
    expect(readsInOrder(1_100, { itemCount: 100_000, wanted: 20 }, 112)).toBe(true);
    // At 10k the same share of matches would need more than the 2% left: fetched.
    expect(readsInOrder(110, { itemCount: 10_000, wanted: 20 }, 30)).toBe(false);
    // A deep page: in order would pass the share.
    expect(readsInOrder(1_100, { itemCount: 100_000, wanted: 200 }, 112)).toBe(false);
  });

  it('fetches at most 2% of the tenant, within bounds', () => {
    expect(searchFetchLimit(100_000, 200, 20)).toBe(1_780);
    expect(searchFetchLimit(10_000, 30, 20)).toBe(150);
    expect(searchFetchLimit(500, 5, 20)).toBe(100);
    expect(searchFetchLimit(10_000_000, 0, 20)).toBe(2_000);
  });

  it('fetches candidates when within the limit or cheaper than reading the list in order', () => {
    // 100k: a search for one asset number (1) and ~1,100 matches fetch; 60% (a 3-letter word) reads in order.
    expect(fetchesCandidates(1, 100_000, 500, 20)).toBe(true);
    expect(fetchesCandidates(1_100, 100_000, 200, 20)).toBe(true);
    expect(fetchesCandidates(60_000, 100_000, 100, 20)).toBe(false);
    // 3k: 110 candidates of a deep page cost fewer reads fetched than found in order.
    expect(fetchesCandidates(110, 3_000, 10, 60)).toBe(true);
    expect(fetchesCandidates(2_500, 3_000, 10, 20)).toBe(false);
    // An export (every match): fetched whenever at most 2,000.
    expect(fetchesCandidates(2_000, 100_000, 0, Number.POSITIVE_INFINITY)).toBe(true);
    expect(fetchesCandidates(2_001, 100_000, 0, Number.POSITIVE_INFINITY)).toBe(false);
  });
});

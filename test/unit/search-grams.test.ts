import { marshall } from '@aws-sdk/util-dynamodb';
import { DYNAMODB_ITEM_MAX_BYTES, itemSize } from '../../functions/lib/data/item-size';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { assetSearchText, deviceSearchText } from '../../functions/lib/search/entity-texts';
import { GRAM_BUCKET_SIZE, gramWrites, postingItems, postingKey } from '../../functions/lib/search/gram-index';
import { fetchesCandidates, idsOf, intersectAll, searchFetchLimit } from '../../functions/lib/search/gram-search';
import {
  gramChanges,
  gramsOf,
  MAX_QUERY_GRAMS,
  normalise,
  queryGrams,
  SEARCH_TEXT_MAX,
  searchableText,
} from '../../functions/lib/search/grams';

/** The n-gram search index's pure parts (docs/data-model.md, "Search index"). */
const ctx = systemTenantContext(7);
process.env.TABLE_NAME ??= 'unit-test-table';

describe('search texts and grams', () => {
  it('lowercases, cuts each field at 150 characters and ends every field with the separator', () => {
    expect(assetSearchText({ name: 'Haspel H-1007', reference: 'PRJ-2026' })).toBe('haspel h-1007\nprj-2026\n\n');
    expect(assetSearchText({ name: 'X', reference: null })).toBe('x\n\n\n');
    expect(searchableText(['N'.repeat(255)])).toBe(`${'n'.repeat(SEARCH_TEXT_MAX)}\n\n`);
  });

  it('indexes a device by name, model, barcode, asset name and DEVEUI without separators', () => {
    const text = deviceSearchText({
      name: 'Tag 1',
      model: 'Oyster',
      barcode: null,
      asset: { id: 3, name: 'Reel 9' },
      dev_eui: '70-b3:d5 00',
    });
    expect(text).toBe('tag 1\noyster\n\nreel 9\n70b3d500\n\n');
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

  it('changes only the grams that differ', () => {
    const before = assetSearchText({ name: 'Haspel H-51007', reference: null });
    const after = assetSearchText({ name: 'Haspel H-51008', reference: null });
    expect(gramChanges(before, after)).toEqual({
      added: ['008', '08\n', '8\n\n'],
      removed: ['007', '07\n', '7\n\n'],
    });
    expect(gramChanges(undefined, 'abc\n\n').removed).toEqual([]);
    expect(gramChanges('abc\n\n', undefined).added).toEqual([]);
  });
});

describe('query grams', () => {
  it('reads covering grams of a long search, at most MAX_QUERY_GRAMS', () => {
    expect(queryGrams('H-51007')).toEqual({ grams: ['h-5', '100', '007', '-51', '510'], exact: false });
    const long = queryGrams('x'.repeat(5) + 'abcdefghijklmnopqrstuvwxyz'.repeat(10));
    expect(long.grams.length).toBeLessThanOrEqual(MAX_QUERY_GRAMS);
  });

  it('is exact for a plain 3-character search, a prefix for shorter ones, never with the separator', () => {
    expect(queryGrams('PRJ')).toEqual({ grams: ['prj'], exact: true });
    expect(queryGrams('h-')).toEqual({ grams: [], prefix: 'h-', exact: true });
    expect(queryGrams('a\nb').exact).toBe(false);
    expect(queryGrams('a\uD800b').exact).toBe(false);
    expect(queryGrams('')).toEqual({ grams: [], exact: false });
  });
});

describe('postings', () => {
  it('keys postings by tenant, entity, gram and thousand of ids, holding the offsets', () => {
    expect(postingKey(ctx, 'ASSET', 'h-5', 51_007)).toEqual({ pk: 'T#7#ASSET_GRAMS', sk: 'h-5#0000000051' });
    const items = postingItems(ctx, 'DEVICE', [
      { id: 999, text: 'abc' },
      { id: 1_001, text: 'abc' },
    ]);
    expect(items).toEqual([
      { pk: 'T#7#DEVICE_GRAMS', sk: 'abc#0000000000', ids: new Set([999]) },
      { pk: 'T#7#DEVICE_GRAMS', sk: 'abc#0000000001', ids: new Set([1]) },
    ]);
  });

  it('keeps a full posting of the widest grams far below the 400 KB item limit', () => {
    const ids = new Set(Array.from({ length: GRAM_BUCKET_SIZE }, (_, offset) => offset));
    const widest = '\u{10FFFF}'.repeat(3);
    const item = { pk: `T#${'9'.repeat(12)}#DEVICE_GRAMS`, sk: `${widest}#${'9'.repeat(10)}`, ids };
    const bytes = itemSize(marshall(item));
    expect(bytes).toBeLessThan(4_000);
    expect(bytes).toBeLessThan(DYNAMODB_ITEM_MAX_BYTES / 100);
  });

  it('intersects postings bucket by bucket and answers ascending ids', () => {
    const a = new Map([
      [0, new Set([1, 2, 3])],
      [5, new Set([7])],
    ]);
    const b = new Map([
      [0, new Set([3, 2])],
      [5, new Set([8])],
    ]);
    expect(idsOf(intersectAll([a, b]))).toEqual([2, 3]);
    expect(idsOf(intersectAll([a]))).toEqual([1, 2, 3, 5_007]);
    expect(idsOf(intersectAll([a, new Map()]))).toEqual([]);
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
    expect(writes.adds[0]?.Update?.ExpressionAttributeValues).toEqual({ ':offset': new Set([5]) });
    expect(writes.removals[0]?.guard.ConditionCheck?.ExpressionAttributeValues).toEqual({ ':version': 4 });
    expect(writes.removals[0]?.actions[0]?.Update?.UpdateExpression).toBe('DELETE ids :offset');
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

import { marshall } from '@aws-sdk/util-dynamodb';
import { sortInListOrder } from '../../functions/lib/assets/asset-candidates';
import {
  catalogueShardItems,
  SEARCH_FIELD_MAX_BYTES,
  SEARCH_SHARD_BYTE_BUDGET,
  SEARCH_SHARD_SIZE,
  SEARCH_TEXT_MAX,
  searchShardKey,
  searchText,
} from '../../functions/lib/assets/asset-search-catalogue';
import { DYNAMODB_ITEM_MAX_BYTES, itemSize } from '../../functions/lib/data/item-size';
import { systemTenantContext } from '../../functions/lib/data/system-context';

/** The search catalogue's shape (docs/data-model.md, "Asset list"): tenant keys, 1,000 ids a shard, small text. */
const ctx = systemTenantContext(7);

describe('asset search catalogue', () => {
  it('keys shards by tenant and by thousands of ids', () => {
    expect(searchShardKey(ctx, 999)).toEqual({ pk: 'T#7#ASSET_SEARCH', sk: '0000000000' });
    expect(searchShardKey(ctx, 1_000)).toEqual({ pk: 'T#7#ASSET_SEARCH', sk: '0000000001' });
    expect(searchShardKey(ctx, 51_007).sk).toBe('0000000051');
  });

  it('keeps name and reference lowercased and capped, so a full shard stays below the 400 KB item limit', () => {
    expect(searchText({ name: 'Haspel H-1007', reference: 'PRJ-2026' })).toBe('haspel h-1007\nprj-2026');
    expect(searchText({ name: 'X', reference: null })).toBe('x\n');
    const longest = searchText({ name: 'N'.repeat(255), reference: 'R'.repeat(255) });
    expect(longest).toHaveLength(2 * SEARCH_TEXT_MAX + 1);
    // 1,000 worst-case entries: key, text and DynamoDB's per-element overhead.
    expect(1_000 * (longest.length + 10 + 4)).toBeLessThan(400_000);
  });

  it('never builds a shard over its byte budget, whatever the names (issue 14)', () => {
    expect(SEARCH_SHARD_BYTE_BUDGET).toBeLessThan(DYNAMODB_ITEM_MAX_BYTES);
    // Full shards of the longest names and references, in 1-, 2-, 3- and 4-byte UTF-8 characters, at ids
    // with the most digits a shard key allows (sk is 10 digits: ids below 10^13).
    for (const character of ['n', 'é', '漢', '😀', 'İ']) {
      const firstId = 9_999_999_999_000;
      const assets = Array.from({ length: SEARCH_SHARD_SIZE }, (_, i) => ({
        id: firstId + i,
        name: character.repeat(255),
        reference: character.repeat(255),
      }));
      const shards = catalogueShardItems(ctx, assets);
      expect(shards).toHaveLength(1);
      expect(itemSize(marshall(shards[0]))).toBeLessThanOrEqual(SEARCH_SHARD_BYTE_BUDGET);
    }
  });

  it('cuts multi-byte text by bytes without splitting a character, and ASCII only at 150 characters', () => {
    expect(searchText({ name: 'a'.repeat(255), reference: null })).toBe(`${'a'.repeat(SEARCH_TEXT_MAX)}\n`);
    const wide = searchText({ name: '漢'.repeat(255), reference: 'Ä'.repeat(255) });
    const [name, reference] = wide.split('\n');
    expect(name).toBe('漢'.repeat(Math.floor(SEARCH_FIELD_MAX_BYTES / 3)));
    expect(reference).toBe('ä'.repeat(Math.floor(SEARCH_FIELD_MAX_BYTES / 2)));
  });

  it('groups bulk-loaded entries into one item per shard', () => {
    const items = catalogueShardItems(ctx, [
      { id: 1, name: 'A', reference: null },
      { id: 999, name: 'B', reference: 'r' },
      { id: 1_000, name: 'C', reference: null },
    ]);
    expect(items).toEqual([
      { pk: 'T#7#ASSET_SEARCH', sk: '0000000000', entries: { '1': 'a\n', '999': 'b\nr' } },
      { pk: 'T#7#ASSET_SEARCH', sk: '0000000001', entries: { '1000': 'c\n' } },
    ]);
  });
});

describe('sortInListOrder', () => {
  const candidate = (id: number, gsi2sk: string) => ({ id, name: '', reference: null, gsi2sk }) as never;

  it('orders by the index sort key in binary string order, both ways, and by id without one', () => {
    const list = [candidate(3, 'b#3'), candidate(1, 'B#1'), candidate(2, 'a#2')];
    expect(sortInListOrder([...list], 'gsi2sk', true).map((c: { id: number }) => c.id)).toEqual([1, 2, 3]);
    expect(sortInListOrder([...list], 'gsi2sk', false).map((c: { id: number }) => c.id)).toEqual([3, 2, 1]);
    expect(sortInListOrder([...list], undefined, false).map((c: { id: number }) => c.id)).toEqual([3, 2, 1]);
  });
});

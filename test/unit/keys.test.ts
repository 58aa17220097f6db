import { indexSortKey, itemKey, pad, sortableNumber, typePartition } from '../../functions/lib/data/keys';
import { makeTenantContext } from '../../functions/lib/data/tenant-context';

describe('key builders', () => {
  const ctx = makeTenantContext('7');

  it('prefix every tenant key with the tenant', () => {
    expect(itemKey(ctx, 'ASSET', 12)).toEqual({ pk: 'T#7#ASSET', sk: 'ASSET#0000000012' });
    expect(typePartition(ctx, 'USER')).toBe('T#7#USER');
  });

  it('refuse a tenant id that could escape its prefix', () => {
    expect(() => makeTenantContext('1#ASSET')).toThrow();
    expect(() => makeTenantContext('')).toThrow();
  });

  it('keep numeric order in string order, negatives and fractions included', () => {
    const values = [-5, -0.5, 0, 0.25, 3, 20, 1000];
    const encoded = values.map(sortableNumber);
    expect([...encoded].sort()).toEqual(encoded);
    expect(pad(42)).toBe('0000000042');
    expect(indexSortKey('abc', 3) < indexSortKey('abd', 1)).toBe(true);
  });
});

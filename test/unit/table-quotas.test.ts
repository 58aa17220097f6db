import { DEVICE_LIST_PROJECTION, INDEX_QUOTAS, quotaViolations, TABLE } from '../../shared/table';

describe('the table definition within DynamoDB quotas', () => {
  it('has at most 20 indexes and 100 projected non-key attributes in all (duplicates counted)', () => {
    const nonKey = TABLE.indexes.reduce((sum, index) => sum + (index.nonKeyAttributes?.length ?? 0), 0);
    expect(TABLE.indexes.length).toBeLessThanOrEqual(INDEX_QUOTAS.indexes);
    expect(nonKey).toBeLessThanOrEqual(INDEX_QUOTAS.nonKeyAttributes);
    expect(quotaViolations(TABLE.indexes)).toEqual([]);
  });

  it('names a definition over the quotas', () => {
    const many = Array.from({ length: 21 }, (_, i) => ({
      name: `gsi${i + 1}`,
      partitionKey: `gsi${i + 1}pk`,
      sortKey: `gsi${i + 1}sk`,
      projection: 'INCLUDE' as const,
      nonKeyAttributes: DEVICE_LIST_PROJECTION,
    }));
    expect(quotaViolations(many)).toEqual([
      '21 indexes (at most 20)',
      '210 projected non-key attributes (at most 100)',
    ]);
  });

  it('keeps the list indexes keyed like their names and the customer indexes keys only', () => {
    for (const n of [8, 9, 10, 11, 12, 13]) {
      const index = TABLE.indexes.find((candidate) => candidate.name === `gsi${n}`);
      expect(index).toMatchObject({ partitionKey: `gsi${n}pk`, sortKey: `gsi${n}sk`, projection: 'INCLUDE' });
    }
    for (const n of [14, 15, 16, 17, 18])
      expect(TABLE.indexes.find((index) => index.name === `gsi${n}`)?.projection).toBe('KEYS_ONLY');
  });
});

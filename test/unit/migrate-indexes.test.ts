import { keyChanges, keysUpdate } from '../../scripts/migrations/list-indexes-steps';

beforeAll(() => {
  process.env.TABLE_NAME ??= 'tracking';
});

describe('migrate:indexes backfill writes', () => {
  it('sets only the keys that are missing or wrong and removes customer keys of an asset that left it', () => {
    const item = {
      pk: 'T#1#ASSET',
      sk: 'ASSET#0000000007',
      gsi8sk: 'a#7',
      gsi9sk: 'stale',
      gsi14pk: 'T#1#CLIENT#3#ASSETS',
    };
    const wanted = { gsi8sk: 'a#7', gsi9sk: 'b#7', gsi10sk: 'c#7' };
    expect(keyChanges(item, wanted)).toEqual({ set: { gsi9sk: 'b#7', gsi10sk: 'c#7' }, remove: ['gsi14pk'] });
  });

  it('leaves a device’s due entry (gsi14, the silent-tag job’s) alone and adds its connectivity order key', () => {
    const item = {
      pk: 'T#1#DEVICE',
      sk: 'DEVICE#0000000007',
      gsi14pk: 'T#1#DEVICE#DUE',
      gsi14sk: '2026-06-01T11:30:00.000Z#0000000007',
    };
    const wanted = { gsi15pk: 'T#1#DEVICE', gsi15sk: '0#0000000007' };
    expect(keyChanges(item, wanted)).toEqual({ set: wanted, remove: [] });
  });

  it('conditions the write on the version and every source attribute as read, absent ones included', () => {
    const update = keysUpdate(
      { pk: 'T#1#ASSET', sk: 'ASSET#0000000007', version: 4, reference: 'R-1', client: { id: 3 }, cable_length: null },
      ['reference', 'scheduled', 'client', 'cable_length'],
      { gsi9sk: 'r-1#0000000007' },
      ['gsi14pk'],
    );
    expect(update.ConditionExpression).toBe(
      'attribute_exists(pk) AND #version = :version AND #c0_0 = :c0 AND attribute_not_exists(#c1_0) AND ' +
        '#c2_0.#c2_1 = :c2 AND attribute_type(#c3_0, :null)',
    );
    expect(update.UpdateExpression).toBe('SET #k0 = :k0 REMOVE #r0');
    expect(update.ExpressionAttributeNames).toMatchObject({
      '#c0_0': 'reference',
      '#c1_0': 'scheduled',
      '#c2_0': 'client',
      '#c2_1': 'id',
      '#k0': 'gsi9sk',
    });
    expect(update.ExpressionAttributeValues).toEqual({
      ':version': 4,
      ':c0': 'R-1',
      ':c2': 3,
      ':null': 'NULL',
      ':k0': 'r-1#0000000007',
    });
  });
});

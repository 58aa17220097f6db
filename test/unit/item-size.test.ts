import { DYNAMODB_ITEM_MAX_BYTES, itemSize, valueSize } from '../../functions/lib/data/item-size';

/** DynamoDB's item size rules (Developer Guide, "Item sizes and formats"), as the local front and the catalogue use them. */
describe('DynamoDB item size', () => {
  it('counts names and strings in UTF-8 bytes, not characters', () => {
    expect(itemSize({ ab: { S: 'abc' } })).toBe(5);
    expect(itemSize({ naam: { S: 'é漢😀' } })).toBe(4 + 2 + 3 + 4);
    expect(itemSize({ 漢: { S: '' } })).toBe(3);
  });

  it('counts numbers by significant digits, booleans and nulls as one byte, binary as raw bytes', () => {
    expect(valueSize({ N: '12345' })).toBe(4);
    expect(valueSize({ N: '1000' })).toBe(2);
    expect(valueSize({ N: '-0.5' })).toBe(3);
    expect(valueSize({ BOOL: true })).toBe(1);
    expect(valueSize({ NULL: true })).toBe(1);
    expect(valueSize({ B: Buffer.from('abcd').toString('base64') as never })).toBe(4);
  });

  it('adds 3 bytes to a list or map and 1 byte per element', () => {
    expect(valueSize({ M: {} })).toBe(3);
    expect(valueSize({ L: [{ S: 'ab' }, { BOOL: false }] })).toBe(3 + (1 + 2) + (1 + 1));
    expect(valueSize({ M: { '17': { S: 'haspel' } } })).toBe(3 + 1 + 2 + 6);
  });

  it('has the 400 KB limit in bytes', () => {
    expect(DYNAMODB_ITEM_MAX_BYTES).toBe(409_600);
  });
});

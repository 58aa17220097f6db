import {
  CHANGES_MAX,
  collectChanges,
  noteCreated,
  noteRemoved,
  noteUpdated,
} from '../../functions/lib/audit/change-notes';
import { FIELDS_MAX, fieldChanges, maskPersonal, VALUE_MAX_CHARS } from '../../functions/lib/audit/field-changes';

describe("an audit entry's changed fields", () => {
  it('keeps the old and new value of each field that differs, and nothing of the table’s bookkeeping', () => {
    const before = { id: 3, version: 4, name: 'Reel 3', status: 2, notes: null, gsi1pk: 'T#1#X', tags: ['a'] };
    const after = { id: 3, version: 5, name: 'Reel 3', status: 5, notes: 'wet', gsi1pk: 'T#1#Y', tags: ['a'] };
    expect(fieldChanges(before, after)).toEqual({
      fields: { status: { old: 2, new: 5 }, notes: { old: null, new: 'wet' } },
    });
  });

  it('never keeps a secret’s value, only that it changed, and masks contact details', () => {
    const { fields } = fieldChanges(
      { client_secret_encrypted: 'abc', secretHash: 'h1', email: 'piet@example.com', phone: '+31612345678' },
      { client_secret_encrypted: 'def', secretHash: 'h2', email: 'jan@example.org', phone: '+31687654321' },
    );
    expect(fields).toEqual({
      client_secret_encrypted: { hidden: true },
      secretHash: { hidden: true },
      email: { old: 'p…@example.com', new: 'j…@example.org' },
      phone: { old: '…78', new: '…21' },
    });
    expect(JSON.stringify(fields)).not.toMatch(/abc|def|h1|h2|piet|612345678/);
    expect(maskPersonal('')).toBe('');
    expect(maskPersonal(null)).toBeNull();
  });

  it('bounds what one entity can make it hold: long values by their length, many fields by their count', () => {
    const polygon = Array.from({ length: 500 }, (_, i) => [5 + i / 1000, 51]);
    const { fields } = fieldChanges({ geometry: [] }, { geometry: polygon });
    expect(fields.geometry?.old).toEqual([]);
    expect(fields.geometry?.new).toEqual({ cut: true, chars: JSON.stringify(polygon).length });
    expect(JSON.stringify(polygon).length).toBeGreaterThan(VALUE_MAX_CHARS);
    const wide = Object.fromEntries(Array.from({ length: FIELDS_MAX + 7 }, (_, i) => [`f${i}`, i]));
    const many = fieldChanges(undefined, wide);
    expect(Object.keys(many.fields)).toHaveLength(FIELDS_MAX);
    expect(many.moreFields).toBe(7);
  });

  it('records a creation with its values and a removal with none', () => {
    const made = { id: 1, version: 1, name: 'New', notes: undefined, city: null, devices: [], data: {}, count: 0 };
    expect(fieldChanges(undefined, made).fields).toEqual({ name: { new: 'New' }, count: { new: 0 } });
    expect(fieldChanges(undefined, undefined)).toEqual({ fields: {} });
  });
});

describe('the changes a request noted', () => {
  it('collects the notes of its own async context only, the last note of an entity winning', async () => {
    const first = collectChanges(async () => {
      noteUpdated('ASSET', 1, { name: 'a' }, { name: 'b' });
      await new Promise((resolve) => setImmediate(resolve));
      // Rebuilt after a conflict: only this one was written.
      noteUpdated('ASSET', 1, { name: 'c' }, { name: 'b' });
      noteRemoved('DEVICE', 9);
      return 'one';
    });
    const second = collectChanges(async () => {
      noteCreated('CLIENT', 4, { name: 'Acme' });
      return 'two';
    });
    const [one, two] = await Promise.all([first, second]);
    expect(one).toEqual({
      result: 'one',
      moreChanges: 0,
      changes: [
        { type: 'ASSET', id: '1', kind: 'updated', fields: { name: { old: 'c', new: 'b' } } },
        { type: 'DEVICE', id: '9', kind: 'removed', fields: {} },
      ],
    });
    expect(two.changes).toEqual([{ type: 'CLIENT', id: '4', kind: 'created', fields: { name: { new: 'Acme' } } }]);
  });

  it('notes nothing outside a request, and counts what is beyond its bound', async () => {
    expect(() => noteCreated('ASSET', 1, { name: 'x' })).not.toThrow();
    const bulk = await collectChanges(async () => {
      for (let id = 1; id <= CHANGES_MAX + 5; id += 1) noteCreated('DEVICE', id, { name: `Tag ${id}` });
    });
    expect(bulk.changes).toHaveLength(CHANGES_MAX);
    expect(bulk.moreChanges).toBe(5);
  });
});

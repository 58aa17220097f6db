import { changedAttributes, entityUpdate } from '../../functions/lib/data/entity-update';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { conflict, HttpError } from '../../functions/lib/http/errors';
import type { HttpEvent } from '../../functions/lib/http/handler';
import {
  assertExpectedVersion,
  expectationOf,
  ifMatchOf,
  writeExpecting,
} from '../../functions/lib/http/preconditions';

/** People's saves as UpdateItems of what they change, and versions over HTTP. */
const ctx = systemTenantContext(3);
type Item = { id: number; version: number; name: string; note?: string | null; last_event?: object | null };
const indexKeys = (_: unknown, item: Item) => ({ gsi3sk: `${item.name.toLowerCase()}#${item.id}` });
const eventWith = (headers: Record<string, string>) => ({ headers }) as unknown as HttpEvent;

describe('a save writes only what it changes', () => {
  const before: Item = { id: 4, version: 7, name: 'Reel', note: null, last_event: { date: '2026-01-01' } };

  it('sets the changed attributes and the index keys they move, nothing the writer did not change', () => {
    // `after` was built from an older read of last_event: equal to `before`, so it is not written back.
    const after = { ...before, name: 'Drum', version: 8 };
    expect(changedAttributes(ctx, before, after, indexKeys)).toEqual({
      set: { name: 'Drum', gsi3sk: 'drum#4' },
      remove: [],
    });
  });

  it('compares as stored (key order, undefined members) and removes only what the writer cleared', () => {
    const reordered = { ...before, last_event: { date: '2026-01-01', extra: undefined }, note: undefined };
    expect(changedAttributes(ctx, before, reordered as Item)).toEqual({ set: {}, remove: ['note'] });
    const { last_event: _absent, ...without } = before;
    expect(changedAttributes(ctx, before, without as Item)).toEqual({ set: {}, remove: [] });
  });

  it('is one UpdateItem conditioned on the version read, moving it by one', () => {
    process.env.TABLE_NAME ??= 'tracking';
    const update = entityUpdate(ctx, 'ASSET', before, { ...before, note: 'x' });
    expect(update).toMatchObject({
      Key: { pk: 'T#3#ASSET', sk: 'ASSET#0000000004' },
      UpdateExpression: 'SET #version = :next, #s0 = :s0',
      ConditionExpression: 'attribute_exists(pk) AND #version = :expected',
      ExpressionAttributeNames: { '#version': 'version', '#s0': 'note' },
      ExpressionAttributeValues: { ':expected': 7, ':next': 8, ':s0': 'x' },
    });
  });
});

describe('If-Match and the body version', () => {
  it('reads strong tags, lists and *; a weak or foreign tag matches no version', () => {
    expect(ifMatchOf(eventWith({}))).toBeUndefined();
    expect(ifMatchOf(eventWith({ 'if-match': '"3"' }))).toEqual([3]);
    expect(ifMatchOf(eventWith({ 'if-match': '"3", "5"' }))).toEqual([3, 5]);
    expect(ifMatchOf(eventWith({ 'if-match': '*' }))).toBe('*');
    expect(ifMatchOf(eventWith({ 'if-match': 'W/"3"' }))).toEqual([]);
    expect(ifMatchOf(eventWith({ 'if-match': '"abc"' }))).toEqual([]);
  });

  it('answers 412 for a stale If-Match and 409 for a stale body version', () => {
    const status = (run: () => void) => {
      try {
        run();
        return 200;
      } catch (error) {
        return (error as HttpError).status;
      }
    };
    expect(status(() => assertExpectedVersion(expectationOf(eventWith({ 'if-match': '"2"' })), 3))).toBe(412);
    expect(status(() => assertExpectedVersion(expectationOf(eventWith({}), 2), 3))).toBe(409);
    expect(status(() => assertExpectedVersion(expectationOf(eventWith({ 'if-match': '*' })), 3))).toBe(200);
    expect(status(() => assertExpectedVersion(expectationOf(eventWith({ 'if-match': '"3"' }), 3), 3))).toBe(200);
  });

  it('retries an unconditional write that met a save in between; a conditional one answers at once', async () => {
    let reads = 0;
    let writes = 0;
    const read = async () => ({ version: ++reads });
    const failOnce = async (current: { version: number }) => {
      writes += 1;
      if (writes === 1) throw conflict();
      return current.version;
    };
    expect(await writeExpecting(expectationOf(eventWith({})), read, failOnce)).toBe(2);
    reads = 0;
    writes = 0;
    await expect(writeExpecting(expectationOf(eventWith({}), 1), read, failOnce)).rejects.toBeInstanceOf(HttpError);
    expect(writes).toBe(1);
  });
});

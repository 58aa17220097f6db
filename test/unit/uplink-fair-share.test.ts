import { systemTenantContext } from '../../functions/lib/data/system-context';
import { rejectionReasonOf } from '../../functions/lib/observability/names';
import { MESSAGE_GROUP_ID_MAX_LENGTH, uplinkGroupIdOf } from '../../functions/lib/pipeline/queue/message-group';
import { foreignDevEuiReason, rejectionCountKey } from '../../functions/lib/pipeline/rejections';
import { TtlLru } from '../../functions/lib/pipeline/ttl-lru';

/** The pure parts of keeping one tenant's uplinks out of another's tag queue (docs/decisions/0288-uplinks-queue-per-tenant-and-deveui-another-tenant-s-tag-is-refused-at-ingest-and-counted.md). */
describe('the uplink message group (message-group.ts)', () => {
  it('is the tenant and the DEVEUI: two tenants never share a group for one tag', () => {
    expect(uplinkGroupIdOf({ tenant: '1', devEui: 'A41163C212345678' })).toBe('1:A41163C212345678');
    expect(uplinkGroupIdOf({ tenant: '2', devEui: 'A41163C212345678' })).not.toBe(
      uplinkGroupIdOf({ tenant: '1', devEui: 'A41163C212345678' }),
    );
  });

  it('stays within what SQS takes: 128 printable ASCII characters', () => {
    const odd = uplinkGroupIdOf({ tenant: '7', devEui: `é ${'F'.repeat(200)}\n` });
    expect(odd.length).toBe(MESSAGE_GROUP_ID_MAX_LENGTH);
    expect(odd).toMatch(/^[\x21-\x7e]+$/);
    expect(odd.startsWith('7:__F')).toBe(true);
  });
});

describe('the per-container cache (ttl-lru.ts)', () => {
  it('answers within its time to live and not after', () => {
    const cache = new TtlLru<string, string | null>(10, 60_000);
    cache.set('A', '2', 1_000);
    cache.set('B', null, 1_000);
    expect(cache.get('A', 60_999)).toEqual({ value: '2' });
    // A cached "nobody holds it" is an answer too, not a miss.
    expect(cache.get('B', 60_999)).toEqual({ value: null });
    expect(cache.get('A', 61_000)).toBeUndefined();
    expect(cache.get('C', 1_000)).toBeUndefined();
  });

  it('keeps at most its size, dropping the least recently used', () => {
    const cache = new TtlLru<string, number>(2, 60_000);
    cache.set('A', 1, 0);
    cache.set('B', 2, 0);
    expect(cache.get('A', 1)).toEqual({ value: 1 });
    cache.set('C', 3, 2);
    expect(cache.size).toBe(2);
    expect(cache.get('B', 3)).toBeUndefined();
    expect(cache.get('A', 3)).toEqual({ value: 1 });
    expect(cache.get('C', 3)).toEqual({ value: 3 });
  });
});

describe('counted rejections (rejections.ts)', () => {
  it('are one item per sending tenant, day and reason, whatever the DEVEUI', () => {
    const ctx = systemTenantContext('5');
    const first = rejectionCountKey(ctx, foreignDevEuiReason('A41163C212345678'), '2026-11-23T10:00:00.000Z');
    const other = rejectionCountKey(ctx, foreignDevEuiReason('0011223344556677'), '2026-11-23T23:59:59.000Z');
    expect(first).toEqual({ pk: 'T#5#REJECTED', sk: 'COUNT#2026-11-23#foreign-deveui' });
    expect(other).toEqual(first);
    expect(rejectionCountKey(ctx, foreignDevEuiReason('A'), '2026-11-24T00:00:00.000Z').sk).toBe(
      'COUNT#2026-11-24#foreign-deveui',
    );
    expect(rejectionReasonOf(foreignDevEuiReason('A41163C212345678'))).toBe('foreign-deveui');
  });
});

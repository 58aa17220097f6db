import { systemTenantContext } from '../../functions/lib/data/system-context';
import { rejectionReasonOf } from '../../functions/lib/observability/names';
import { MESSAGE_GROUP_ID_MAX_LENGTH, uplinkGroupIdOf } from '../../functions/lib/pipeline/queue/message-group';
import { foreignDevEuiReason, rejectionCountKey } from '../../functions/lib/pipeline/rejections';

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

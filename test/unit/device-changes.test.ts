import { pad } from '../../functions/lib/data/keys';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { connectivityAfterUplink, dueSortKey } from '../../functions/lib/devices/connectivity';
import type { DeviceRecord } from '../../functions/lib/devices/device-repository';
import { heartbeatOf } from '../../functions/lib/devices/heartbeat';
import { deviceChanges } from '../../functions/lib/pipeline/processor/apply';
import type { UplinkEffects } from '../../functions/lib/pipeline/processor/uplink-effects';

/**
 * The processor's device write (processor/apply.ts): which index keys an uplink moves. The
 * common path (online, heard again soon) moves none: no write into the due index (gsi14) nor the
 * connectivity order (gsi15).
 */
const ctx = systemTenantContext('7');
const hourly = heartbeatOf({ uplink_interval_minutes: 60, silent_after_intervals: 3 });
const device = (connectivity: DeviceRecord['connectivity']) =>
  ({ id: 42, name: 'Tag', dev_eui: '0004A30B001C0530', connectivity, battery_level_low: false }) as DeviceRecord;
const effectsAt = (heardAt: string, previous: DeviceRecord) =>
  ({ device: connectivityAfterUplink(heardAt, hourly, previous) }) as unknown as UplinkEffects;
const keyedAt = (dueAt: string) => ({ sortKey: dueSortKey(dueAt, 42) });

describe('the processor’s device changes', () => {
  it('moves no index key on the common path: online, the due entry keyed well ahead', () => {
    const online = device('online');
    const changes = deviceChanges(
      ctx,
      online,
      keyedAt('2026-06-01T11:30:00.000Z'),
      effectsAt('2026-06-01T10:05:00Z', online),
    );
    expect(Object.keys(changes).filter((name) => name.startsWith('gsi'))).toEqual([]);
    expect(changes.late_at).toBe('2026-06-01T11:35:00.000Z');
  });

  it('moves the due key once less than half the window is ahead of it', () => {
    const online = device('online');
    const changes = deviceChanges(
      ctx,
      online,
      keyedAt('2026-06-01T11:30:00.000Z'),
      effectsAt('2026-06-01T11:00:00Z', online),
    );
    expect(changes).toMatchObject({ gsi14pk: 'T#7#DEVICE#DUE', gsi14sk: dueSortKey('2026-06-01T12:30:00.000Z', 42) });
    expect(changes).not.toHaveProperty('gsi15sk');
  });

  it('back online from silent: the connectivity order and the due index both move', () => {
    const silent = device('silent');
    const changes = deviceChanges(ctx, silent, undefined, effectsAt('2026-06-01T11:00:00Z', silent));
    expect(changes).toMatchObject({
      gsi15pk: 'T#7#DEVICE',
      gsi15sk: `0#${pad(42)}`,
      gsi14sk: dueSortKey('2026-06-01T12:30:00.000Z', 42),
    });
  });
});

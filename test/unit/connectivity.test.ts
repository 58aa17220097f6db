import {
  connectivityAfterUplink,
  connectivityAsOf,
  connectivityAt,
  dueBound,
  dueEntryStays,
  dueKeyOf,
  dueSortKey,
  LATE_AFTER_INTERVALS,
  nextDueAt,
} from '../../functions/lib/devices/connectivity';
import { heartbeatOf } from '../../functions/lib/devices/heartbeat';
import { CONNECTIVITY_STATES, connectivityFilterSchema } from '../../shared/schemas/connectivity';

/** Connectivity from times (functions/lib/devices/connectivity.ts, docs/decisions/0254-silent-tags-four-connectivity-states-stored-on-the-device.md). */
describe('heartbeatOf', () => {
  it('falls back to the built-in profiles’ 12 h and 3 intervals', () => {
    expect(heartbeatOf()).toEqual({ intervalMs: 720 * 60_000, silentAfter: 3 });
    expect(heartbeatOf(null)).toEqual({ intervalMs: 720 * 60_000, silentAfter: 3 });
  });

  it('reads a profile’s values and clamps what the profile contract would refuse', () => {
    expect(heartbeatOf({ uplink_interval_minutes: 60, silent_after_intervals: 4 })).toEqual({
      intervalMs: 3_600_000,
      silentAfter: 4,
    });
    expect(heartbeatOf({ uplink_interval_minutes: 0, silent_after_intervals: 1 })).toEqual({
      intervalMs: 5 * 60_000,
      silentAfter: 2,
    });
    expect(heartbeatOf({ uplink_interval_minutes: 1e9, silent_after_intervals: 1e9 })).toEqual({
      intervalMs: 10_080 * 60_000,
      silentAfter: 30,
    });
    expect(heartbeatOf({ uplink_interval_minutes: Number.NaN })).toEqual({ intervalMs: 720 * 60_000, silentAfter: 3 });
  });
});

describe('connectivity', () => {
  const hourly = heartbeatOf({ uplink_interval_minutes: 60, silent_after_intervals: 3 });
  const heard = '2026-06-01T10:00:00.000Z';
  const at = (iso: string) => new Date(iso);

  it('is online after an uplink, late after 1.5 intervals and silent after N', () => {
    const online = connectivityAfterUplink(heard, hourly);
    expect(online).toEqual({
      connectivity: 'online',
      connectivity_since: heard,
      heard_at: heard,
      late_at: '2026-06-01T11:30:00.000Z',
      silent_at: '2026-06-01T13:00:00.000Z',
    });
    expect(LATE_AFTER_INTERVALS).toBe(1.5);
    expect(connectivityAt(online, at('2026-06-01T11:29:59.999Z'))).toBe('online');
    expect(connectivityAt(online, at('2026-06-01T11:30:00.000Z'))).toBe('late');
    expect(connectivityAt(online, at('2026-06-01T12:59:59.999Z'))).toBe('late');
    expect(connectivityAt(online, at('2026-06-01T13:00:00.000Z'))).toBe('silent');
    expect(connectivityAt({}, at(heard))).toBe('never');
  });

  it('keeps the time it came online while it stays online, and restarts it when it comes back', () => {
    const first = connectivityAfterUplink(heard, hourly);
    const next = connectivityAfterUplink('2026-06-01T11:00:00.000Z', hourly, first);
    expect(next.connectivity_since).toBe(heard);
    const back = connectivityAfterUplink('2026-06-01T18:00:00.000Z', hourly, { ...next, connectivity: 'silent' });
    expect(back.connectivity_since).toBe('2026-06-01T18:00:00.000Z');
    expect(back.connectivity).toBe('online');
  });

  it('is due at the late time while online, at the silent time while late, and never when silent', () => {
    const online = connectivityAfterUplink(heard, hourly);
    expect(nextDueAt(online)).toBe(online.late_at);
    expect(nextDueAt({ ...online, connectivity: 'late' })).toBe(online.silent_at);
    expect(nextDueAt({ ...online, connectivity: 'silent' })).toBeUndefined();
    expect(nextDueAt({})).toBeUndefined();
  });

  it('counts elapsed time, not wall-clock hours, across the clock changes', () => {
    const daily = heartbeatOf({ uplink_interval_minutes: 1440, silent_after_intervals: 2 });
    // 28 March 2026, 12:00 in Amsterdam (CET); the night after has 23 hours.
    const spring = connectivityAfterUplink('2026-03-28T11:00:00.000Z', daily);
    expect(spring.silent_at).toBe('2026-03-30T11:00:00.000Z');
    expect(spring.late_at).toBe('2026-03-29T23:00:00.000Z');
    // 24 October 2026, 12:00 in Amsterdam (CEST); the night after has 25 hours.
    const autumn = connectivityAfterUplink('2026-10-24T10:00:00.000Z', daily);
    expect(Date.parse(autumn.silent_at) - Date.parse(autumn.heard_at)).toBe(48 * 3_600_000);
    // An offset in the receipt time is read as the instant it names.
    expect(connectivityAfterUplink('2026-10-25T02:30:00+02:00', daily).heard_at).toBe('2026-10-25T00:30:00.000Z');
  });

  it('keys the due index in time order, with every entry up to now under the bound', () => {
    const early = dueSortKey('2026-06-01T11:30:00.000Z', 42);
    const later = dueSortKey('2026-06-01T11:30:00.001Z', 7);
    expect(early < later).toBe(true);
    expect(early <= dueBound(at('2026-06-01T11:30:00.000Z'))).toBe(true);
    expect(later <= dueBound(at('2026-06-01T11:30:00.000Z'))).toBe(false);
  });

  it('leaves the due entry still while half the late window is ahead of it, never past the late time', () => {
    // Hourly tag: late 90 min after an uplink; the entry keyed at 11:30 (heard 10:00).
    const key = { sortKey: dueSortKey('2026-06-01T11:30:00.000Z', 42) };
    const online = { connectivity: 'online' as const };
    const uplinkAt = (heardAt: string) => connectivityAfterUplink(heardAt, hourly);
    // A moving tracker reporting every 5 minutes: 80 min of the 90 still ahead.
    expect(dueEntryStays(online, key, uplinkAt('2026-06-01T10:10:00.000Z'))).toBe(true);
    // 45 min ahead is exactly half: still; 44 min: moves.
    expect(dueEntryStays(online, key, uplinkAt('2026-06-01T10:45:00.000Z'))).toBe(true);
    expect(dueEntryStays(online, key, uplinkAt('2026-06-01T10:46:00.000Z'))).toBe(false);
    // A tag at its interval (heard an hour later) uses two thirds of the window: moves every time.
    expect(dueEntryStays(online, key, uplinkAt('2026-06-01T11:00:00.000Z'))).toBe(false);
    // Coming back from late, or not keyed: always keyed anew.
    expect(dueEntryStays({ connectivity: 'late' }, key, uplinkAt('2026-06-01T10:10:00.000Z'))).toBe(false);
    expect(dueEntryStays(online, undefined, uplinkAt('2026-06-01T10:10:00.000Z'))).toBe(false);
    // A key later than the new late time (an uplink received out of order) is never kept.
    expect(dueEntryStays(online, key, uplinkAt('2026-06-01T09:00:00.000Z'))).toBe(false);
  });

  it('reads the due key from a stored item, only from the due index, and nothing from another partition', () => {
    const sk = dueSortKey('2026-06-01T11:30:00.000Z', 42);
    expect(dueKeyOf({ gsi14pk: 'T#1#DEVICE#DUE', gsi14sk: sk })).toEqual({ sortKey: sk });
    // The old place in the map's index is the migration's to move (due-entry-move.ts), nobody else's.
    expect(dueKeyOf({ gsi7pk: 'T#1#DEVICE#DUE', gsi7sk: sk })).toBeUndefined();
    expect(dueKeyOf({ gsi14pk: 'T#1#ASSET#CLIENT#3', gsi14sk: sk })).toBeUndefined();
  });

  it('gives the demo seed the state the job would have stored', () => {
    const now = at('2026-06-01T12:00:00.000Z');
    expect(connectivityAsOf(heard, hourly, now)).toMatchObject({
      connectivity: 'late',
      connectivity_since: '2026-06-01T11:30:00.000Z',
    });
    expect(connectivityAsOf(heard, hourly, at('2026-06-02T00:00:00.000Z')).connectivity).toBe('silent');
    expect(connectivityAsOf(heard, hourly, at(heard)).connectivity).toBe('online');
  });
});

describe('connectivity filter', () => {
  it('takes one or more states and refuses others', () => {
    expect(connectivityFilterSchema.parse('silent')).toEqual(['silent']);
    expect(connectivityFilterSchema.parse('late, silent')).toEqual(['late', 'silent']);
    expect(connectivityFilterSchema.parse('')).toBeUndefined();
    expect(connectivityFilterSchema.safeParse('asleep').success).toBe(false);
    expect(connectivityFilterSchema.safeParse(CONNECTIVITY_STATES.join(',')).success).toBe(true);
  });
});

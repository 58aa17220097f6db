import { systemTenantContext } from '../../functions/lib/data/system-context';
import { withCondition } from '../../functions/lib/data/transaction';
import { dueSortKey } from '../../functions/lib/devices/connectivity';
import { countedLimit } from '../../functions/lib/devices/device-candidates';
import { countedFilter, countedTotal } from '../../functions/lib/devices/device-filter-totals';
import {
  counterUpdate,
  countFlags,
  type DeviceCounts,
  flagConditions,
  flagDelta,
  flagsOf,
  sumDeltas,
} from '../../functions/lib/devices/device-flag-counts';
import { deviceListRequestOf } from '../../functions/lib/devices/device-list-request';
import { matchesDeviceFilters, sourceOf } from '../../functions/lib/devices/device-query';
import {
  DEVICE_BATTERY_LOW_PREFIX,
  DEVICE_BATTERY_OK_PREFIX,
  DEVICE_SORT_INDEXES,
  deviceRepository,
} from '../../functions/lib/devices/device-repository';
import { moveOf } from '../../functions/lib/devices/silent-moves';
import { HttpError } from '../../functions/lib/http/errors';
import { DEVICE_FLAG_FILTER_INVALID } from '../../shared/schemas/device';

/** The device list filters: the counts' arithmetic, the filters' parsing, sources and totals. */
const ctx = systemTenantContext(3);
process.env.TABLE_NAME ??= 'tracking';
const admin = { roles: ['ROLE_ADMIN'] };
const base = {
  id: 9,
  version: 1,
  logical_id: null,
  name: 'Tag',
  model: null,
  notes: null,
  dev_eui: '70B3D57ED0000009',
  barcode: null,
  asset: null,
  activation_date: null,
  last_event: null,
  is_sabotaged: false,
  battery_level_low: false,
  device_profiles: [],
};

describe('device flag counts', () => {
  it('move each count by the flags a device gains or loses, nothing for what stays', () => {
    const plain = flagsOf(base);
    const flagged = flagsOf({ ...base, asset: { id: 1 }, battery_level_low: true, connectivity: 'late' });
    expect(flagDelta(undefined, plain)).toEqual({});
    expect(flagDelta(undefined, flagged)).toEqual({ withAsset: 1, batteryLow: 1, late: 1 });
    expect(flagDelta(flagged, undefined)).toEqual({ withAsset: -1, batteryLow: -1, late: -1 });
    expect(flagDelta(flagged, { ...flagged, connectivity: 'silent' })).toEqual({ late: -1, silent: 1 });
    expect(flagDelta(flagged, flagged)).toEqual({});
    expect(sumDeltas([{ late: -1, silent: 1 }, { late: 1 }, { online: -1, late: 1 }])).toEqual({
      silent: 1,
      online: -1,
      late: 1,
    });
  });

  it('write an ADD of the moved counts (and itemCount), or nothing', () => {
    expect(counterUpdate(ctx, {})).toBeUndefined();
    expect(counterUpdate(ctx, { sabotaged: -1 }, -1)).toMatchObject({
      Key: { pk: 'T#3#COUNTER', sk: 'DEVICE' },
      UpdateExpression: 'ADD #c0 :c0, #c1 :c1',
      ExpressionAttributeNames: { '#c0': 'sabotaged', '#c1': 'itemCount' },
      ExpressionAttributeValues: { ':c0': -1, ':c1': -1 },
    });
  });

  it('pin the flags as read, absent false flags and never included', () => {
    const condition = flagConditions(flagsOf({ ...base, is_sabotaged: true }));
    expect(condition.expression).toBe(
      '(attribute_not_exists(#fBattery) OR #fBattery = :fBattery) AND #fSabotaged = :fSabotaged AND attribute_not_exists(#fConnectivity)',
    );
    const update = withCondition(
      { ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':x': 1 } },
      flagConditions(flagsOf({ ...base, connectivity: 'online' }), ['connectivity']),
    );
    expect(update).toEqual({
      ConditionExpression: 'attribute_exists(pk) AND #fConnectivity = :fConnectivity',
      ExpressionAttributeNames: { '#fConnectivity': 'connectivity' },
      ExpressionAttributeValues: { ':x': 1, ':fConnectivity': 'online' },
    });
  });

  it('count a set of devices as the seeds and the recount do', () => {
    expect(
      countFlags([
        base,
        { ...base, asset: { id: 2 }, connectivity: 'online' },
        { ...base, is_sabotaged: true, connectivity: 'silent' },
      ]),
    ).toEqual({ withAsset: 1, batteryLow: 0, sabotaged: 1, online: 1, late: 0, silent: 1 });
  });
});

describe('device flag filters', () => {
  const request = (query: string) => deviceListRequestOf(query, admin).request;

  it('take true/false for batteryLevelLow, sabotaged and asset[exists], and refuse anything else with 422', () => {
    expect(request('batteryLevelLow=true&sabotaged=0').filters).toMatchObject({ batteryLow: true, sabotaged: false });
    expect(request('asset[exists]=false').filters.hasAsset).toBe(false);
    for (const query of ['batteryLevelLow=maybe', 'sabotaged=2', 'asset[exists]=sometimes']) {
      let error: unknown;
      try {
        request(query);
      } catch (thrown) {
        error = thrown;
      }
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).status).toBe(422);
      expect(JSON.stringify((error as HttpError).violations)).toContain(DEVICE_FLAG_FILTER_INVALID);
    }
  });

  it('match the flags, absent ones as false', () => {
    const candidate = { ...base, battery_level_low: undefined, is_sabotaged: true };
    expect(matchesDeviceFilters(candidate, { sabotaged: true, batteryLow: false })).toBe(true);
    expect(matchesDeviceFilters(candidate, { sabotaged: false })).toBe(false);
    expect(matchesDeviceFilters(candidate, { batteryLow: true })).toBe(false);
  });

  it('read battery low in its own gsi1 range in id and battery order, other orders in their own index', () => {
    const battery = DEVICE_SORT_INDEXES.batteryLevelLow;
    const low = sourceOf(ctx, { order: { field: 'id', direction: 'desc' }, filters: { batteryLow: true } });
    expect(low).toEqual({ index: battery, partition: 'T#3#DEVICE', prefix: DEVICE_BATTERY_LOW_PREFIX });
    const ok = sourceOf(ctx, { order: { field: 'batteryLevelLow', direction: 'asc' }, filters: { batteryLow: false } });
    expect(ok.prefix).toBe(DEVICE_BATTERY_OK_PREFIX);
    const byName = sourceOf(ctx, { order: { field: 'name', direction: 'asc' }, filters: { batteryLow: true } });
    expect(byName).toEqual({ index: DEVICE_SORT_INDEXES.name, partition: 'T#3#DEVICE' });
    const noAsset = sourceOf(ctx, { order: { field: 'id', direction: 'asc' }, filters: { hasAsset: false } });
    expect(noAsset.prefix).toBe('0#');
    // The prefixes are the repository's own keys.
    const item = deviceRepository.toItem(ctx, { ...base, battery_level_low: true });
    expect(item[`${battery}sk` as keyof typeof item]).toMatch(new RegExp(`^${DEVICE_BATTERY_LOW_PREFIX}`));
  });

  it('have an exact total from the counts for one flag filter alone, none for combinations and searches', () => {
    const counts: DeviceCounts = {
      total: 100,
      withAsset: 70,
      batteryLow: 8,
      sabotaged: 3,
      online: 60,
      late: 10,
      silent: 5,
    };
    expect(countedFilter({ sabotaged: true })).toBe(true);
    expect(countedFilter({ sabotaged: true, batteryLow: true })).toBe(false);
    expect(countedFilter({ sabotaged: true, search: 'x' })).toBe(false);
    expect(countedFilter({})).toBe(false);
    expect(countedTotal({ hasAsset: false }, counts)).toBe(30);
    expect(countedTotal({ batteryLow: true }, counts)).toBe(8);
    expect(countedTotal({ sabotaged: false }, counts)).toBe(97);
    expect(countedTotal({ connectivity: ['never'] }, counts)).toBe(25);
    expect(countedTotal({ connectivity: ['late', 'silent', 'late'] }, counts)).toBe(15);
    expect(countedTotal({ sabotaged: true }, { ...counts, sabotaged: -2 })).toBe(0);
  });

  it('ask a counted read for the page first, then for what the match rate says, or 1 MB pages', () => {
    expect(countedLimit(20, 0, 0)).toBe(20);
    expect(countedLimit(10, 10, 100)).toBe(125);
    expect(countedLimit(20, 0, 20)).toBeUndefined();
    expect(countedLimit(20, 1, 500)).toBeUndefined();
    // A flag at 3% of the tenant, read in another order: the first read asks for what should hold the page.
    expect(countedLimit(20, 0, 0, 0.03)).toBe(834);
    expect(countedLimit(20, 0, 834, 0.03)).toBe(834);
    expect(countedLimit(20, 0, 0, 0.001)).toBeUndefined();
  });
});

describe('silent-tag moves', () => {
  const entry = {
    id: 4,
    dueKey: { sortKey: dueSortKey('2026-01-01T18:00:00.000Z', 4) },
    connectivity: 'online' as const,
    heard_at: '2026-01-01T00:00:00.000Z',
    late_at: '2026-01-01T18:00:00.000Z',
    silent_at: '2026-01-02T12:00:00.000Z',
  };
  it('move a due device once to the state its times give', () => {
    expect(moveOf(entry, new Date('2026-01-01T12:00:00Z'))).toBeUndefined();
    expect(moveOf(entry, new Date('2026-01-01T19:00:00Z'))?.state).toBe('late');
    expect(moveOf(entry, new Date('2026-01-03T00:00:00Z'))?.state).toBe('silent');
    expect(moveOf({ ...entry, connectivity: 'silent' }, new Date('2026-01-03T00:00:00Z'))).toBeUndefined();
  });
  it('key again, in the same state, a device whose key was early', () => {
    const early = { ...entry, dueKey: { sortKey: dueSortKey('2026-01-01T09:00:00.000Z', 4) } };
    expect(moveOf(early, new Date('2026-01-01T12:00:00Z'))).toEqual({ entry: early, state: 'online' });
    expect(moveOf(entry, new Date('2026-01-01T12:00:00Z'))).toBeUndefined();
  });
});

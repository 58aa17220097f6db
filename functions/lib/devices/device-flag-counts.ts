import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Connectivity } from '../../../shared/schemas/connectivity';
import { dynamo, tableName } from '../data/client';
import { counterKey } from '../data/keys';
import type { TenantContext } from '../data/tenant-context';
import { type Condition, counterChange, counterChanges } from '../data/transaction';

/**
 * Per-tenant counts of the device list's flag filters (docs/decisions/0269-device-list-flag-filters-with-exact-totals-from-per-tenant-counts.md),
 * kept on the device counter item `T#<t>#COUNTER` / `DEVICE` beside `itemCount`, so a single filter's
 * `hydra:totalItems` is the one GetItem the unfiltered list already makes:
 *
 *   withAsset   devices linked to an asset             (asset[exists]=false: itemCount - withAsset)
 *   batteryLow  battery_level_low = true               (batteryLevelLow=false: itemCount - batteryLow)
 *   sabotaged   is_sabotaged = true                    (sabotaged=false: itemCount - sabotaged)
 *   online, late, silent   the stored connectivity     (never: itemCount - the three)
 *
 * Every writer that changes one of these on a device moves the count in the same transaction, conditioned on
 * the value it read (`flagConditions`), so a count never drifts: a concurrent change cancels the write instead.
 * `scripts/recount-device-flags.ts` recounts a tenant (idempotent) for data written before the counts existed.
 */
export const FLAG_COUNTERS = ['withAsset', 'batteryLow', 'sabotaged', 'online', 'late', 'silent'] as const;
export type FlagCounter = (typeof FLAG_COUNTERS)[number];
export type FlagDelta = Partial<Record<FlagCounter, number>>;

/** What of a device the counts see. */
export interface DeviceFlags {
  asset: boolean;
  batteryLow: boolean;
  sabotaged: boolean;
  connectivity: Connectivity;
}

export interface FlagSource {
  asset?: { id: number } | null;
  battery_level_low?: boolean;
  is_sabotaged?: boolean;
  connectivity?: Exclude<Connectivity, 'never'>;
}

export const flagsOf = (device: FlagSource): DeviceFlags => ({
  asset: device.asset !== null && device.asset !== undefined,
  batteryLow: device.battery_level_low === true,
  sabotaged: device.is_sabotaged === true,
  connectivity: device.connectivity ?? 'never',
});

const countedOf = (flags: DeviceFlags | undefined): Record<FlagCounter, number> => ({
  withAsset: flags?.asset ? 1 : 0,
  batteryLow: flags?.batteryLow ? 1 : 0,
  sabotaged: flags?.sabotaged ? 1 : 0,
  online: flags?.connectivity === 'online' ? 1 : 0,
  late: flags?.connectivity === 'late' ? 1 : 0,
  silent: flags?.connectivity === 'silent' ? 1 : 0,
});

/** The counts' change for one device going from `before` to `after` (undefined: not there); zeros left out. */
export function flagDelta(before: DeviceFlags | undefined, after: DeviceFlags | undefined): FlagDelta {
  const was = countedOf(before);
  const now = countedOf(after);
  const delta: FlagDelta = {};
  for (const counter of FLAG_COUNTERS) if (now[counter] !== was[counter]) delta[counter] = now[counter] - was[counter];
  return delta;
}

/** Several devices' deltas summed (an import chunk, an asset's device links). */
export function sumDeltas(deltas: readonly FlagDelta[]): FlagDelta {
  const sum: FlagDelta = {};
  for (const delta of deltas)
    for (const [counter, by] of Object.entries(delta) as [FlagCounter, number][]) {
      const next = (sum[counter] ?? 0) + by;
      if (next === 0) delete sum[counter];
      else sum[counter] = next;
    }
  return sum;
}

export const isEmptyDelta = (delta: FlagDelta) => Object.keys(delta).length === 0;

/**
 * The device counter's ADD for `delta` (and `itemCount` by `items`), or undefined when nothing moves
 * (data/transaction.ts).
 */
export const counterUpdate = (ctx: TenantContext, delta: FlagDelta, items = 0) =>
  counterChange(ctx, 'DEVICE', { ...delta, itemCount: items })?.Update;

/** The same as a transaction item list (empty when nothing moves), to spread into TransactItems. */
export const counterWrites = (ctx: TenantContext, delta: FlagDelta, items = 0) =>
  counterChanges(ctx, 'DEVICE', { ...delta, itemCount: items });

/**
 * "The stored flags are still as read" for the flags named (every flag the write moves a count for). A false
 * flag may be absent on older items; connectivity `never` is the absent attribute.
 */
export function flagConditions(
  read: DeviceFlags,
  which: readonly ('batteryLow' | 'sabotaged' | 'connectivity')[] = ['batteryLow', 'sabotaged', 'connectivity'],
): Condition {
  const parts: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const flag = (key: string, attribute: string, value: boolean) => {
    names[`#${key}`] = attribute;
    values[`:${key}`] = value;
    parts.push(value ? `#${key} = :${key}` : `(attribute_not_exists(#${key}) OR #${key} = :${key})`);
  };
  if (which.includes('batteryLow')) flag('fBattery', 'battery_level_low', read.batteryLow);
  if (which.includes('sabotaged')) flag('fSabotaged', 'is_sabotaged', read.sabotaged);
  if (which.includes('connectivity')) {
    names['#fConnectivity'] = 'connectivity';
    if (read.connectivity === 'never') parts.push('attribute_not_exists(#fConnectivity)');
    else {
      values[':fConnectivity'] = read.connectivity;
      parts.push('#fConnectivity = :fConnectivity');
    }
  }
  return { expression: parts.join(' AND '), names, values };
}

/** The flags a write changes between two states of a device (what its condition must pin). */
export function changedFlags(before: DeviceFlags, after: DeviceFlags) {
  const which: ('batteryLow' | 'sabotaged' | 'connectivity')[] = [];
  if (before.batteryLow !== after.batteryLow) which.push('batteryLow');
  if (before.sabotaged !== after.sabotaged) which.push('sabotaged');
  if (before.connectivity !== after.connectivity) which.push('connectivity');
  return which;
}

/** The tenant's device counts: `total` (itemCount) and each flag's. */
export type DeviceCounts = Record<FlagCounter | 'total', number>;

export async function readDeviceCounts(ctx: TenantContext): Promise<DeviceCounts> {
  const result = await dynamo().send(new GetCommand({ TableName: tableName(), Key: counterKey(ctx, 'DEVICE') }));
  const item = result.Item ?? {};
  const counts = { total: Number(item.itemCount ?? 0) } as DeviceCounts;
  for (const counter of FLAG_COUNTERS) counts[counter] = Number(item[counter] ?? 0);
  return counts;
}

/** Every flag's count of a set of devices (the seeds and the recount). */
export function countFlags(devices: Iterable<FlagSource>): Record<FlagCounter, number> {
  const counts = countedOf(undefined);
  for (const device of devices) {
    const one = countedOf(flagsOf(device));
    for (const counter of FLAG_COUNTERS) counts[counter] += one[counter];
  }
  return counts;
}

/**
 * Sets the counts (the seeds, and the recount when `expected` holds the counts it started from: the SET then
 * only lands when no writer moved any count meanwhile).
 */
export async function setDeviceFlagCounts(
  ctx: TenantContext,
  counts: Record<FlagCounter, number>,
  expected?: Partial<Record<FlagCounter, number | undefined>>,
): Promise<void> {
  const names = Object.fromEntries(FLAG_COUNTERS.map((counter, i) => [`#f${i}`, counter]));
  const values: Record<string, unknown> = Object.fromEntries(
    FLAG_COUNTERS.map((counter, i) => [`:f${i}`, counts[counter]]),
  );
  const conditions = expected
    ? FLAG_COUNTERS.map((counter, i) => {
        const was = expected[counter];
        if (was === undefined) return `attribute_not_exists(#f${i})`;
        values[`:e${i}`] = was;
        return `#f${i} = :e${i}`;
      })
    : [];
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: counterKey(ctx, 'DEVICE'),
      UpdateExpression: `SET ${FLAG_COUNTERS.map((_, i) => `#f${i} = :f${i}`).join(', ')}`,
      ...(conditions.length > 0 ? { ConditionExpression: conditions.join(' AND ') } : {}),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
}

import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type AssetRecord, assetMapKeys } from '../../assets/asset-repository';
import { dynamo, tableName } from '../../data/client';
import { itemKey } from '../../data/keys';
import type { TenantContext } from '../../data/tenant-context';
import { type DueKey, dueEntryStays, dueIndexKeys, dueKeyOf } from '../../devices/connectivity';
import type { DeviceRecord } from '../../devices/device-repository';
import { connectivityIndexKeys, DEVICE_SORT_INDEXES, deviceSortKeys } from '../../devices/device-repository';
import { markOutlier, putEvent } from '../../events/event-repository';
import { amsterdamDay } from '../../loan-days/amsterdam-day';
import { markLateDay } from '../../rental-audit/audit-marks';
import type { VisitRecord } from '../../visits/visit-keys';
import { closeVisit, putArrival } from '../../visits/visit-writes';
import { writeDeviceChanges } from './device-write';
import type { UplinkEffects } from './uplink-effects';

/**
 * The writes of one uplink (docs/decisions/0176): the device and the asset by
 * UpdateItem with only the changed attributes, each conditioned on its stored last event being older, then
 * the event by a conditional put: 3 write requests (a fourth, the outvoted fix's event, when the uplink's fix
 * outvotes the device's last one: fix-effects.ts). No asset list index key is touched: the asset's gsi8…gsi12
 * and gsi14…gsi18 keys are built from reference, scheduled, customer, cable length and days outside, which the pipeline never sets (the daily job does days
 * outside), and those indexes copy none of what an uplink changes; its map index keys (gsi7) are set when it gets its first position (removed if it loses it). The device's gsi8 key holds its battery flag (device list order), so it is set with the flag,
 * only when the flag flips. The event goes last: a retry after a failure in between finds the state written
 * (its condition fails, nothing changes) and writes the event then. The zone state the loan-day job reads is
 * the asset's own `zone_membership` (no separate marker an edit could leave behind).
 */

interface Update {
  sets: string[];
  removes: string[];
  names: Record<string, string>;
  values: Record<string, unknown>;
}

/**
 * The attributes to SET. The version does not move: it protects people's edits from each other, and the
 * people's saves write only the attributes they changed (data/entity-update.ts), so they neither put this
 * state back nor need to hear of it (decision 0242).
 */
function setExpression(values: Record<string, unknown>): Update {
  const update: Update = {
    sets: [],
    removes: [],
    names: { '#date': 'date', '#last': 'last_event' },
    values: {},
  };
  Object.entries(values).forEach(([attribute, value], i) => {
    update.names[`#a${i}`] = attribute;
    update.values[`:a${i}`] = value;
    update.sets.push(`#a${i} = :a${i}`);
  });
  return update;
}

/** The item's last event is older than `date` (or it has none); the item exists. */
const NEWER = 'attribute_exists(pk) AND (attribute_not_exists(#last.#date) OR #last.#date < :eventDate)';

async function conditionalUpdate(key: Record<string, string>, update: Update, condition: string, date: string) {
  // Nothing of the item changes, so nothing is written.
  if (update.sets.length === 0 && update.removes.length === 0) return true;
  const set = update.sets.length > 0 ? `SET ${update.sets.join(', ')}` : '';
  const remove = update.removes.length > 0 ? ` REMOVE ${update.removes.join(', ')}` : '';
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: `${set}${remove}`.trim(),
        ConditionExpression: condition,
        ExpressionAttributeNames: update.names,
        ExpressionAttributeValues: { ...update.values, ':eventDate': date },
      }),
    );
    return true;
  } catch (error) {
    // Another writer got there first (a newer uplink of the asset's other device, the device deleted).
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

export interface Applied {
  device: boolean;
  asset: boolean;
  event: boolean;
  writes: number;
  /** The device's due key after the write (a second uplink of the batch decides from it). */
  dueKey?: DueKey;
  /** The visits actually written (an arrival put, a departure closed): the others existed already. */
  visits: VisitRecord[];
}

/**
 * Zone visits: written before the asset's update that records the presence, each conditional, so a
 * retry after a failure in between writes the ones missing and nothing twice; the asset update then follows.
 */
async function writeVisits(ctx: TenantContext, visits: VisitRecord[], applied: Applied) {
  for (const visit of visits) {
    applied.writes++;
    const written = visit.leftAt
      ? await closeVisit(ctx, { ...visit, leftAt: visit.leftAt })
      : await putArrival(ctx, visit);
    if (written) applied.visits.push(visit);
  }
}

/**
 * The device's changed attributes for the device as read (`read`, `dueKey`): its battery sort key when the flag
 * flips (the only list index key it moves), and its due entry's key only when it must move (an undefined value
 * is removed: a device leaving the old due index).
 */
export function deviceChanges(
  ctx: TenantContext,
  read: DeviceRecord,
  dueKey: DueKey | undefined,
  effects: UplinkEffects,
): Record<string, unknown> {
  const changes: Record<string, unknown> = { ...effects.device };
  if (effects.device.battery_level_low !== undefined) {
    const index = DEVICE_SORT_INDEXES.batteryLevelLow;
    changes[`${index}sk`] = deviceSortKeys({ ...read, ...effects.device }).batteryLevelLow;
  }
  // Back online (from never, late or silent): the device moves in the connectivity order.
  if (effects.device.connectivity && effects.device.connectivity !== read.connectivity) {
    Object.assign(changes, connectivityIndexKeys(ctx, { id: read.id, connectivity: effects.device.connectivity }));
  }
  // Heard from: due to turn late later; the entry moves only once it is due within half the window.
  const { heard_at, late_at } = effects.device;
  if (heard_at && late_at && !dueEntryStays(read, dueKey, { heard_at, late_at })) {
    Object.assign(changes, dueIndexKeys(ctx, read.id, late_at));
  }
  return changes;
}

/** The asset's changed attributes, with its map index keys (gsi7) when it gains or loses its position. */
function assetUpdate(ctx: TenantContext, asset: AssetRecord, effects: NonNullable<UplinkEffects['asset']>): Update {
  const mapKeys = effects.mapIndex === 'add' ? assetMapKeys(ctx, { ...asset, ...effects.set }) : {};
  const update = setExpression({ ...effects.set, ...mapKeys });
  if (effects.mapIndex === 'remove') update.removes.push('gsi7pk', 'gsi7sk');
  for (const attribute of effects.remove ?? []) update.removes.push(attribute);
  return update;
}

export async function applyEffects(
  ctx: TenantContext,
  effects: UplinkEffects,
  device: DeviceRecord,
  asset: AssetRecord | undefined,
  dueKey?: DueKey,
): Promise<Applied> {
  const assetId = asset?.id;
  const date = effects.event.date;
  const applied: Applied = { device: false, asset: false, event: false, writes: 0, visits: [], dueKey };
  if (effects.advancesState) {
    // Before the device moves on from it, so a retry after a failure in between marks it again (idempotent).
    if (effects.outlier) {
      applied.writes++;
      await markOutlier(ctx, effects.outlier);
    }
    applied.writes++;
    // Pinned to the flags as read; a flip moves the device list's counts with it (device-write.ts).
    const written = await writeDeviceChanges(ctx, device, dueKey, date, (read, key) =>
      deviceChanges(ctx, read, key, effects),
    );
    applied.device = written !== undefined;
    applied.dueKey = written ? (dueKeyOf(written) ?? dueKey) : dueKey;
    if (effects.asset && asset && assetId !== undefined) {
      await writeVisits(ctx, effects.asset.visits ?? [], applied);
      const update = assetUpdate(ctx, asset, effects.asset);
      let condition = NEWER;
      const summary = effects.asset.summary;
      if (summary) {
        update.sets.push(
          `devices[${summary.index}].is_sabotaged = :sabotaged`,
          `devices[${summary.index}].battery_level_low = :batteryLow`,
        );
        if (summary.is_silent === false) update.sets.push(`devices[${summary.index}].is_silent = :silent`);
        Object.assign(update.values, {
          ...(summary.is_silent === false ? { ':silent': false } : {}),
          ':sabotaged': summary.is_sabotaged,
          ':batteryLow': summary.battery_level_low,
          ':deviceId': effects.event.device.id,
        });
        // The summary's position is only trusted while it still names this device.
        condition += ` AND devices[${summary.index}].id = :deviceId`;
      }
      applied.writes++;
      applied.asset = await conditionalUpdate(itemKey(ctx, 'ASSET', assetId), update, condition, date);
    }
  }
  applied.writes++;
  applied.event = await putEvent(ctx, effects.event);
  if (await markLateAuditDay(ctx, effects)) applied.writes++;
  return applied;
}

/**
 * A located event or a visit of a day older than the rental audit's nightly recheck marks the asset's day, after
 * the event is stored so the job that reads the mark finds it (docs/decisions/0327). From the effects, not from
 * what was written: a retry after a failure before the mark marks it again.
 */
async function markLateAuditDay(ctx: TenantContext, effects: UplinkEffects): Promise<boolean> {
  const assetId = effects.event.asset?.id;
  if (assetId === undefined) return false;
  const instants = [
    ...(effects.event.latitude !== null ? [effects.event.date] : []),
    ...(effects.advancesState ? (effects.asset?.visits ?? []) : []).map((visit) => visit.leftAt ?? visit.arrivedAt),
  ];
  if (instants.length === 0) return false;
  const earliest = instants.sort()[0] as string;
  return markLateDay(ctx, assetId, amsterdamDay(new Date(earliest)));
}

import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AssetRecord } from '../assets/asset-repository';
import { assetRepository } from '../assets/asset-repository';
import { batchGetByIds } from '../data/batch-get';
import { dynamo, tableName } from '../data/client';
import { idOfItemSortKey, itemKey } from '../data/keys';
import { queryAllPages } from '../data/query-page';
import { systemTenantContext } from '../data/system-context';
import type { TenantContext } from '../data/tenant-context';
import { liveAssetChanged, liveDeviceChanged } from '../live/publisher';
import { publishAlarms } from '../pipeline/alarms/publish-alarms';
import type { AlarmRaised } from '../pipeline/contracts';
import { tenantRepository } from '../tenants/tenant-repository';
import {
  type ConnectivityAttributes,
  connectivityAt,
  DUE_INDEX,
  dueBound,
  dueKeyOf,
  duePartition,
} from './connectivity';
import type { DeviceRecord } from './device-repository';
import { type DueEntry, moveDevices, moveOf } from './silent-moves';

/**
 * The silent-tag job (docs/decisions/0253-the-silent-tag-job-reads-only-the-due-devices-from-a-sparse-index.md): every
 * 15 minutes it reads, per tenant, only the devices whose next state change is due (a Query on the sparse due
 * index up to `now`, never a Scan, then those devices by key: the index holds keys only) and moves each to
 * late or silent with a conditional write: an uplink that arrived meanwhile changed `heard_at` and the index key, so the uplink wins and the job writes nothing.
 * Turning silent raises the "tag silent" alarm (type 3) through the same AlarmRaised path as the processor's.
 */
export interface SilentTagReport {
  now: string;
  tenants: number;
  /** Index entries DynamoDB read (ScannedCount) plus the asset items read for silent tags. */
  itemsRead: number;
  /** Read capacity the job's reads consumed (ReturnConsumedCapacity TOTAL). */
  readUnits: number;
  late: number;
  silent: number;
  /** A concurrent uplink (or delete) won: nothing written. */
  skipped: number;
  /** Devices whose due key was early (an uplink left it still) keyed again at their due time. */
  rekeyed: number;
  alarms: number;
}

/** Devices of one page moved at once: a backlog of thousands finishes within the Lambda's time. */
const PARALLEL = 10;
const PAGE = 200;

export async function runSilentTagJob(
  now: Date,
  options: { tenants?: readonly string[] } = {},
): Promise<SilentTagReport> {
  const report: SilentTagReport = {
    now: now.toISOString(),
    tenants: 0,
    itemsRead: 0,
    readUnits: 0,
    late: 0,
    silent: 0,
    skipped: 0,
    rekeyed: 0,
    alarms: 0,
  };
  const only = options.tenants ? new Set(options.tenants) : undefined;
  for (const tenant of await tenantRepository.list()) {
    if (only && !only.has(String(tenant.id))) continue;
    report.tenants += 1;
    await sweepTenant(systemTenantContext(String(tenant.id)), now, report);
  }
  return report;
}

/** Live push: the device's flag, and its asset's marker (silence is a map level), best effort. */
async function publishSilence(ctx: TenantContext, deviceId: number, assetId: number | null) {
  liveDeviceChanged(ctx, deviceId, assetId);
  if (assetId === null) return;
  const asset = await assetRepository.get(ctx, assetId).catch(() => undefined);
  if (asset) liveAssetChanged(ctx, undefined, asset);
}

async function sweepTenant(ctx: TenantContext, now: Date, report: SilentTagReport) {
  const pages = queryAllPages({
    TableName: tableName(),
    IndexName: DUE_INDEX,
    KeyConditionExpression: `${DUE_INDEX}pk = :pk AND ${DUE_INDEX}sk <= :bound`,
    ExpressionAttributeValues: { ':pk': duePartition(ctx), ':bound': dueBound(now) },
    Limit: PAGE,
    ReturnConsumedCapacity: 'TOTAL',
  });
  for await (const page of pages) {
    report.itemsRead += page.ScannedCount ?? 0;
    report.readUnits += page.ConsumedCapacity?.CapacityUnits ?? 0;
    // Keys only: the device's id is its table sort key's.
    const ids = (page.Items ?? []).map((item) => idOfItemSortKey(String(item.sk)));
    const entries = await dueEntries(ctx, ids, now, report);
    for (let start = 0; start < entries.length; start += PARALLEL) {
      const slice = entries.slice(start, start + PARALLEL);
      // One transaction moves the slice's states and the device list's connectivity counts (silent-moves.ts).
      const moved = await moveDevices(
        ctx,
        slice.flatMap((entry) => moveOf(entry, now) ?? []),
      );
      await Promise.all(slice.map((entry) => advance(ctx, entry, now, moved, report)));
    }
  }
}

/**
 * The due devices as stored now (the due index holds keys only): read by key, consistently, and kept when
 * their key is still due (an uplink since may have moved it on).
 */
async function dueEntries(ctx: TenantContext, ids: number[], now: Date, report: SilentTagReport) {
  if (ids.length === 0) return [];
  const items = await batchGetByIds(ctx, 'DEVICE', ids, {
    consistent: true,
    onReadUnits: (units) => {
      report.readUnits += units;
    },
  });
  report.itemsRead += items.length;
  const bound = dueBound(now);
  const entries: DueEntry[] = [];
  for (const item of items) {
    const dueKey = dueKeyOf(item);
    if (dueKey && dueKey.sortKey <= bound)
      entries.push({ ...(item as ConnectivityAttributes), id: Number(item.id), dueKey });
  }
  return entries.sort((a, b) => a.id - b.id);
}

async function advance(ctx: TenantContext, entry: DueEntry, now: Date, moved: Set<number>, report: SilentTagReport) {
  const target = connectivityAt(entry, now);
  if (target === entry.connectivity && target !== 'silent') {
    if (moved.has(entry.id)) report.rekeyed += 1;
    return;
  }
  if (target !== 'late' && target !== 'silent') return;
  if (target === 'late') {
    if (moved.has(entry.id)) report.late += 1;
    else report.skipped += 1;
    return;
  }
  // Silent in two steps: the state first (the entry stays due), then the alarm, then the entry leaves the
  // index. A run that stopped in between finds the entry again and raises the same alarm (same id: mailed once).
  const device = entry.connectivity === 'silent' || moved.has(entry.id) ? await readDevice(ctx, entry) : undefined;
  if (!device) {
    report.skipped += 1;
    return;
  }
  report.silent += 1;
  const asset = device.asset ? await markAssetSummary(ctx, device, report) : undefined;
  await publishSilence(ctx, device.id, asset?.id ?? null);
  await publishAlarms([silentAlarm(ctx, device, asset)]);
  report.alarms += 1;
  await leaveIndex(ctx, device);
}

async function readDevice(ctx: TenantContext, entry: DueEntry) {
  const result = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: itemKey(ctx, 'DEVICE', entry.id), ConsistentRead: true }),
  );
  const device = result.Item as (DeviceRecord & ConnectivityAttributes) | undefined;
  return device?.connectivity === 'silent' && device.heard_at === entry.heard_at ? device : undefined;
}

/** Out of the due index: a silent device changes only with its next uplink. */
async function leaveIndex(ctx: TenantContext, device: DeviceRecord & ConnectivityAttributes) {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: itemKey(ctx, 'DEVICE', device.id),
        UpdateExpression: `REMOVE ${DUE_INDEX}pk, ${DUE_INDEX}sk`,
        ConditionExpression: 'connectivity = :silent AND heard_at = :heard',
        ExpressionAttributeValues: { ':silent': 'silent', ':heard': device.heard_at },
      }),
    );
  } catch (error) {
    // An uplink came in between: it set the device online with its own index entry, which stays.
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/**
 * The asset's summary of the device gets `is_silent` (the map's and the asset list's mark), unless the asset
 * heard anything since the device's last uplink (another of its tags, or this one a moment ago: the uplink
 * wins; it clears the mark itself when it finds it).
 */
async function markAssetSummary(
  ctx: TenantContext,
  device: DeviceRecord & ConnectivityAttributes,
  report: SilentTagReport,
) {
  const assetId = device.asset?.id as number;
  const read = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: itemKey(ctx, 'ASSET', assetId),
      ProjectionExpression: 'id, #name, devices',
      ExpressionAttributeNames: { '#name': 'name' },
    }),
  );
  report.itemsRead += 1;
  const asset = read.Item as Pick<AssetRecord, 'id' | 'name' | 'devices'> | undefined;
  const index = asset?.devices?.findIndex((summary) => summary.id === device.id) ?? -1;
  if (!asset || index < 0) return asset;
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: itemKey(ctx, 'ASSET', assetId),
        UpdateExpression: `SET devices[${index}].is_silent = :silent`,
        ConditionExpression: `devices[${index}].id = :device AND (attribute_not_exists(lastCommunication) OR lastCommunication <= :heard)`,
        ExpressionAttributeValues: { ':silent': true, ':device': device.id, ':heard': device.heard_at },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
  return asset;
}

function silentAlarm(
  ctx: TenantContext,
  device: DeviceRecord & ConnectivityAttributes,
  asset: Pick<AssetRecord, 'id' | 'name'> | undefined,
): AlarmRaised {
  return {
    tenantId: ctx.tenantId,
    kind: 3,
    assetId: asset?.id ?? null,
    assetName: asset?.name ?? null,
    deviceId: device.id,
    deviceName: device.name,
    devEui: device.dev_eui,
    zoneId: null,
    zoneName: null,
    // The time it turned silent: the same alarm id for every run that finds it (alarm-handler.ts).
    at: device.silent_at as string,
    latitude: device.last_event?.latitude ?? null,
    longitude: device.last_event?.longitude ?? null,
  };
}

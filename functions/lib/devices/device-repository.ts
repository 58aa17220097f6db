import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { CONNECTIVITY_RANK } from '../../../shared/schemas/connectivity';
import { type Device, deviceSchema, normalizeDevEui } from '../../../shared/schemas/device';
import { ACCESS_PATTERNS } from '../../../shared/table';
import { dynamo, tableName } from '../data/client';
import { indexSortKey, itemSortKey, pad, typePartition } from '../data/keys';
import { createRepository, fromItem } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';
import { allowListOf } from '../http/allow-list';
import type { LastFix, SuspectFix } from '../pipeline/position-rule';
import { type ConnectivityAttributes, dueIndexKeys, nextDueAt } from './connectivity';
import { devEuiClaimKey } from './dev-eui-claims';

/**
 * A device (tracking tag) as stored: the API shape without its JSON-LD keys; the asset's name is copied in.
 * `asset_since` (stored only, not answered) is when the device joined its current asset: a client user sees a device's
 * events from then on only (functions/http/events.ts). Absent on devices written before it was kept, which then show a
 * client user no events (docs/security.md "A client user seeing other customers' zones and history").
 * `last_fix` and `suspect_fix` (stored only) are the pipeline's fix track (pipeline/position-rule.ts).
 */
export type DeviceRecord = Omit<Device, '@id' | '@type' | 'connectivity'> &
  ConnectivityAttributes & { asset_since?: string | null; last_fix?: LastFix; suspect_fix?: SuspectFix };

/** The `asset_since` of a device going from `before` to asset `after`: kept while the asset stays the same. */
export const assetSinceAfter = (
  before: Pick<DeviceRecord, 'asset' | 'asset_since'> | undefined,
  after: DeviceRecord['asset'],
  now = new Date(),
): string | null => {
  if (!after) return null;
  return before?.asset?.id === after.id ? (before.asset_since ?? null) : now.toISOString();
};

const text = (value: string | null | undefined) => (value ?? '').toLowerCase().slice(0, 200);

export const devicePartition = (ctx: TenantContext) => typePartition(ctx, 'DEVICE');

/**
 * Asset-name order (gsi9) sort key prefixes: devices without an asset (`0#<id>`) sort before those with one (`1#<asset name>#<id>`),
 * so the asset-name order also answers asset[exists]=false|true with begins_with, in that order.
 */
export const DEVICE_NO_ASSET_PREFIX = '0#';
export const DEVICE_WITH_ASSET_PREFIX = '1#';

/**
 * The battery order's (gsi8) sort key prefixes: the battery flag leads the key (`0#<id>` fine, `1#<id>` low), so batteryLevelLow=true|false
 * is a begins_with in id order (device list filters).
 */
export const DEVICE_BATTERY_OK_PREFIX = '0#';
export const DEVICE_BATTERY_LOW_PREFIX = '1#';

/** Sort field (API name, spec 000 s.9) -> the index that keeps a tenant's devices in that order. */
export const DEVICE_SORT_INDEXES = {
  batteryLevelLow: ACCESS_PATTERNS.devicesByBattery,
  'asset.name': ACCESS_PATTERNS.devicesByAssetName,
  name: ACCESS_PATTERNS.devicesByName,
  devEui: ACCESS_PATTERNS.devicesByDevEui,
  activationDate: ACCESS_PATTERNS.devicesByActivationDate,
  model: ACCESS_PATTERNS.devicesByModel,
} as const;

const dueKeysOf = (ctx: TenantContext, device: DeviceRecord) => {
  const due = nextDueAt(device);
  return due ? dueIndexKeys(ctx, device.id, due) : {};
};

/**
 * Devices (spec 000 /devices): every sortable column of spec s.9 has its list index (INCLUDE of the filters'
 * attributes, shared/table.ts), all `T#<t>#DEVICE` / value#id, so page 1 of any order is one Query of one page
 * and one BatchGetItem (docs/data-model.md "Device list").
 *  - table  pk T#<t>#DEVICE, sk DEVICE#<id>                    list by id (default order), get by id
 *  - gsi8   byBattery:   <0|1>#<id>                             order[batteryLevelLow]
 *  - gsi9   byAssetName: 0#<id> | 1#<asset name lower>#<id>     order[asset.name], asset[exists] (begins_with)
 *  - gsi10  byName:      <name lower>#<id>                      order[name]
 *  - gsi11  byDevEui:    <DEVEUI>#<id>                          order[devEui]
 *  - gsi12  byActivationDate: <ISO date>#<id>                   order[activationDate]
 *  - gsi13  byModel:     <model lower>#<id>                     order[model]
 *  - gsi14  byDueTime:   T#<t>#DEVICE#DUE / <ISO due>#<id>       the silent-tag job (sparse, keys only; devices/connectivity.ts)
 *  - gsi15  byConnectivity: <rank>#<id>                        order[connectivity] (keys only: the page is fetched by key)
 * The platform-wide DEVEUI -> tenant/device lookup of the event pipeline is the DEVEUI claim item
 * (dev-eui-claims.ts), one strongly consistent GetItem, so no index is spent on it.
 */
export function deviceSortKeys(device: DeviceRecord): Record<keyof typeof DEVICE_SORT_INDEXES, string> {
  return {
    batteryLevelLow: indexSortKey(device.battery_level_low ? '1' : '0', device.id),
    'asset.name': device.asset
      ? `${DEVICE_WITH_ASSET_PREFIX}${indexSortKey(text(device.asset.name), device.id)}`
      : `${DEVICE_NO_ASSET_PREFIX}${pad(device.id)}`,
    name: indexSortKey(text(device.name), device.id),
    devEui: indexSortKey(normalizeDevEui(device.dev_eui), device.id),
    activationDate: indexSortKey(device.activation_date ?? '', device.id),
    model: indexSortKey(text(device.model), device.id),
  };
}

/**
 * order[connectivity]: the stored state's rank (online, late, silent, never) then the id, in a
 * keys-only index of its own. Every writer of `connectivity` sets it with the state: the device's own writes
 * (never), the processor when an uplink brings a device back online, the silent-tag job's moves; the common
 * path (online again) leaves it.
 */
export const DEVICE_CONNECTIVITY_INDEX = ACCESS_PATTERNS.devicesByConnectivity;

export const connectivityIndexKeys = (ctx: TenantContext, device: Pick<DeviceRecord, 'id' | 'connectivity'>) => ({
  [`${DEVICE_CONNECTIVITY_INDEX}pk`]: devicePartition(ctx),
  [`${DEVICE_CONNECTIVITY_INDEX}sk`]: indexSortKey(
    String(CONNECTIVITY_RANK[device.connectivity ?? 'never']),
    device.id,
  ),
});

/** The list index keys (gsi8…gsi13, gsi15) of a device. */
export function deviceListKeys(ctx: TenantContext, device: DeviceRecord): Record<string, string> {
  const sortKeys = deviceSortKeys(device);
  const keys: Record<string, string> = { ...connectivityIndexKeys(ctx, device) };
  for (const [field, index] of Object.entries(DEVICE_SORT_INDEXES)) {
    keys[`${index}pk`] = devicePartition(ctx);
    keys[`${index}sk`] = sortKeys[field as keyof typeof sortKeys];
  }
  return keys;
}

export const deviceRepository = createRepository<DeviceRecord>({
  type: 'DEVICE',
  // The silent-tag job's due index (sparse): only online and late devices, keyed on when they next change.
  indexKeys: (ctx, device) => ({ ...deviceListKeys(ctx, device), ...dueKeysOf(ctx, device) }),
});

/**
 * System lookup for the event pipeline: which tenant and device a DEVEUI belongs to, through the DEVEUI's
 * claim (written with the device in one transaction) and then the device itself: two GetItems. Never call it
 * with a DEVEUI from a request to reach another tenant's data.
 */
export async function findDeviceByDevEui(
  devEui: string,
): Promise<{ tenantId: string; device: DeviceRecord } | undefined> {
  const claim = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: devEuiClaimKey(devEui), ConsistentRead: true }),
  );
  if (!claim.Item) return undefined;
  const tenantId = String(claim.Item.tenantId);
  const result = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: { pk: `T#${tenantId}#DEVICE`, sk: itemSortKey('DEVICE', Number(claim.Item.deviceId)) },
    }),
  );
  if (!result.Item) return undefined;
  return { tenantId, device: fromItem<DeviceRecord>(result.Item) };
}

const allowedDevice = allowListOf(deviceSchema);

/** asset_since (when the device joined its asset) and the connectivity times stay on the record. */
export const toApiDevice = (device: DeviceRecord): Device =>
  allowedDevice({
    '@id': `/api/devices/${device.id}`,
    '@type': 'Device',
    ...device,
    connectivity: device.connectivity ?? 'never',
  });

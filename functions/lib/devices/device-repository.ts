import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { type Device, normalizeDevEui } from '../../../shared/schemas/device';
import { dynamo, tableName } from '../data/client';
import { indexSortKey, pad, typePartition } from '../data/keys';
import { createRepository, fromItem } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';

/** A device (tracking tag) as stored: the API shape without its JSON-LD keys; the asset's name is copied in. */
export type DeviceRecord = Omit<Device, '@id' | '@type'>;

const text = (value: string | null | undefined) => (value ?? '').toLowerCase().slice(0, 200);

export const devicePartition = (ctx: TenantContext) => typePartition(ctx, 'DEVICE');
/** gsi6 partition: global, because an uplink names only its DEVEUI and the tenant is what we look up. */
export const devEuiPartition = (devEui: string) => `DEVEUI#${normalizeDevEui(devEui)}`;

/** gsi1 sort key prefixes: the devices of one asset, of any asset, or of none. */
export const DEVICE_ASSET_PREFIX = 'ASSET#';
export const DEVICE_NO_ASSET_PREFIX = 'NOASSET#';
export const devicesOfAssetPrefix = (assetId: number) => `${DEVICE_ASSET_PREFIX}${pad(assetId)}#`;

/**
 * Sort field (API name, spec 000 s.9) -> the index that keeps devices in that order. model and batteryLevelLow
 * have no index left (gsi1 and gsi6 serve lookups): sort those in memory over the tenant's device partition.
 */
export const DEVICE_SORT_INDEXES = {
  'asset.name': 'gsi2',
  name: 'gsi3',
  devEui: 'gsi4',
  activationDate: 'gsi5',
} as const;

/**
 * Devices (spec 000 /devices).
 *  - table  pk T#<t>#DEVICE, sk DEVICE#<id>                    list by id, get by id
 *  - gsi1   byAsset: T#<t>#DEVICE / ASSET#<assetId>#<id> | NOASSET#<id>
 *           devices of one asset (begins_with ASSET#<assetId>#), asset[exists]=true|false (begins_with)
 *  - gsi2   byAssetName: T#<t>#DEVICE / <asset name lower>#<id>  order[asset.name]
 *  - gsi3   byName:      T#<t>#DEVICE / <name lower>#<id>        order[name]
 *  - gsi4   byDevEui:    T#<t>#DEVICE / <DEVEUI>#<id>            order[devEui], DEVEUI prefix search in a tenant
 *  - gsi5   byActivationDate: T#<t>#DEVICE / <ISO date>#<id>     order[activationDate]
 *  - gsi6   byDevEuiGlobal: DEVEUI#<DEVEUI> / T#<t>              uplink -> tenant + device (event pipeline),
 *           and the global uniqueness check of a new DEVEUI. Not tenant-prefixed on purpose; only system code
 *           (findDeviceByDevEui below) reads it.
 */
export const deviceRepository = createRepository<DeviceRecord>({
  type: 'DEVICE',
  indexKeys: (ctx, device) => {
    const partition = devicePartition(ctx);
    const devEui = normalizeDevEui(device.dev_eui);
    return {
      gsi1pk: partition,
      gsi1sk: device.asset
        ? `${devicesOfAssetPrefix(device.asset.id)}${pad(device.id)}`
        : `${DEVICE_NO_ASSET_PREFIX}${pad(device.id)}`,
      gsi2pk: partition,
      gsi2sk: indexSortKey(text(device.asset?.name), device.id),
      gsi3pk: partition,
      gsi3sk: indexSortKey(text(device.name), device.id),
      gsi4pk: partition,
      gsi4sk: indexSortKey(devEui, device.id),
      gsi5pk: partition,
      gsi5sk: indexSortKey(device.activation_date ?? '', device.id),
      gsi6pk: devEuiPartition(devEui),
      gsi6sk: `T#${ctx.tenantId}`,
    };
  },
});

/** The devices attached to one asset (one Query on gsi1). */
export async function devicesOfAsset(ctx: TenantContext, assetId: number): Promise<DeviceRecord[]> {
  const devices: DeviceRecord[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const result = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
        ExpressionAttributeValues: { ':pk': devicePartition(ctx), ':prefix': devicesOfAssetPrefix(assetId) },
        ExclusiveStartKey: startKey,
      }),
    );
    devices.push(...(result.Items ?? []).map((item) => fromItem<DeviceRecord>(item)));
    startKey = result.LastEvaluatedKey;
  } while (startKey);
  return devices;
}

/**
 * System lookup for the event pipeline: which tenant and device a DEVEUI belongs to. Also answers whether a
 * DEVEUI is taken in any tenant. Never call it with a DEVEUI from a request to reach another tenant's data.
 */
export async function findDeviceByDevEui(
  devEui: string,
): Promise<{ tenantId: string; device: DeviceRecord } | undefined> {
  const result = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi6',
      KeyConditionExpression: 'gsi6pk = :pk',
      ExpressionAttributeValues: { ':pk': devEuiPartition(devEui) },
      Limit: 1,
    }),
  );
  const item = result.Items?.[0];
  if (!item) return undefined;
  return { tenantId: String(item.tenantId), device: fromItem<DeviceRecord>(item) };
}

export const toApiDevice = (device: DeviceRecord): Device => ({
  '@id': `/api/devices/${device.id}`,
  '@type': 'Device',
  ...device,
});

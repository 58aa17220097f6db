import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../data/client';
import { itemKey } from '../../data/keys';
import { fromItem } from '../../data/repository';
import { systemTenantContext } from '../../data/system-context';
import type { TenantContext } from '../../data/tenant-context';
import { type DueKey, dueKeyOf } from '../../devices/connectivity';
import { devEuiClaimKey } from '../../devices/dev-eui-claims';
import type { DeviceRecord } from '../../devices/device-repository';
import type { PipelineAsset } from './uplink-effects';

/**
 * The batch's reads (one batched read of the devices and their assets): the DEVEUI claims name
 * tenant and device, then the devices, then their assets, each one BatchGetItem of up to 100 keys (a batch
 * holds at most 10 uplinks). Three round trips, since each read's keys come from the one before.
 */
export interface LoadedDevice {
  ctx: TenantContext;
  device: DeviceRecord;
  /** Where the device's due entry is keyed (devices/connectivity.ts): the processor leaves it still when it can. */
  dueKey?: DueKey;
  asset?: PipelineAsset;
}

const MAX_ATTEMPTS = 8;

async function batchGet(keys: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  const table = tableName();
  for (let start = 0; start < keys.length; start += 100) {
    let pending = keys.slice(start, start + 100);
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt >= MAX_ATTEMPTS) throw new Error(`${pending.length} keys stayed unprocessed`);
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** attempt));
      const result = await dynamo().send(new BatchGetCommand({ RequestItems: { [table]: { Keys: pending } } }));
      found.push(...(result.Responses?.[table] ?? []));
      pending = (result.UnprocessedKeys?.[table]?.Keys ?? []) as Record<string, unknown>[];
    }
  }
  return found;
}

const keyOf = (item: Record<string, unknown>) => `${item.pk}|${item.sk}`;

/** DEVEUI -> its device and asset; an unknown DEVEUI (or a claim whose device is gone) is absent. */
export async function loadDevices(devEuis: readonly string[]): Promise<Map<string, LoadedDevice>> {
  const loaded = new Map<string, LoadedDevice>();
  const unique = [...new Set(devEuis)];
  if (unique.length === 0) return loaded;
  const claims = await batchGet(unique.map(devEuiClaimKey));
  const owners = claims.map((claim) => ({
    devEui: String(claim.pk).slice('DEVEUI#'.length),
    ctx: systemTenantContext(String(claim.tenantId)),
    deviceId: Number(claim.deviceId),
  }));
  const deviceKeys = owners.map((owner) => itemKey(owner.ctx, 'DEVICE', owner.deviceId));
  const devices = new Map((await batchGet(deviceKeys)).map((item) => [keyOf(item), item]));
  for (const owner of owners) {
    const item = devices.get(keyOf(itemKey(owner.ctx, 'DEVICE', owner.deviceId)));
    if (item)
      loaded.set(owner.devEui, { ctx: owner.ctx, device: fromItem<DeviceRecord>(item), dueKey: dueKeyOf(item) });
  }
  const withAsset = [...loaded.values()].filter((entry) => entry.device.asset);
  const assetKeys = withAsset.map((entry) => itemKey(entry.ctx, 'ASSET', entry.device.asset?.id as number));
  const distinctAssetKeys = [...new Map(assetKeys.map((key) => [keyOf(key), key])).values()];
  // One object per asset: two of its devices in one batch see each other's changes.
  const assets = new Map(
    (await batchGet(distinctAssetKeys)).map((item) => [keyOf(item), fromItem<PipelineAsset>(item)]),
  );
  withAsset.forEach((entry, i) => {
    entry.asset = assets.get(keyOf(assetKeys[i] as Record<string, string>));
  });
  return loaded;
}

import type { DeviceSummary } from '../../../shared/schemas/device';
import type { TenantContext } from '../data/tenant-context';
import type { TransactItem } from '../data/transaction';
import { counterWrites, flagDelta, flagsOf, sumDeltas } from '../devices/device-flag-counts';
import { assetSinceAfter, type DeviceRecord, deviceRepository } from '../devices/device-repository';
import { withStateAfterEdit } from '../loan-days/loan-day-state';
import { type AssetRecord, assetRepository } from './asset-repository';

/**
 * Both sides of the asset/device link (asset.devices summaries, device.asset) as transaction items.
 * A TransactWriteItems holds at most 100 actions, and an asset may have hundreds of devices. When an
 * asset write's items do not fit, its device links are written first in steps (`linkInSteps`): each step is one
 * transaction of the asset (its summaries moved on by that step's devices, version + 1) with up to
 * STEP_DEVICES devices and the assets those devices leave, so after every step both sides agree. The asset
 * write itself follows as the last transaction. A conflict in a step answers 409 with a consistent state (the
 * devices linked so far are linked on both sides); the request can be sent again.
 */
/** Per step: the asset, up to 40 devices and at most one previous owner each: at most 81 actions. */
export const STEP_DEVICES = 40;

type AssetRef = DeviceRecord['asset'];

export const deviceSummary = (device: DeviceRecord): DeviceSummary => ({
  id: device.id,
  name: device.name,
  dev_eui: device.dev_eui,
  is_sabotaged: device.is_sabotaged,
  battery_level_low: device.battery_level_low,
  // The silent-tag job's mark (devices/silent-tags.ts); only a silent tag carries it.
  ...(device.connectivity === 'silent' ? { is_silent: true } : {}),
});

/** The device's new link as an UpdateItem of what it changes (asset, asset_since), at the version read. */
export const putDevice = (ctx: TenantContext, device: DeviceRecord, asset: AssetRef): TransactItem => ({
  Update: deviceRepository.updateOf(ctx, device, {
    ...device,
    asset,
    asset_since: assetSinceAfter(device, asset),
    version: device.version + 1,
  }),
});

/**
 * `after` written over `before` (the asset as stored at its version) as an UpdateItem of the changed
 * attributes only, so the pipeline's position, battery and zone state written meanwhile stay (entity-update.ts).
 */
export const putAssetAt = (ctx: TenantContext, before: AssetRecord, after: AssetRecord): TransactItem => ({
  Update: assetRepository.updateOf(ctx, before, after),
});

/** One device's new link: `ref` is this asset (joins or renamed) or null (leaves). */
export interface LinkChange {
  device: DeviceRecord;
  ref: AssetRef;
}

/**
 * The device link changes of an asset write: devices that join point to the asset (and leave the asset they
 * had), devices that leave point to none, and a rename reaches them all.
 */
export async function planDeviceLinks(
  ctx: TenantContext,
  asset: Pick<AssetRecord, 'id' | 'name'>,
  before: readonly DeviceSummary[],
  after: readonly DeviceRecord[] | undefined,
  renamed: boolean,
): Promise<LinkChange[]> {
  if (!after && !renamed) return [];
  const keptIds = new Set((after ?? []).map((device) => device.id));
  const ref = { id: asset.id, name: asset.name };
  const current =
    after ??
    (await Promise.all(before.map((d) => deviceRepository.get(ctx, d.id)))).filter(
      (device): device is DeviceRecord => device?.asset?.id === asset.id,
    );
  const changes: LinkChange[] = current
    .filter((device) => renamed || device.asset?.id !== asset.id)
    .map((device) => ({ device, ref }));
  if (after) {
    const leaving = await Promise.all(
      before.filter((d) => !keptIds.has(d.id)).map((d) => deviceRepository.get(ctx, d.id)),
    );
    for (const device of leaving) if (device?.asset?.id === asset.id) changes.push({ device, ref: null });
  }
  return changes;
}

/** The device puts and, for devices that join from another asset, that asset's summaries without them. */
export async function linkWrites(ctx: TenantContext, assetId: number, changes: LinkChange[]): Promise<TransactItem[]> {
  const owners = new Map<number, number[]>();
  for (const { device, ref } of changes) {
    const from = device.asset?.id;
    if (ref && from !== undefined && from !== assetId) owners.set(from, [...(owners.get(from) ?? []), device.id]);
  }
  const ownerWrites: TransactItem[] = [];
  for (const [ownerId, deviceIds] of owners) {
    const owner = await assetRepository.get(ctx, ownerId);
    if (!owner) continue;
    const devices = owner.devices.filter((d) => !deviceIds.includes(d.id));
    const next = withStateAfterEdit(owner, { ...owner, devices, version: owner.version + 1 });
    ownerWrites.push(putAssetAt(ctx, owner, next));
  }
  // The device list's asset[exists] count (device-flag-counts.ts) moves with the links, in the same transaction.
  const delta = sumDeltas(
    changes.map(({ device, ref }) => flagDelta(flagsOf(device), flagsOf({ ...device, asset: ref }))),
  );
  return [
    ...changes.map(({ device, ref }) => putDevice(ctx, device, ref)),
    ...ownerWrites,
    ...counterWrites(ctx, delta),
  ];
}

/** The asset's summaries after `changes`: leavers removed, joiners added in order, renamed ones kept. */
function summariesAfter(summaries: readonly DeviceSummary[], changes: LinkChange[]): DeviceSummary[] {
  const leaving = new Set(changes.filter((c) => !c.ref).map((c) => c.device.id));
  const kept = summaries.filter((s) => !leaving.has(s.id));
  const present = new Set(kept.map((s) => s.id));
  return [...kept, ...changes.filter((c) => c.ref && !present.has(c.device.id)).map((c) => deviceSummary(c.device))];
}

/**
 * Writes `changes` in steps of STEP_DEVICES next to `stored` (the asset as stored, at its version), each step
 * moving the asset's summaries on with its devices; answers the asset as stored after the last step.
 */
export async function linkInSteps(
  ctx: TenantContext,
  stored: AssetRecord,
  changes: LinkChange[],
  send: (items: TransactItem[], step: LinkChange[]) => Promise<void>,
): Promise<AssetRecord> {
  let asset = stored;
  for (let start = 0; start < changes.length; start += STEP_DEVICES) {
    const step = changes.slice(start, start + STEP_DEVICES);
    const next = { ...asset, devices: summariesAfter(asset.devices, step), version: asset.version + 1 };
    await send([putAssetAt(ctx, asset, next), ...(await linkWrites(ctx, asset.id, step))], step);
    asset = next;
  }
  return asset;
}

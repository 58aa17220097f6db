import type { Violation } from '../../../shared/errors';
import {
  BARCODE_NOT_CHANGEABLE,
  DEV_EUI_NOT_CHANGEABLE,
  DEV_EUI_TAKEN,
  DEV_EUI_UNAVAILABLE,
  DEVICE_ASSET_NOT_FOUND,
  type DeviceCreateInput,
  type DeviceUpdateInput,
  normalizeDevEui,
} from '../../../shared/schemas/device';
import { type AssetRecord, assetRepository } from '../assets/asset-repository';
import { deviceSummary } from '../assets/asset-writes';
import { tableName } from '../data/client';
import type { TenantContext } from '../data/tenant-context';
import { type TransactItem, withCondition } from '../data/transaction';
import { sendEntityTransaction } from '../data/write-transaction';
import { assertDeviceProfilesExist, profileUsageWrites } from '../device-profiles/device-profile-usage';
import { conflict, unprocessable } from '../http/errors';
import { liveAssetChanged, liveDeviceChanged } from '../live/publisher';
import { withStateAfterEdit } from '../loan-days/loan-day-state';
import { deviceGramWrites } from '../search/entity-texts';
import { claimHolder, devEuiClaimItem, devEuiClaimKey, standingOf } from './dev-eui-claims';
import { assertDevEuiProbesLeft, countRefusedDevEuis } from './dev-eui-probe-limit';
import { changedFlags, counterWrites, flagConditions, flagDelta, flagsOf } from './device-flag-counts';
import { assetSinceAfter, type DeviceRecord, deviceRepository } from './device-repository';

/**
 * Device writes (spec 000 /devices). Each is one transaction over the device, its DEVEUI claim (create and
 * delete), the device counter, and the asset summaries (asset.devices) of the asset it leaves and the one it
 * joins, every item conditioned on the version read: a concurrent change answers 409 and nothing is
 * half-written. The asset form keeps the same link from the other side (assets/asset-writes.ts).
 */
type AssetRef = DeviceRecord['asset'];

/**
 * The device's UpdateItem of a save with the list's flag counts (device-flag-counts.ts): a flag the save moves
 * (the asset link, the sabotage reset) moves its count in the same transaction, the device's write pinned to
 * the flag as read (the pipeline changes it without the version).
 */
function deviceUpdateWithCounts(ctx: TenantContext, current: DeviceRecord, saved: DeviceRecord): TransactItem[] {
  const before = flagsOf(current);
  const after = flagsOf(saved);
  const update = withCondition(
    deviceRepository.updateOf(ctx, current, saved),
    flagConditions(before, changedFlags(before, after)),
  );
  return [{ Update: update }, ...counterWrites(ctx, flagDelta(before, after))];
}

/** The asset's summaries (and the loan-day state they reset) as an UpdateItem at the version read (entity-update.ts). */
const putAsset = (ctx: TenantContext, asset: AssetRecord, devices: AssetRecord['devices']): TransactItem => ({
  // A tag attached or detached: the zone state and rest position of the tags before may reset.
  Update: assetRepository.updateOf(
    ctx,
    asset,
    withStateAfterEdit(asset, { ...asset, devices, version: asset.version + 1 }),
  ),
});

/** The device's asset reference (422 on `asset` for an id that is not in the tenant) and the asset read. */
async function resolveAsset(ctx: TenantContext, id: number | null | undefined) {
  if (!id) return { ref: null as AssetRef, asset: undefined };
  const asset = await assetRepository.get(ctx, id);
  if (!asset) throw unprocessable([{ propertyPath: 'asset', message: DEVICE_ASSET_NOT_FOUND }]);
  return { ref: { id: asset.id, name: asset.name }, asset };
}

/**
 * The device's summary in its asset after a save. The sabotage and battery flags are the pipeline's (it keeps
 * them in the summary too), so a flag the save did not change is taken from the asset as it is now, never from
 * the device as it was read: a report processed in between is not put back (docs/decisions/0242-versions-are-for-people-s-saves-tags-move-no-version.md).
 */
function summaryAfter(after: DeviceRecord, previous: DeviceRecord | undefined, stored: AssetRecord) {
  const summary = deviceSummary(after);
  const existing = stored.devices.find((d) => d.id === after.id);
  if (!previous || !existing) return summary;
  for (const flag of ['is_sabotaged', 'battery_level_low'] as const)
    if (after[flag] === previous[flag]) summary[flag] = existing[flag];
  // The silent mark is the job's and the pipeline's alone: kept as the asset holds it.
  if (existing.is_silent !== undefined) summary.is_silent = existing.is_silent;
  else delete summary.is_silent;
  return summary;
}

/**
 * The asset summary writes for device `deviceId` going from asset `before` to the device `after` (null: deleted):
 * the old asset loses its summary, the new one gains it, an unchanged one gets it refreshed. `previous` is the
 * device as read before a save.
 */
async function summaryWrites(
  ctx: TenantContext,
  deviceId: number,
  before: AssetRef,
  after: DeviceRecord | null,
  readAsset: (id: number) => Promise<AssetRecord | undefined>,
  previous?: DeviceRecord,
): Promise<TransactItem[]> {
  const writes: TransactItem[] = [];
  if (before && before.id !== after?.asset?.id) {
    const old = await readAsset(before.id);
    if (old)
      writes.push(
        putAsset(
          ctx,
          old,
          old.devices.filter((d) => d.id !== deviceId),
        ),
      );
  }
  if (after?.asset) {
    const target = await readAsset(after.asset.id);
    if (!target) throw unprocessable([{ propertyPath: 'asset', message: DEVICE_ASSET_NOT_FOUND }]);
    const others = target.devices.filter((d) => d.id !== deviceId);
    writes.push(putAsset(ctx, target, [...others, summaryAfter(after, previous, target)]));
  }
  return writes;
}

/**
 * Refuses a DEVEUI that is not free for this tenant: its own answers "already registered in your tenant";
 * another tenant's (or a reserved one) the neutral text, counted against the daily limit (429 beyond it).
 */
async function refuseTakenDevEui(ctx: TenantContext, devEui: string, holder: string | undefined): Promise<void> {
  const standing = standingOf(ctx, devEui, holder);
  if (standing === 'free') return;
  if (standing === 'unavailable') await countRefusedDevEuis(ctx, 1);
  const message = standing === 'own' ? DEV_EUI_TAKEN : DEV_EUI_UNAVAILABLE;
  throw unprocessable([{ propertyPath: 'dev_eui', message }]);
}

/** A holder that is no tenant id: "not this tenant", when the winner of a race is no longer known. */
const ANOTHER_TENANT = 'another tenant';

/** A cancelled create: a failed claim condition is a DEVEUI taken meanwhile (422), anything else 409. */
async function refusedCreate(ctx: TenantContext, devEui: string, claimFailed: boolean): Promise<Error> {
  // Whoever won the race holds it now; a claim gone again (a rolled-back import) was still not ours to take.
  if (claimFailed) await refuseTakenDevEui(ctx, devEui, (await claimHolder(devEui)) ?? ANOTHER_TENANT);
  return conflict();
}

/** A DEVEUI claimed in any tenant or reserved: a strongly consistent read of its claim, for a clear 422 before writing. */
async function assertDevEuiFree(ctx: TenantContext, devEui: string) {
  await assertDevEuiProbesLeft(ctx);
  await refuseTakenDevEui(ctx, devEui, await claimHolder(devEui));
}

/** POST /api/devices: the device, its DEVEUI claim, the counter and the asset's summary in one transaction. */
export async function createDevice(ctx: TenantContext, input: DeviceCreateInput): Promise<DeviceRecord> {
  const devEui = normalizeDevEui(input.dev_eui);
  const [{ ref, asset }] = await Promise.all([
    resolveAsset(ctx, input.asset),
    assertDevEuiFree(ctx, devEui),
    assertDeviceProfilesExist(ctx, input.device_profiles),
  ]);
  const id = await deviceRepository.nextId(ctx);
  const device: DeviceRecord = {
    id,
    version: 1,
    logical_id: null,
    name: input.name ?? null,
    model: input.model ?? null,
    notes: input.notes ?? null,
    dev_eui: devEui,
    barcode: input.barcode ?? null,
    asset: ref,
    asset_since: assetSinceAfter(undefined, ref),
    activation_date: input.activation_date ?? null,
    last_event: null,
    is_sabotaged: false,
    battery_level_low: false,
    device_profiles: input.device_profiles ?? [],
  };
  const summaries = await summaryWrites(ctx, id, null, device, async () => asset);
  const claim: TransactItem = {
    Put: {
      TableName: tableName(),
      Item: devEuiClaimItem(ctx, device),
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
  return deviceRepository.create(ctx, device, {
    id,
    // The new device's flags (an asset link) counted with it.
    counts: flagDelta(undefined, flagsOf(device)),
    alongside: [claim, ...summaries, ...profileUsageWrites(ctx, [], device.device_profiles)],
    grams: deviceGramWrites(ctx, id, undefined, device),
    cancelled: (failed) => refusedCreate(ctx, devEui, failed.includes(claim)),
  });
}

/** DEVEUI and barcode are set at creation only (spec 000 s.5): the same value may be sent back, no other. */
function assertCreateOnlyFields(current: DeviceRecord, input: DeviceUpdateInput) {
  const violations: Violation[] = [];
  if (input.dev_eui !== undefined && normalizeDevEui(input.dev_eui) !== normalizeDevEui(current.dev_eui)) {
    violations.push({ propertyPath: 'dev_eui', message: DEV_EUI_NOT_CHANGEABLE });
  }
  if (input.barcode !== undefined && (input.barcode ?? null) !== (current.barcode ?? null)) {
    violations.push({ propertyPath: 'barcode', message: BARCODE_NOT_CHANGEABLE });
  }
  if (violations.length) throw unprocessable(violations);
}

/** Writes `next` over `current` (same version check) with the asset summaries on both sides. */
async function replaceDevice(ctx: TenantContext, current: DeviceRecord, next: DeviceRecord): Promise<DeviceRecord> {
  const saved = {
    ...next,
    id: current.id,
    version: current.version + 1,
    asset_since: assetSinceAfter(current, next.asset),
  };
  const summaries = await summaryWrites(
    ctx,
    current.id,
    current.asset,
    saved,
    (id) => assetRepository.get(ctx, id),
    current,
  );
  await sendEntityTransaction(
    [
      // Only what the save changed: the pipeline's last event and flags written meanwhile stay.
      ...deviceUpdateWithCounts(ctx, current, saved),
      ...summaries,
      ...profileUsageWrites(ctx, current.device_profiles, saved.device_profiles),
    ],
    { grams: deviceGramWrites(ctx, current.id, current, saved), cancelled: () => conflict() },
  );
  // Best effort: a failed publish never fails the save (publisher.ts).
  await publishDeviceChange(ctx, current, saved).catch(() => undefined);
  return saved;
}

/**
 * Live push: the device's flags, and the markers of the assets on both sides (a flag or a link
 * changes an asset's map level), read after the write.
 */
async function publishDeviceChange(ctx: TenantContext, current: DeviceRecord, saved: DeviceRecord) {
  liveDeviceChanged(ctx, saved.id, saved.asset?.id ?? null);
  const assetIds = new Set([current.asset?.id, saved.asset?.id].filter((id): id is number => id !== undefined));
  for (const id of assetIds) {
    const asset = await assetRepository.get(ctx, id);
    if (asset) liveAssetChanged(ctx, undefined, asset);
  }
}

/** PUT /api/devices/{id} on the device as read (the caller checked the version the request names). */
export async function saveDevice(
  ctx: TenantContext,
  current: DeviceRecord,
  input: DeviceUpdateInput,
): Promise<DeviceRecord> {
  assertCreateOnlyFields(current, input);
  await assertDeviceProfilesExist(ctx, input.device_profiles);
  const { ref } = input.asset === undefined ? { ref: current.asset } : await resolveAsset(ctx, input.asset);
  const keep = <T>(value: T | undefined, fallback: T) => (value === undefined ? fallback : value);
  return replaceDevice(ctx, current, {
    ...current,
    name: keep(input.name, current.name),
    model: keep(input.model, current.model),
    notes: keep(input.notes, current.notes),
    activation_date: keep(input.activation_date, current.activation_date),
    device_profiles: keep(input.device_profiles, current.device_profiles),
    asset: ref,
  });
}

/** POST /api/devices/{id}/reset-sabotaged: the marker cleared on the device and on its asset's summary. */
export const resetSabotaged = (ctx: TenantContext, current: DeviceRecord) =>
  replaceDevice(ctx, current, { ...current, is_sabotaged: false });

/** DELETE /api/devices/{id}: the device, its claim (the DEVEUI is free again) and its asset summary. */
export async function deleteDevice(ctx: TenantContext, current: DeviceRecord): Promise<void> {
  const summaries = await summaryWrites(ctx, current.id, current.asset, null, (id) => assetRepository.get(ctx, id));
  const claimRelease: TransactItem = {
    // Only this device's own claim is freed (a claim of the same DEVEUI elsewhere is never touched).
    Delete: {
      TableName: tableName(),
      Key: devEuiClaimKey(current.dev_eui),
      ConditionExpression: 'attribute_not_exists(pk) OR (tenantId = :tenant AND deviceId = :device)',
      ExpressionAttributeValues: { ':tenant': ctx.tenantId, ':device': current.id },
    },
  };
  await deviceRepository.remove(ctx, current.id, current.version, {
    // Uncounted with the flags as read: a flag the pipeline or the silent-tag job flipped meanwhile answers 409.
    condition: flagConditions(flagsOf(current)),
    counts: flagDelta(flagsOf(current), undefined),
    alongside: [claimRelease, ...summaries, ...profileUsageWrites(ctx, current.device_profiles, [])],
    grams: deviceGramWrites(ctx, current.id, current, undefined),
    cancelled: () => conflict(),
  });
}

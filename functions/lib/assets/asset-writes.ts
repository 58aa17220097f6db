import type { Violation } from '../../../shared/errors';
import {
  CLIENT_NOT_FOUND,
  DEVICE_NOT_FOUND,
  GEO_ZONE_NOT_FOUND,
  STATUS_NOT_FOUND,
} from '../../../shared/schemas/asset';
import { type AssetStatusValue, STATUS_AFTER_CLIENT_CHANGE } from '../../../shared/schemas/asset-status';
import { planProfileAssignment } from '../asset-profiles/asset-profile-writes';
import { clientRepository } from '../clients/client-repository';
import type { TenantContext } from '../data/tenant-context';
import { TRANSACTION_MAX_ITEMS, type TransactItem } from '../data/transaction';
import { sendEntityTransaction } from '../data/write-transaction';
import { type DeviceRecord, deviceRepository } from '../devices/device-repository';
import { geoZoneLinkWrites } from '../geo-zones/geo-zone-asset-links';
import { geoZoneRepository } from '../geo-zones/geo-zone-repository';
import { conflict, unprocessable } from '../http/errors';
import { liveAssetChanged } from '../live/publisher';
import { withStateAfterEdit } from '../loan-days/loan-day-state';
import { pickupWrites } from '../pickups/pickup-items';
import { assetGramWrites, deviceGramWrites } from '../search/entity-texts';
import { type GramWrites, mergeGramWrites, NO_GRAM_WRITES } from '../search/gram-index';
import { removeTimer, syncTimer } from '../time-rules/timer-sync';
import {
  deviceSummary,
  type LinkChange,
  linkInSteps,
  linkWrites,
  planDeviceLinks,
  putAssetAt,
} from './asset-device-links';
import { type AssetRecord, assetRepository } from './asset-repository';
import { assetStatusRef, findAssetStatus } from './asset-status';
import { clientCountWrites } from './client-asset-count';

/**
 * Asset writes that touch more than the asset: references are resolved (unknown ids answer 422 on their
 * field), device summaries are copied into the asset, and each device's own link to its asset (device.asset,
 * its gsi1/gsi2 keys) changes in the same transaction, with every item conditioned on the version read, so a
 * concurrent change answers 409 and nothing is half-written. An asset with more devices than one transaction
 * holds (100 actions) links them in steps first, each consistent on both sides (asset-device-links.ts).
 */
export interface ReferenceInput {
  client?: number | null;
  geo_zone?: number | null;
  devices?: number[];
  status?: AssetStatusValue | null;
}

export interface ResolvedReferences {
  client?: AssetRecord['client'];
  geo_zone?: AssetRecord['geo_zone'];
  devices?: DeviceRecord[];
  status?: AssetRecord['status'];
}

export async function resolveReferences(ctx: TenantContext, input: ReferenceInput): Promise<ResolvedReferences> {
  const violations: Violation[] = [];
  const resolved: ResolvedReferences = {};
  const [client, zone, devices, status] = await Promise.all([
    input.client ? clientRepository.get(ctx, input.client) : undefined,
    input.geo_zone ? geoZoneRepository.get(ctx, input.geo_zone) : undefined,
    Promise.all((input.devices ?? []).map((id) => deviceRepository.get(ctx, id))),
    input.status ? findAssetStatus(ctx, input.status) : undefined,
  ]);
  if (input.client !== undefined) {
    if (input.client !== null && !client) violations.push({ propertyPath: 'client', message: CLIENT_NOT_FOUND });
    resolved.client = client ? { id: client.id, company: client.company ?? null } : null;
  }
  if (input.geo_zone !== undefined) {
    if (input.geo_zone !== null && !zone) violations.push({ propertyPath: 'geo_zone', message: GEO_ZONE_NOT_FOUND });
    resolved.geo_zone = zone ? { id: zone.id, name: zone.name ?? null } : null;
  }
  if (input.devices !== undefined) {
    devices.forEach((device, i) => {
      if (!device) violations.push({ propertyPath: `devices[${i}]`, message: DEVICE_NOT_FOUND });
    });
    resolved.devices = devices.filter((device): device is DeviceRecord => device !== undefined);
  }
  if (input.status !== undefined) {
    if (input.status !== null && !status) violations.push({ propertyPath: 'status', message: STATUS_NOT_FOUND });
    resolved.status = status ? assetStatusRef(status) : null;
  }
  if (violations.length) throw unprocessable(violations);
  return resolved;
}

/** Kept here for the device side (device-writes.ts), which imports it from the asset writes. */
export { deviceSummary };

/**
 * The asset with the resolved references applied. Choosing another customer (spec 000 s.4) puts the status
 * back to `registered`, whatever status the form sent along, and stamps `client_since` (where that customer's
 * users' view of the asset's history starts).
 */
export async function applyReferences(
  ctx: TenantContext,
  asset: Omit<AssetRecord, 'id' | 'version'> & { id?: number },
  refs: ResolvedReferences,
): Promise<Omit<AssetRecord, 'id' | 'version'>> {
  const next = { ...asset };
  if (refs.geo_zone !== undefined) next.geo_zone = refs.geo_zone;
  if (refs.devices !== undefined) next.devices = refs.devices.map(deviceSummary);
  if (refs.status !== undefined) next.status = refs.status;
  if (refs.client !== undefined) {
    const changed = refs.client !== null && refs.client.id !== asset.client?.id;
    if (refs.client?.id !== asset.client?.id) next.client_since = refs.client ? new Date().toISOString() : null;
    next.client = refs.client;
    if (changed) {
      const registered = await findAssetStatus(ctx, STATUS_AFTER_CLIENT_CHANGE);
      next.status = registered ? assetStatusRef(registered) : next.status;
    }
  }
  return next;
}

/**
 * Runs the transaction with the search index changes it carries (search/gram-writes.ts: in the same
 * transaction when they fit, else around it, the index staying a superset); a cancellation answers 409.
 */
const transact = (items: TransactItem[], grams: GramWrites = NO_GRAM_WRITES) =>
  sendEntityTransaction(items, { grams, cancelled: () => conflict() });

/** The search index changes of devices whose asset link changes (their text holds the asset's name). */
const linkGrams = (ctx: TenantContext, changes: readonly LinkChange[]) =>
  mergeGramWrites(
    ...changes.map(({ device, ref }) =>
      deviceGramWrites(ctx, device.id, device, { ...device, asset: ref, version: device.version + 1 }),
    ),
  );

/** Creates the asset (counted, as repository.create does) and links its devices. */
export async function createAsset(
  ctx: TenantContext,
  data: Omit<AssetRecord, 'id' | 'version'>,
  devices: readonly DeviceRecord[] | undefined,
  profileDefinitionIds?: number[],
  by: number | null = null,
): Promise<AssetRecord> {
  const id = await assetRepository.nextId(ctx);
  const allocated = { ...data, createdAt: new Date().toISOString(), id, version: 1 } as AssetRecord;
  const { asset, writes: profileWrites } = await withProfiles(ctx, allocated, profileDefinitionIds);
  const changes = await planDeviceLinks(ctx, asset, [], devices ?? [], false);
  const links = await linkWrites(ctx, asset.id, changes);
  const others = [
    ...profileWrites,
    ...(await geoZoneLinkWrites(ctx, asset.id, null, asset.geo_zone)),
    // Created as reported empty: it waits for a pickup from now.
    ...pickupWrites(ctx, undefined, asset, { at: new Date().toISOString(), by }),
    ...clientCountWrites(ctx, undefined, asset),
  ];
  const fits = 2 + others.length + links.length <= TRANSACTION_MAX_ITEMS;
  // Too many devices for one transaction: the asset is created without them, then they join in steps.
  const joining = new Set(changes.map((change) => change.device.id));
  const created = fits ? asset : { ...asset, devices: asset.devices.filter((d) => !joining.has(d.id)) };
  await assetRepository.create(ctx, created, {
    id: asset.id,
    // The zone's asset count and link (a zone still counted cannot be deleted; its rename reaches the asset).
    alongside: [...(fits ? links : []), ...others],
    grams: mergeGramWrites(
      assetGramWrites(ctx, asset.id, undefined, created),
      fits ? linkGrams(ctx, changes) : NO_GRAM_WRITES,
    ),
    cancelled: () => conflict(),
  });
  if (fits) {
    liveAssetChanged(ctx, undefined, asset);
    await syncTimer(ctx, undefined, asset, new Date().toISOString());
    return asset;
  }
  const linked = await linkInSteps(ctx, created, changes, (items, step) => transact(items, linkGrams(ctx, step)));
  // The summaries in the order the form gave them, as a single transaction would have written them.
  const final = { ...asset, version: linked.version + 1 };
  await transact([putAssetAt(ctx, linked, final)]);
  liveAssetChanged(ctx, undefined, final);
  await syncTimer(ctx, undefined, final, new Date().toISOString());
  return final;
}

/** The profile assignment of an asset form (spec 000 s.2 "Asset profiles" multi-select), in the same transaction. */
const withProfiles = (ctx: TenantContext, asset: AssetRecord, definitionIds: number[] | undefined) =>
  definitionIds === undefined
    ? Promise.resolve({ asset, writes: [] })
    : planProfileAssignment(ctx, asset, definitionIds);

/** Replaces the asset if it is still at `current.version`, together with its device links. */
export async function saveAsset(
  ctx: TenantContext,
  current: AssetRecord,
  data: Omit<AssetRecord, 'id' | 'version'>,
  devices: readonly DeviceRecord[] | undefined,
  profileDefinitionIds?: number[],
  by: number | null = null,
): Promise<AssetRecord> {
  // A new zone or no tag left resets the zone state and rest position (loan-day-state.ts).
  const changed = withStateAfterEdit(current, { ...data, id: current.id, version: current.version + 1 } as AssetRecord);
  const { asset: next, writes: profileWrites } = await withProfiles(ctx, changed, profileDefinitionIds);
  const changes = await planDeviceLinks(ctx, next, current.devices, devices, next.name !== current.name);
  const links = await linkWrites(ctx, next.id, changes);
  const others = [
    ...profileWrites,
    ...(await geoZoneLinkWrites(ctx, next.id, current.geo_zone, next.geo_zone)),
    // A status or customer change may start or end a pickup wait: in the same transaction.
    ...pickupWrites(ctx, current, next, { at: new Date().toISOString(), by }),
    // The customers' asset counts (client-asset-count.ts) when the asset changes customer.
    ...clientCountWrites(ctx, current, next),
  ];
  const fits = 1 + others.length + links.length <= TRANSACTION_MAX_ITEMS;
  // Too many devices for one transaction: they move in steps first, the asset's own change comes last.
  const stored = fits
    ? current
    : await linkInSteps(ctx, current, changes, (items, step) => transact(items, linkGrams(ctx, step)));
  const saved = { ...next, version: stored.version + 1 };
  // The search index only when the searched text changes (entity-texts.ts), only the grams that changed.
  await transact(
    [putAssetAt(ctx, stored, saved), ...(fits ? links : []), ...others],
    mergeGramWrites(assetGramWrites(ctx, saved.id, current, saved), fits ? linkGrams(ctx, changes) : NO_GRAM_WRITES),
  );
  // The customer may have changed: the old customer's channel hears `removed` (publisher.ts).
  liveAssetChanged(ctx, current, saved);
  // Time rules: a new scheduled date or zone, or tags gone, moves or ends the asset's conditions.
  await syncTimer(ctx, current, saved, new Date().toISOString());
  return saved;
}

/** Deletes the asset (uncounted) and detaches its devices (in steps first when they are many). */
export async function deleteAsset(ctx: TenantContext, current: AssetRecord): Promise<void> {
  const devices = (await Promise.all(current.devices.map((d) => deviceRepository.get(ctx, d.id)))).filter(
    (device): device is DeviceRecord => device?.asset?.id === current.id,
  );
  const changes = devices.map((device) => ({ device, ref: null }));
  const others = [
    ...(await geoZoneLinkWrites(ctx, current.id, current.geo_zone, null)),
    ...pickupWrites(ctx, current, undefined, { at: new Date().toISOString(), by: null }),
    ...clientCountWrites(ctx, current, undefined),
  ];
  // The asset, its count and the device list's asset count (linkWrites); then the devices.
  const fits = 3 + others.length + changes.length <= TRANSACTION_MAX_ITEMS;
  const stored = fits
    ? current
    : await linkInSteps(ctx, current, changes, (items, step) => transact(items, linkGrams(ctx, step)));
  await assetRepository.remove(ctx, current.id, stored.version, {
    alongside: [...(fits ? await linkWrites(ctx, current.id, changes) : []), ...others],
    grams: mergeGramWrites(
      assetGramWrites(ctx, current.id, current, undefined),
      fits ? linkGrams(ctx, changes) : NO_GRAM_WRITES,
    ),
    cancelled: () => conflict(),
  });
  liveAssetChanged(ctx, current, undefined);
  await removeTimer(ctx, current, new Date().toISOString());
}

import type { Asset } from '@shared/schemas/asset';
import type { PhonePosition } from '@shared/schemas/report-check';
import { api } from '../api/apiClient';
import { uploadAttachmentFile } from '../attachments/attachmentUploads';
import type { QueuedAction } from '../offline/offlineDb';
import { enqueueAction } from '../offline/offlineQueue';

/**
 * What the scan screen does, as plain data (docs/decisions/0329). A report and a depot check-in / check-out go
 * through the device's queue (docs/decisions/0330): kept with the version they were made on, sent now or when
 * the connection returns, once (their routes take an Idempotency-Key), a change made meanwhile asked about.
 */
type ScannedAsset = Pick<Asset, 'id' | 'name' | 'version' | 'client' | 'status'>;

export type QueuedScanAction =
  | {
      kind: 'report';
      report: 'delivered' | 'empty';
      asset: ScannedAsset;
      phonePosition: PhonePosition | null;
      /** Already shrunk (shrinkPhoto.ts); uploaded as an attachment of the asset before the report is queued. */
      photo: File | null;
    }
  | {
      kind: 'depot';
      direction: 'checkIn' | 'checkOut';
      asset: ScannedAsset;
      /** The customer the asset leaves the depot for (its id and name); a check-in clears it. */
      client: { id: number; name: string } | null;
    };

/** A photo needs the network: it is not kept on the device, so a report with one is refused offline. */
export class PhotoNeedsConnection extends Error {}

const REPORT_ROUTE = { delivered: 'delivered', empty: 'deregister' } as const;

const seenOf = (asset: ScannedAsset) => ({
  name: asset.name,
  client: asset.client?.company ?? '',
  status: asset.status?.status ?? '',
});

/**
 * The photo is the asset's own write, which moves its version: the report goes on the version after it, unless
 * what the report is about (name, customer, status) changed meanwhile too, when the version seen stays so the
 * change is asked about.
 */
async function versionAfterPhoto(asset: ScannedAsset): Promise<number> {
  const now = await api.get<Asset>(`/api/assets/${asset.id}`);
  return JSON.stringify(seenOf(now)) === JSON.stringify(seenOf(asset)) ? now.version : asset.version;
}

/**
 * Queues one action; resolves once it is kept on the device. A report's photo is uploaded first and only
 * online: a failed upload queues no report. A depot check-out hands the asset to a customer as a new loan
 * (Open); a check-in takes it back (Stopped, no customer). Both are the asset's own update on its version.
 */
export async function queueScanAction(action: QueuedScanAction): Promise<QueuedAction> {
  const { asset } = action;
  const common = { version: asset.version, assetId: asset.id, subject: asset.name, seen: seenOf(asset) };
  if (action.kind === 'report') {
    let version = asset.version;
    if (action.photo) {
      if (!navigator.onLine) throw new PhotoNeedsConnection();
      await uploadAttachmentFile(asset.id, action.photo, () => undefined);
      version = await versionAfterPhoto(asset);
    }
    const route = REPORT_ROUTE[action.report];
    return enqueueAction({
      ...common,
      version,
      route: `assets.${route}`,
      path: `/api/assets/${asset.id}/${route}`,
      body: action.phonePosition ? { phone_position: action.phonePosition } : {},
    });
  }
  const checkOut = action.direction === 'checkOut';
  const status = checkOut ? 'registered' : 'deregistered';
  return enqueueAction({
    ...common,
    route: 'assets.update',
    kind: action.direction,
    path: `/api/assets/${asset.id}`,
    body: { name: asset.name, client: checkOut ? (action.client?.id ?? null) : null, status },
    made: { client: checkOut ? (action.client?.name ?? '') : '', status },
  });
}

/**
 * "Link a tag": the asset's update with the tag added to its devices, sent at once (the tag was just looked up
 * over the network, so there is no offline case to keep).
 */
export function linkTag(asset: Pick<Asset, 'id' | 'name' | 'version' | 'devices'>, deviceId: number) {
  const devices = [...new Set([...asset.devices.map((device) => device.id), deviceId])];
  return api.put<Asset>(`/api/assets/${asset.id}`, { name: asset.name, version: asset.version, devices });
}

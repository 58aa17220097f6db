import type { Violation } from '../../../shared/errors';
import { LABEL_ITEM_NOT_FOUND } from '../../../shared/schemas/labels';
import type { AssetRecord } from '../assets/asset-repository';
import { type AssetViewer, canSeeAsset } from '../assets/asset-view';
import { batchGetByIds } from '../data/batch-get';
import { fromItem } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';
import type { DeviceRecord } from '../devices/device-repository';
import { unprocessable } from '../http/errors';
import type { Label } from './label-pdf';

/** Code 128 encodes ASCII: a reference with other characters is printed as text, the barcode carries the id. */
const BARCODE_TEXT = /^[\x20-\x7e]{1,48}$/;

/** The console's address the QR codes open (the one the API stack gives every handler). */
export function consoleOrigin(): string {
  const origin = process.env.CONSOLE_ORIGIN?.trim().replace(/\/$/, '');
  if (!origin) throw new Error('CONSOLE_ORIGIN is not set');
  return origin;
}

/**
 * The items of the ids in the order asked, or 422 naming the ids not found. An id of another tenant, or of
 * another customer for a client user, is "not found" like an id that never existed: the answer only repeats
 * what the caller sent.
 */
async function itemsOf<T extends { id: number }>(
  ctx: TenantContext,
  type: string,
  ids: readonly number[],
  visible: (item: T) => boolean,
): Promise<T[]> {
  const found = new Map<number, T>();
  // BatchGetItem refuses a key twice; the labels keep the ids as given.
  for (const raw of await batchGetByIds(ctx, type, [...new Set(ids)])) {
    const item = fromItem<T>(raw);
    if (visible(item)) found.set(item.id, item);
  }
  const missing: Violation[] = ids.flatMap((id, i) =>
    found.has(id) ? [] : [{ propertyPath: `ids[${i}]`, message: LABEL_ITEM_NOT_FOUND }],
  );
  if (missing.length > 0) throw unprocessable(missing);
  return ids.map((id) => found.get(id) as T);
}

export async function assetLabels(ctx: TenantContext, viewer: AssetViewer, ids: readonly number[]): Promise<Label[]> {
  const origin = consoleOrigin();
  const assets = await itemsOf<AssetRecord>(ctx, 'ASSET', ids, (asset) => canSeeAsset(viewer, asset));
  return assets.map((asset) => ({
    url: `${origin}/assets/${asset.id}`,
    barcode: asset.reference && BARCODE_TEXT.test(asset.reference) ? asset.reference : String(asset.id),
    title: asset.name,
    subtitle: asset.reference ?? `#${asset.id}`,
  }));
}

export async function deviceLabels(ctx: TenantContext, ids: readonly number[]): Promise<Label[]> {
  const origin = consoleOrigin();
  const devices = await itemsOf<DeviceRecord>(ctx, 'DEVICE', ids, () => true);
  return devices.map((device) => ({
    url: `${origin}/devices/${device.id}`,
    barcode: device.dev_eui,
    title: device.name ?? device.dev_eui,
    subtitle: `DevEUI ${device.dev_eui}`,
  }));
}

import { normalizeDevEui } from '../../../shared/schemas/device';
import type { AssetRecord } from '../assets/asset-repository';
import { itemKey } from '../data/keys';
import type { TenantContext } from '../data/tenant-context';
import type { DeviceRecord } from '../devices/device-repository';
import { type GramWrites, gramWrites, NO_GRAM_WRITES } from './gram-index';
import { searchableText } from './grams';

/**
 * What each entity's search matches, as indexed text (the same fields as asset-query.ts `matchesFilters` and
 * device-query.ts `matchesDeviceFilters`): an asset's name and reference; a device's DEVEUI (without
 * separators, as the search compares it; first, so a DEVEUI spelling's match is known by its position), name,
 * model, barcode and asset name.
 */
export type AssetText = Pick<AssetRecord, 'name' | 'reference'>;
export type DeviceText = Pick<DeviceRecord, 'name' | 'model' | 'barcode' | 'asset' | 'dev_eui'>;

export const assetSearchText = (asset: AssetText) => searchableText([asset.name, asset.reference]);

/** A DEVEUI is 16 characters (DEV_EUI_PATTERN); the index keeps no more, so its matches end by this position. */
export const DEV_EUI_INDEXED_LENGTH = 16;

export const deviceSearchText = (device: DeviceText) =>
  searchableText([
    normalizeDevEui(device.dev_eui ?? '').slice(0, DEV_EUI_INDEXED_LENGTH),
    device.name,
    device.model,
    device.barcode,
    device.asset?.name,
  ]);

/** Items' texts for bulk loads (postingItems). */
export const searchTexts = <T extends { id: number }>(items: Iterable<T>, text: (item: T) => string) =>
  Array.from(items, (item) => ({ id: item.id, text: text(item) }));

/** The index writes of an asset going from `before` to `after` (undefined: created or deleted). */
export function assetGramWrites(
  ctx: TenantContext,
  id: number,
  before: AssetText | undefined,
  after: (AssetText & { version: number }) | undefined,
): GramWrites {
  const text = { before: before && assetSearchText(before), after: after && assetSearchText(after) };
  if (text.before === text.after) return NO_GRAM_WRITES;
  return gramWrites(ctx, 'ASSET', id, text, { key: itemKey(ctx, 'ASSET', id), version: after?.version });
}

/** The index writes of a device going from `before` to `after` (undefined: created or deleted). */
export function deviceGramWrites(
  ctx: TenantContext,
  id: number,
  before: DeviceText | undefined,
  after: (DeviceText & { version: number }) | undefined,
): GramWrites {
  const text = { before: before && deviceSearchText(before), after: after && deviceSearchText(after) };
  if (text.before === text.after) return NO_GRAM_WRITES;
  return gramWrites(ctx, 'DEVICE', id, text, { key: itemKey(ctx, 'DEVICE', id), version: after?.version });
}

import { batchGetByIds } from '../data/batch-get';
import type { TenantContext } from '../data/tenant-context';
import { eventDateKey } from '../events/event-repository';
import type { CellFix } from './area-read';

/**
 * The fixes a client user may see of those found, as GET /api/events shows them a device's events
 * (docs/decisions/0219-client-users-see-a-device-s-events-only-since-it-joined.md): only a fix whose tag is on that
 * asset now and sent it after joining it (the device's `asset_since`), so an asset's fixes from another customer's
 * time on its tags stay hidden. Whether the asset is their customer's is checked after, with the names. One
 * projected BatchGetItem of the tags found.
 */
export async function clientVisibleFixes(ctx: TenantContext, fixes: readonly CellFix[]): Promise<CellFix[]> {
  const ids = [...new Set(fixes.flatMap((fix) => (fix.deviceId === null ? [] : [fix.deviceId])))];
  const devices = await batchGetByIds(ctx, 'DEVICE', ids, { attributes: ['id', 'asset', 'asset_since'] });
  const joined = new Map<number, { assetId: number; since: string }>();
  for (const device of devices) {
    const asset = device.asset as { id: number } | null | undefined;
    if (!asset || typeof device.asset_since !== 'string') continue;
    joined.set(Number(device.id), { assetId: asset.id, since: eventDateKey(device.asset_since) });
  }
  return fixes.filter((fix) => {
    const tag = fix.deviceId === null ? undefined : joined.get(fix.deviceId);
    return tag !== undefined && tag.assetId === fix.assetId && fix.date >= tag.since;
  });
}

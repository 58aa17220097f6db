import { type AssetHistoryPage, type AssetHistoryQuery, historyWindowOf } from '../../../shared/schemas/asset-history';
import type { AssetRecord } from '../assets/asset-repository';
import { assetRepository } from '../assets/asset-repository';
import { type AssetViewer, assertCanSee, assetViewerOf } from '../assets/asset-view';
import type { AuthContext } from '../auth/auth-context';
import type { TenantContext } from '../data/tenant-context';
import { deviceRepository } from '../devices/device-repository';
import { readAssetTrack } from './asset-track';

/**
 * GET /api/assets/{id}/history: one page of the asset's track in the period the query names. A client user
 * sees only their customer's assets (another's is 404, as another tenant's), only from the time the asset
 * came to their customer, and no zones (docs/security.md "A client user seeing other customers' zones and
 * history").
 */
export async function assetHistoryPage(
  auth: AuthContext,
  assetId: number,
  query: AssetHistoryQuery,
): Promise<{ page: AssetHistoryPage; itemsRead: number }> {
  const viewer = await assetViewerOf(auth);
  const asset = assertCanSee(viewer, await assetRepository.get(auth.tenant, assetId));
  const window = historyWindowOf(query);
  const since = viewer.kind === 'client' ? await clientViewSince(auth.tenant, asset) : undefined;
  const from = since && since > window.from ? since : window.from;
  const empty = { page: { from: window.from, to: window.to, fixes: [], next: null }, itemsRead: 0 };
  // A client user with nothing they may see, or a period wholly before it: an empty track, nothing read.
  if (since === null || from > window.to) return empty;
  const track = await readAssetTrack(auth.tenant, assetId, { ...query, from, to: window.to });
  const fixes = hideZones(viewer, track.fixes);
  return { page: { from: window.from, to: window.to, fixes, next: track.next ?? null }, itemsRead: track.itemsRead };
}

const hideZones = (viewer: AssetViewer, fixes: AssetHistoryPage['fixes']) =>
  viewer.kind === 'client' ? fixes.map((fix) => ({ ...fix, zone: null })) : fixes;

/**
 * Where a client user's view of the asset's past starts: when it came to their customer (`client_since`).
 * Assets whose customer was set before that was kept fall back to what the events tab shows them: the events
 * of its tags since each joined it, so from the earliest of those; without either, nothing (null).
 */
export async function clientViewSince(ctx: TenantContext, asset: AssetRecord): Promise<string | null> {
  if (asset.client_since) return new Date(asset.client_since).toISOString();
  const devices = await Promise.all(asset.devices.map((device) => deviceRepository.get(ctx, device.id)));
  const joined = devices
    .filter((device) => device?.asset?.id === asset.id && device.asset_since)
    .map((device) => new Date(device?.asset_since as string).toISOString())
    .sort();
  return joined[0] ?? null;
}

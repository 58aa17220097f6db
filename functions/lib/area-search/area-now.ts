import type { AreaNowBody, AreaNowResult } from '../../../shared/schemas/area-search';
import { readMapMarkers } from '../assets/asset-map';
import type { AssetViewer } from '../assets/asset-view';
import type { TenantContext } from '../data/tenant-context';
import { resolveArea } from './area-geometry';

/**
 * "Which assets are in this area now" (POST /api/area-search/now): the asset map's read of the sparse map index
 * (gsi7, positioned assets only, the marker fields; a client user's customer is one key range of it), its
 * markers tested against the area. No event is read: the current position is the asset's last one.
 */
export async function assetsInAreaNow(
  ctx: TenantContext,
  viewer: AssetViewer,
  body: AreaNowBody,
): Promise<AreaNowResult> {
  const forClient = viewer.kind === 'client';
  const area = await resolveArea(ctx, body.area, forClient);
  const read = await readMapMarkers(ctx, { clientId: forClient ? (viewer.clientId ?? 0) : undefined });
  const [west, south, east, north] = area.bbox;
  const assets: AreaNowResult['assets'] = [];
  for (const [id, name, , latitude, longitude, updated] of read.markers) {
    if (longitude < west || longitude > east || latitude < south || latitude > north) continue;
    if (!area.contains(longitude, latitude)) continue;
    const date = updated ? new Date(updated * 1000).toISOString() : null;
    assets.push({ asset: { id, name }, latitude, longitude, date });
  }
  return {
    square_km: Math.round(area.squareKm * 1000) / 1000,
    itemsRead: read.itemsRead,
    complete: read.complete,
    assets,
  };
}

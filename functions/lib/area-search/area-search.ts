import {
  AREA_MAX_EVIDENCE,
  AREA_TOO_LARGE,
  type AreaAsset,
  type AreaFix,
  type AreaSearchBody,
  type AreaSearchResult,
} from '../../../shared/schemas/area-search';
import type { AssetRecord } from '../assets/asset-repository';
import { type AssetViewer, canSeeAsset } from '../assets/asset-view';
import { batchGetByIds } from '../data/batch-get';
import type { TenantContext } from '../data/tenant-context';
import { eventDateKey } from '../events/event-repository';
import { unprocessable } from '../http/errors';
import { clientVisibleFixes } from './area-client-view';
import { resolveArea, type SearchArea } from './area-geometry';
import { AREA_PRECISIONS, type AreaLevel } from './area-keys';
import { type CellFix, readCells } from './area-read';
import { cellsCovering } from './geohash';

/**
 * "Which assets were in this area between T1 and T2" (POST /api/area-search): the area's box is covered with
 * geohash cells, each cell's window is one key range of the area index (area-keys.ts), and what comes back is
 * tested against the exact area; the fixes inside, grouped per asset, give the first and last fix and evidence.
 */

/** Fine cells (precision 6) while a box needs at most this many; beyond, coarse ones (precision 5). */
export const FINE_MAX_CELLS = 64;
/** Coarse cells of the largest box a search takes: a long thin polygon has a box far larger than its area. */
export const MAX_CELLS = 400;
/** Items one search reads at most; past it the answer says it is incomplete (docs/performance.md "Area search"). */
export const AREA_READ_BUDGET = 100_000;
/** Evidence fixes in one answer, shared between its assets (each keeps its first and last). */
const EVIDENCE_BUDGET = 5_000;

export interface CellPlan {
  level: AreaLevel;
  cells: string[];
}

/** The cells a box is read in: fine while few enough, else coarse; refused when even coarse ones are too many. */
export function planCells(area: SearchArea, forced?: AreaLevel): CellPlan {
  // A forced level (the bench's comparison) walks the whole cover; otherwise the fine walk stops past its limit.
  if (forced === 'fine')
    return { level: 'fine', cells: cellsCovering(area.bbox, AREA_PRECISIONS.fine, MAX_CELLS * 32) };
  const fine = forced === 'coarse' ? [] : cellsCovering(area.bbox, AREA_PRECISIONS.fine, FINE_MAX_CELLS);
  if (fine.length > 0 && fine.length <= FINE_MAX_CELLS) return { level: 'fine', cells: fine };
  const coarse = cellsCovering(area.bbox, AREA_PRECISIONS.coarse, MAX_CELLS);
  if (coarse.length > MAX_CELLS) throw unprocessable([{ propertyPath: 'area', message: AREA_TOO_LARGE }]);
  return { level: 'coarse', cells: coarse };
}

const toFix = (fix: CellFix): AreaFix => ({
  id: fix.id,
  date: fix.date,
  latitude: fix.latitude,
  longitude: fix.longitude,
  radius: fix.radius,
  source: fix.source,
});

/** Up to `count` fixes spread evenly over an asset's fixes in date order, the first and the last among them. */
export function evidenceOf<T>(fixes: readonly T[], count: number): T[] {
  if (fixes.length <= count) return [...fixes];
  if (count <= 2) return [fixes[0] as T, fixes[fixes.length - 1] as T];
  const step = (fixes.length - 1) / (count - 1);
  return Array.from({ length: count }, (_, i) => fixes[Math.round(i * step)] as T);
}

/** The fixes inside, per asset in date then id order; assets by their first fix. */
export function groupByAsset(fixes: readonly CellFix[]): Map<number, CellFix[]> {
  const sorted = [...fixes].sort((a, b) => (a.date === b.date ? a.id - b.id : a.date < b.date ? -1 : 1));
  const byAsset = new Map<number, CellFix[]>();
  for (const fix of sorted) {
    const list = byAsset.get(fix.assetId);
    if (list) list.push(fix);
    else byAsset.set(fix.assetId, [fix]);
  }
  return byAsset;
}

/**
 * Names of the assets found, and for a client user only their customer's (the event holds the asset id; their
 * fixes were kept to those of the asset's tags since they joined it, area-client-view.ts).
 */
async function visibleNames(ctx: TenantContext, viewer: AssetViewer, ids: number[]) {
  const items = await batchGetByIds(ctx, 'ASSET', ids, { attributes: ['id', 'name', 'client'] });
  const names = new Map<number, string | null>();
  for (const item of items) {
    if (canSeeAsset(viewer, { client: (item.client as AssetRecord['client']) ?? null }))
      names.set(Number(item.id), (item.name as string) ?? null);
  }
  // A deleted asset's fixes stay a staff user's to see, without a name; a client user's view needs the asset.
  if (viewer.kind === 'staff') for (const id of ids) if (!names.has(id)) names.set(id, null);
  return names;
}

export async function searchArea(
  ctx: TenantContext,
  viewer: AssetViewer,
  body: AreaSearchBody,
  options: { level?: AreaLevel; budget?: number } = {},
): Promise<AreaSearchResult> {
  const area = await resolveArea(ctx, body.area, viewer.kind === 'client');
  const plan = planCells(area, options.level);
  const window = { fromKey: eventDateKey(body.from), toKey: eventDateKey(body.to) };
  const read = await readCells(ctx, plan.level, plan.cells, window, options.budget ?? AREA_READ_BUDGET);
  const inside = read.fixes.filter((fix) => area.contains(fix.longitude, fix.latitude));
  const byAsset = groupByAsset(viewer.kind === 'client' ? await clientVisibleFixes(ctx, inside) : inside);
  const names = await visibleNames(ctx, viewer, [...byAsset.keys()]);
  const perAsset = Math.max(2, Math.min(AREA_MAX_EVIDENCE, Math.floor(EVIDENCE_BUDGET / Math.max(1, names.size))));
  const assets: AreaAsset[] = [];
  let fixesInside = 0;
  for (const [assetId, fixes] of byAsset) {
    if (!names.has(assetId)) continue;
    fixesInside += fixes.length;
    assets.push({
      asset: { id: assetId, name: names.get(assetId) ?? null },
      first: toFix(fixes[0] as CellFix),
      last: toFix(fixes[fixes.length - 1] as CellFix),
      fixes: fixes.length,
      evidence: evidenceOf(fixes, perAsset).map(toFix),
    });
  }
  return {
    from: window.fromKey,
    to: window.toKey,
    square_km: Math.round(area.squareKm * 1000) / 1000,
    precision: AREA_PRECISIONS[plan.level],
    cells: plan.cells.length,
    itemsRead: read.itemsRead,
    fixesInside,
    complete: read.complete,
    assets,
  };
}

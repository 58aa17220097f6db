import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import { distance } from '@turf/distance';
import { tableName } from '../../functions/lib/data/client';
import { queryAllPages } from '../../functions/lib/data/query-page';
import type { TenantContext } from '../../functions/lib/data/tenant-context';
import { tenantEventsPartition } from '../../functions/lib/events/event-repository';
import { ACCESS_PATTERNS } from '../../shared/table';

/**
 * The brute-force side of the area search's tests: every located event of the tenant read from its date index
 * (gsi1, no area index), tested against the area with turf (not the search's own test), grouped per asset.
 * What the search answers must be exactly this.
 */
export type DrawnArea =
  | { type: 'Rectangle'; bbox: [number, number, number, number] }
  | { type: 'Circle'; center: [number, number]; radius: number }
  | { type: 'Polygon'; coordinates: [number, number][][] };

export interface Expected {
  assets: Map<number, { first: number; last: number; fixes: number }>;
  itemsRead: number;
}

interface StoredFix {
  id: number;
  date: string;
  latitude: number | null;
  longitude: number | null;
  asset?: { id: number } | null;
}

function insideOf(area: DrawnArea): (lon: number, lat: number) => boolean {
  if (area.type === 'Circle')
    return (lon, lat) => distance(area.center, [lon, lat], { units: 'meters' }) <= area.radius;
  const coordinates =
    area.type === 'Polygon'
      ? area.coordinates
      : [
          [
            [area.bbox[0], area.bbox[1]],
            [area.bbox[2], area.bbox[1]],
            [area.bbox[2], area.bbox[3]],
            [area.bbox[0], area.bbox[3]],
            [area.bbox[0], area.bbox[1]],
          ],
        ];
  return (lon, lat) => booleanPointInPolygon([lon, lat], { type: 'Polygon', coordinates });
}

export async function bruteForce(
  ctx: TenantContext,
  area: DrawnArea,
  window: { from: string; to: string },
  visible: (assetId: number) => boolean = () => true,
): Promise<Expected> {
  const inside = insideOf(area);
  const expected: Expected = { assets: new Map(), itemsRead: 0 };
  const fixes: StoredFix[] = [];
  const pages = queryAllPages({
    TableName: tableName(),
    IndexName: ACCESS_PATTERNS.eventsOfTenantByDate,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': tenantEventsPartition(ctx) },
  });
  for await (const page of pages) {
    expected.itemsRead += page.ScannedCount ?? 0;
    fixes.push(...((page.Items ?? []) as StoredFix[]));
  }
  const from = new Date(window.from).toISOString();
  const to = new Date(window.to).toISOString();
  const matching = fixes
    .filter((fix) => fix.asset && fix.latitude != null && fix.longitude != null && visible(fix.asset.id))
    .filter((fix) => fix.date >= from && fix.date <= to && inside(fix.longitude as number, fix.latitude as number))
    .sort((a, b) => (a.date === b.date ? a.id - b.id : a.date < b.date ? -1 : 1));
  for (const fix of matching) {
    const assetId = (fix.asset as { id: number }).id;
    const seen = expected.assets.get(assetId);
    if (seen) Object.assign(seen, { last: fix.id, fixes: seen.fixes + 1 });
    else expected.assets.set(assetId, { first: fix.id, last: fix.id, fixes: 1 });
  }
  return expected;
}

import { ACCESS_PATTERNS } from '../../../shared/table';
import { pad, typePartition } from '../data/keys';
import type { TenantContext } from '../data/tenant-context';
import { encodeGeohash } from './geohash';

/**
 * The area index of located events (docs/decisions/0320-area-search-reads-geohash-cells-keyed-on-the-event-item.md):
 * an event with a position and an asset is keyed, in the same PutItem that stores it, by the geohash cell of
 * its position at two precisions, each a partition of the tenant whose sort key starts with the event's date,
 * so "this cell between T1 and T2" is one key range:
 *  - gsi3 eventsByFineCell:   T#<t>#CELL6#<geohash 6> / <ISO date>#<asset id>#<event id>   (~0.75 × 0.61 km in NL)
 *  - gsi4 eventsByCoarseCell: T#<t>#CELL5#<geohash 5> / <ISO date>#<asset id>#<event id>   (~3.0 × 4.9 km in NL)
 * No day bucket: a cell's busiest partition (a depot) takes about one write a second, far below a partition's
 * 1,000, and a window stays one Query per cell however many days it spans.
 */
export const AREA_PRECISIONS = { fine: 6, coarse: 5 } as const;
export type AreaLevel = keyof typeof AREA_PRECISIONS;

export const AREA_INDEXES = {
  fine: ACCESS_PATTERNS.eventsByFineCell,
  coarse: ACCESS_PATTERNS.eventsByCoarseCell,
} as const;

/** The partition of one cell; the key word names the precision (CELL6, CELL5), so the two never share a key. */
export const areaCellPartition = (ctx: TenantContext, level: AreaLevel, cell: string) =>
  level === 'fine' ? `${typePartition(ctx, 'CELL6')}#${cell}` : `${typePartition(ctx, 'CELL5')}#${cell}`;

/** `<ISO date>#<asset id>#<event id>`: the date first, so a window is a BETWEEN; ids make the key unique. */
export const areaSortKey = (date: string, assetId: number, eventId: number) =>
  `${date}#${pad(assetId)}#${pad(eventId)}`;

interface Located {
  id: number;
  date: string;
  latitude: number | null;
  longitude: number | null;
  asset?: { id: number } | null;
}

/** The area keys of an event (`date` already in key spelling), or none without a position or an asset. */
export function areaKeys(ctx: TenantContext, event: Located): Record<string, string> {
  const { latitude, longitude, asset } = event;
  if (latitude == null || longitude == null || !asset) return {};
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return {};
  const sk = areaSortKey(event.date, asset.id, event.id);
  const fine = encodeGeohash(latitude, longitude, AREA_PRECISIONS.fine);
  return {
    [`${AREA_INDEXES.fine}pk`]: areaCellPartition(ctx, 'fine', fine),
    [`${AREA_INDEXES.fine}sk`]: sk,
    [`${AREA_INDEXES.coarse}pk`]: areaCellPartition(ctx, 'coarse', fine.slice(0, AREA_PRECISIONS.coarse)),
    [`${AREA_INDEXES.coarse}sk`]: sk,
  };
}

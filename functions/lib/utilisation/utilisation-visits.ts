import { tableName } from '../data/client';
import { queryAllPages } from '../data/query-page';
import type { TenantContext } from '../data/tenant-context';
import { endOfAmsterdamDay, startOfAmsterdamDay } from '../loan-days/amsterdam-day';
import type { ZonePresence } from '../pipeline/geofence/zone-presence';
import { assetVisitsPartition } from '../visits/visit-keys';
import { firstDayOf, lastDayOf, type UtilisationVisit } from './utilisation-days';

/** Visits of one asset read per run at most: years of daily depot calls; an older one no longer counts. */
export const MAX_VISITS_PER_ASSET = 2_000;

const toVisit = (item: Record<string, unknown>): UtilisationVisit => ({
  zoneId: Number(item.zoneId),
  arrivedAt: String(item.arrivedAt),
  leftAt: typeof item.leftAt === 'string' ? item.leftAt : null,
});

/**
 * The visits a month's figures need, newest arrival first from the month's end, back to and including the last
 * depot visit that ended before the month began: it tells where the asset was when the month began and when
 * the cycle running into the month left the depot; nothing older changes the month. The asset's open visits
 * (its `zone_presence`) are added, as a long visit to an enclosing zone may have begun before that.
 */
export async function visitsForMonth(
  ctx: TenantContext,
  asset: { id: number; zone_presence?: ZonePresence },
  depots: ReadonlySet<number>,
  month: string,
): Promise<UtilisationVisit[]> {
  const monthStart = startOfAmsterdamDay(firstDayOf(month)).toISOString();
  const monthEnd = endOfAmsterdamDay(lastDayOf(month)).toISOString();
  const visits = new Map<string, UtilisationVisit>();
  const query = {
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND sk <= :end',
    ExpressionAttributeValues: { ':pk': assetVisitsPartition(ctx, asset.id), ':end': `VISIT#${monthEnd}~` },
    ProjectionExpression: 'zoneId, arrivedAt, leftAt',
    ScanIndexForward: false,
    Limit: 200,
  };
  reading: for await (const page of queryAllPages(query)) {
    for (const item of page.Items ?? []) {
      const visit = toVisit(item);
      visits.set(`${visit.zoneId}#${visit.arrivedAt}`, visit);
      const endedBefore = visit.leftAt !== null && visit.leftAt < monthStart;
      if ((endedBefore && depots.has(visit.zoneId)) || visits.size >= MAX_VISITS_PER_ASSET) break reading;
    }
  }
  for (const [zoneId, entry] of Object.entries(asset.zone_presence ?? {})) {
    if (!entry.in || !entry.since || entry.since > monthEnd) continue;
    const key = `${zoneId}#${entry.since}`;
    if (!visits.has(key)) visits.set(key, { zoneId: Number(zoneId), arrivedAt: entry.since, leftAt: null });
  }
  return [...visits.values()];
}

import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../data/client';
import { queryAllPages } from '../data/query-page';
import { fromItem } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';
import type { ZonePresence } from '../pipeline/geofence/zone-presence';
import { expiryOf } from '../settings/retention-settings';
import { queueVisitChanges, visitChangeOf } from './visit-events';
import { arrivalItem, dwellSecondsOf, type VisitRecord, visitKey } from './visit-keys';
import { openVisitsQuery } from './visit-queries';
import { queueVisitWebhook } from './visit-webhooks';

/**
 * The two writes of a visit, each conditional so a redelivered uplink (or a second closer: the zone's delete
 * and the processor) writes nothing twice. Answers whether the write happened.
 */
async function conditional(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * The arrival: one Put of the open visit (with its open-visit index keys); none if it is there already. An open
 * visit has no expiry (a reel may stand in its depot for years): the departure gives it one.
 */
export function putArrival(ctx: TenantContext, visit: VisitRecord): Promise<boolean> {
  return conditional(() =>
    dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: arrivalItem(ctx, visit),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}

export interface Departure {
  assetId: number;
  zoneId: number;
  arrivedAt: string;
  leftAt: string;
}

/**
 * The departure: one Update that sets `leftAt` and `dwellSeconds` and removes the open-visit index keys, only
 * while the visit is open (its gsi2 key is the open mark); a visit closed already, or never written, is left.
 * Answers the closed visit (for its events), or undefined when nothing was written.
 */
export async function closeVisit(ctx: TenantContext, departure: Departure): Promise<VisitRecord | undefined> {
  try {
    const answer = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: visitKey(ctx, departure.assetId, departure.zoneId, departure.arrivedAt),
        UpdateExpression: 'SET leftAt = :left, dwellSeconds = :dwell, expiresAt = :expires REMOVE gsi2pk, gsi2sk',
        ConditionExpression: 'attribute_exists(gsi2pk)',
        ExpressionAttributeValues: {
          ':left': departure.leftAt,
          ':dwell': dwellSecondsOf(departure.arrivedAt, departure.leftAt),
          ':expires': await expiryOf(ctx, 'zoneVisitDays', departure.leftAt),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return answer.Attributes ? fromItem<VisitRecord>(answer.Attributes) : undefined;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

/**
 * Visits closed by a person's delete: the `zone.left` webhook (sent when the request ends, functions/lib/effects/). No
 * `ZoneVisitChanged`: the API's Lambdas have no grant on the pipeline bus (infra/handler-grants.ts).
 */
function announceClosed(ctx: TenantContext, closed: VisitRecord[]) {
  for (const visit of closed) queueVisitWebhook(ctx, visit);
}

/**
 * A zone deleted: its open visits close at the deletion (one conditional Update each, a Query of the open-visit
 * index first). The assets keep the zone in their `zone_presence` until their next fix, which drops it and
 * finds the visit closed (docs/geofencing.md "Zone visits"). Answers how many closed.
 */
export async function closeOpenVisitsOfZone(ctx: TenantContext, zoneId: number, at: string): Promise<number> {
  const closed: VisitRecord[] = [];
  for await (const page of queryAllPages(openVisitsQuery(ctx, zoneId))) {
    for (const item of page.Items ?? []) {
      const visit = item as unknown as VisitRecord;
      const done = await closeVisit(ctx, { assetId: visit.assetId, zoneId, arrivedAt: visit.arrivedAt, leftAt: at });
      if (done) closed.push(done);
    }
  }
  announceClosed(ctx, closed);
  return closed.length;
}

/**
 * An asset deleted: its open visits (the ones its `zone_presence` holds) close at the deletion, so "who is
 * there now" never lists an asset that is gone; its closed visits stay as the zones' history.
 */
export async function closeOpenVisitsOfAsset(
  ctx: TenantContext,
  asset: { id: number; zone_presence?: ZonePresence },
  at: string,
): Promise<number> {
  const closed: VisitRecord[] = [];
  for (const [zoneId, entry] of Object.entries(asset.zone_presence ?? {})) {
    if (!entry.in || !entry.since) continue;
    const done = await closeVisit(ctx, {
      assetId: asset.id,
      zoneId: Number(zoneId),
      arrivedAt: entry.since,
      leftAt: at,
    });
    if (done) closed.push(done);
  }
  announceClosed(ctx, closed);
  // The zones' stock is re-counted when the request ends (a delete may take a zone below its minimum); best
  // effort, as the processor's: a refused event leaves the count to the zone's next change.
  queueVisitChanges(closed.map((visit) => visitChangeOf(ctx.tenantId, visit)));
  return closed.length;
}

import { BatchWriteCommand, DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../functions/lib/data/client';
import { tenantPrefix } from '../../functions/lib/data/keys';
import { queryAllPages } from '../../functions/lib/data/query-page';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import type { TenantContext } from '../../functions/lib/data/tenant-context';
import { batchPutEvents, type EventRecord, reserveEventIds } from '../../functions/lib/events/event-repository';
import { geoZoneRepository } from '../../functions/lib/geo-zones/geo-zone-repository';
import { addDays, startOfAmsterdamDay } from '../../functions/lib/loan-days/amsterdam-day';
import { auditMonthPartition, lineStatesPartition, runKey } from '../../functions/lib/rental-audit/audit-keys';
import { lineItem, type StoredLine } from '../../functions/lib/rental-contracts/rental-contract-items';
import { type VisitRecord, visitItem } from '../../functions/lib/visits/visit-keys';
import { serializeGeoZoneGeometry } from '../../shared/schemas/geo-zone';
import { batchPut } from '../seed/batch-write';
import { tenantOf } from './time-rules.bench';

/**
 * A tenant for the rental audit bench (rental-audit.bench.ts): `lines` open contract lines, one asset each, as
 * the audit job reads them. The job reads no asset or device item, only lines (the change index), zones (the
 * depots), each asset's visits and its track (gsi2), so only those are written:
 *  - one depot zone counted by every asset (a depot is a zone with assetCount > 0) and ten customer sites;
 *  - per asset a closed depot visit that ends on the morning of D-2 and an open visit to its line's site from
 *    an hour later, and a fix every 15 minutes from D-2 to D+1 (96 a day, 384 in all, batchPutEvents);
 *  - per line: on hire from D-2 at its site, expected back a month after D, changed days before the first run.
 * Written once per size and kept (`.local-bench/`); a later run puts the lines back as they were and deletes
 * the audit's own items, so every run starts with a first night.
 */
export const AUDIT_DAY = '2026-11-24';
export const TRACK_DAYS = [-2, -1, 0, 1].map((offset) => addDays(AUDIT_DAY, offset));
const FIX_EVERY_MS = 15 * 60_000;
const SITES = 10;
const DEPOT = { id: 1, latitude: 52.09, longitude: 5.12 };
const site = (index: number) => ({
  id: 2 + (index % SITES),
  latitude: 52.135 + (index % SITES) * 0.01,
  longitude: 5.12,
});
const hoursInto = (day: string, hours: number) => new Date(startOfAmsterdamDay(day).getTime() + hours * 3_600_000);

const markerKey = (ctx: TenantContext) => ({ pk: `${tenantPrefix(ctx)}BENCH`, sk: 'RENTAL_AUDIT_SEED' });

export const benchLine = (asset: number, version = 1, changedAt?: string): StoredLine => ({
  externalId: `BENCH-${String(asset).padStart(6, '0')}`,
  customer: 1 + (asset % 40),
  asset,
  assetProfile: null,
  quantity: null,
  onHire: TRACK_DAYS[0] as string,
  expectedReturn: version === 1 ? addDays(AUDIT_DAY, 30) : addDays(AUDIT_DAY, 60),
  offHire: null,
  deliverySite: { address: null, geoZone: site(asset).id },
  dayRate: { amount: '12.50', currency: 'EUR' },
  status: 'active',
  version,
  // A minute apart, ending three days before D: the change index's margin (10 minutes before the newest
  // change) takes in only the last few of them again on the next night, as after a bulk of saves.
  changedAt: changedAt ?? new Date(hoursInto(addDays(AUDIT_DAY, -3), 0).getTime() - asset * 60_000).toISOString(),
  changedBy: 1,
});

function zoneItems(ctx: TenantContext, lines: number) {
  const circle = (where: { latitude: number; longitude: number }) =>
    serializeGeoZoneGeometry({ type: 'Point', coordinates: [where.longitude, where.latitude], radius: 300 });
  const zones = [
    { id: DEPOT.id, version: 1, name: 'Depot', geometry: circle(DEPOT), assetCount: lines },
    ...Array.from({ length: SITES }, (_, i) => ({
      id: 2 + i,
      version: 1,
      name: `Site ${i + 1}`,
      geometry: circle(site(i)),
      assetCount: 0,
    })),
  ];
  return zones.map((zone) => geoZoneRepository.toItem(ctx, zone as never));
}

function visitItems(ctx: TenantContext, asset: number) {
  const base = { assetId: asset, assetName: null, clientId: null, profiles: [], cableType: null };
  const left = hoursInto(TRACK_DAYS[0] as string, 8).toISOString();
  const depot: VisitRecord = {
    ...base,
    zoneId: DEPOT.id,
    zoneName: 'Depot',
    arrivedAt: hoursInto(addDays(AUDIT_DAY, -10), 9).toISOString(),
    leftAt: left,
    dwellSeconds: 8 * 86_400,
  };
  const own = site(asset);
  const atSite: VisitRecord = {
    ...base,
    zoneId: own.id,
    zoneName: `Site ${own.id - 1}`,
    arrivedAt: hoursInto(TRACK_DAYS[0] as string, 9).toISOString(),
    leftAt: null,
    dwellSeconds: null,
  };
  return [visitItem(ctx, depot, 365), visitItem(ctx, atSite, 365)];
}

function trackOf(asset: number, firstId: number): EventRecord[] {
  const start = startOfAmsterdamDay(TRACK_DAYS[0] as string).getTime();
  const end = startOfAmsterdamDay(addDays(TRACK_DAYS.at(-1) as string, 1)).getTime();
  const arrived = hoursInto(TRACK_DAYS[0] as string, 9).getTime();
  const events: EventRecord[] = [];
  for (let at = start, i = 0; at < end; at += FIX_EVERY_MS, i++) {
    const where = at < arrived ? DEPOT : site(asset);
    events.push({
      id: firstId + i,
      date: new Date(at).toISOString(),
      type: 'still',
      latitude: where.latitude + Math.sin(i) * 0.0001,
      longitude: where.longitude + Math.cos(i) * 0.0001,
      radius: 8,
      source: 'gnss',
      street: null,
      postal_code: null,
      city: null,
      region: null,
      country: null,
      geo_zone: null,
      device: { id: asset, name: null },
      asset: { id: asset },
    } as EventRecord);
  }
  return events;
}

const FIXES_PER_ASSET = trackOf(1, 1).length;

/** Deletes every item of a partition (the audit's own), 25 at a time. */
async function clearPartition(pk: string) {
  const keys: Record<string, unknown>[] = [];
  for await (const page of queryAllPages({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': pk },
    ProjectionExpression: 'pk, sk',
  })) {
    keys.push(...(page.Items ?? []));
  }
  for (let i = 0; i < keys.length; i += 25) {
    const requests = keys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
    await dynamo().send(new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }));
  }
}

async function resetAudit(ctx: TenantContext, lines: number) {
  const months = ['2026-08', '2026-09', '2026-10', '2026-11'];
  for (const pk of [lineStatesPartition(ctx), ...months.map((month) => auditMonthPartition(ctx, month))]) {
    await clearPartition(pk);
  }
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: runKey(ctx) }));
  await batchPut(
    Array.from({ length: lines }, (_, i) => lineItem(ctx, benchLine(i + 1))),
    8,
  );
}

export interface AuditBenchTenant {
  ctx: TenantContext;
  subdomain: string;
  lines: number;
  fixes: number;
  /** Seconds spent writing the tenant; 0 when an earlier run wrote it. */
  seededSeconds: number;
}

export async function ensureAuditBenchTenant(lines: number, log: (line: string) => void): Promise<AuditBenchTenant> {
  const subdomain = `bench-rental-audit-${lines}`;
  const ctx = systemTenantContext(await tenantOf(subdomain));
  const fixes = lines * FIXES_PER_ASSET;
  const marker = await dynamo().send(new GetCommand({ TableName: tableName(), Key: markerKey(ctx) }));
  if (marker.Item) {
    await resetAudit(ctx, lines);
    return { ctx, subdomain, lines, fixes, seededSeconds: 0 };
  }
  const started = Date.now();
  await batchPut(zoneItems(ctx, lines), 1);
  const assets = Array.from({ length: lines }, (_, i) => i + 1);
  await batchPut(
    assets.flatMap((asset) => visitItems(ctx, asset)),
    8,
  );
  await batchPut(
    assets.map((asset) => lineItem(ctx, benchLine(asset))),
    8,
  );
  const first = await reserveEventIds(ctx, fixes);
  for (let from = 0; from < lines; from += 50) {
    const events = assets
      .slice(from, from + 50)
      .flatMap((asset) => trackOf(asset, first + (asset - 1) * FIXES_PER_ASSET));
    await batchPutEvents(ctx, events, 8);
    log(`  rental audit ${subdomain}: track of ${Math.min(from + 50, lines)} of ${lines} assets written`);
  }
  await dynamo().send(new PutCommand({ TableName: tableName(), Item: { ...markerKey(ctx), lines, fixes } }));
  return { ctx, subdomain, lines, fixes, seededSeconds: (Date.now() - started) / 1000 };
}

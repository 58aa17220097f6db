import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../functions/lib/data/client';
import { tenantPrefix } from '../../functions/lib/data/keys';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import type { TenantContext } from '../../functions/lib/data/tenant-context';
import { batchPutEvents, type EventRecord, reserveEventIds } from '../../functions/lib/events/event-repository';
import { mulberry32 } from '../seed/prng';
import { tenantOf } from './time-rules.bench';

/**
 * What the area search's cells hold at 100k assets and a year of events (about 3.5 billion, 96 an asset a day),
 * seeded only where the bench searches: a 10 × 10 km square around one hot depot, for the last SEEDED_DAYS days.
 * The density (docs/performance.md "Area search"):
 *  - 30 % of the assets (30,000) stand at 50 depots, 600 a depot, a tag standing still reports about hourly:
 *    600 × 24 = 14,400 fixes a depot a day, inside a yard of ~150 m;
 *  - the other 70,000 are on the road or on site over the Netherlands' ~33,500 km² of land and report more often,
 *    ~125 a day, which keeps the average at 96: 70,000 × 125 / 33,500 ≈ 261 fixes a km² a day, uniform.
 * Writing the year (3.5 billion items) is out of reach locally and not needed: a search reads only its cells'
 * window, and the items it reads there are the same whatever the rest of the table holds.
 */
export const AREA_BENCH_TENANT = 'bench-area-100k';
export const DEPOT: [number, number] = [5.1, 52.09];
export const DEPOT_FIXES_A_DAY = 600 * 24;
export const FIELD_FIXES_A_KM2_DAY = Math.round((70_000 * 125) / 33_500);
export const SEEDED_DAYS = 3;
/** Half the seeded square's side, in km. */
const HALF_SIDE_KM = 5;
const KM_PER_DEGREE = 111.195;
const DAY = 86_400_000;
const SEED_VERSION = 1;

export interface AreaBenchData {
  ctx: TenantContext;
  /** The seeded days end here; the bench's windows end here too. */
  anchor: number;
  events: number;
  seededSeconds: number;
}

const markerKey = (ctx: TenantContext) => ({ pk: `${tenantPrefix(ctx)}BENCH`, sk: `AREA_SEED#${SEED_VERSION}` });

function eventsOfDay(first: number, dayStart: number, next: () => number): EventRecord[] {
  const dLon = HALF_SIDE_KM / (KM_PER_DEGREE * Math.cos((DEPOT[1] * Math.PI) / 180));
  const dLat = HALF_SIDE_KM / KM_PER_DEGREE;
  const field = FIELD_FIXES_A_KM2_DAY * (2 * HALF_SIDE_KM) ** 2;
  return Array.from({ length: field + DEPOT_FIXES_A_DAY }, (_, i): EventRecord => {
    const atDepot = i >= field;
    // The depot's 600 assets and ~1,000 passing through the square in a day.
    const assetId = atDepot ? 1 + (i % 600) : 1_000 + Math.floor(next() * 1_000);
    const longitude = atDepot ? DEPOT[0] + (next() - 0.5) * 0.002 : DEPOT[0] + (next() * 2 - 1) * dLon;
    const latitude = atDepot ? DEPOT[1] + (next() - 0.5) * 0.0013 : DEPOT[1] + (next() * 2 - 1) * dLat;
    return {
      id: first + i,
      date: new Date(dayStart + next() * DAY).toISOString(),
      type: atDepot ? 'still' : 'moving',
      device: { id: assetId, name: null },
      asset: { id: assetId },
      source: 'gnss',
      latitude,
      longitude,
      radius: 10,
      ...{ street: null, postal_code: null, city: null, region: null, country: null, geo_zone: null },
    };
  });
}

/** Seeds the square's days once (a marker item says so); a later run reuses them. */
export async function ensureAreaBenchData(log: (line: string) => void): Promise<AreaBenchData> {
  const ctx = systemTenantContext(await tenantOf(AREA_BENCH_TENANT));
  const marker = await dynamo().send(new GetCommand({ TableName: tableName(), Key: markerKey(ctx) }));
  if (marker.Item) {
    log(`  area search: reusing ${marker.Item.events} seeded events`);
    return { ctx, anchor: Number(marker.Item.anchor), events: Number(marker.Item.events), seededSeconds: 0 };
  }
  const started = Date.now();
  const anchor = Math.floor(Date.now() / DAY) * DAY;
  const next = mulberry32(20261201);
  let events = 0;
  for (let day = SEEDED_DAYS; day >= 1; day--) {
    const count = FIELD_FIXES_A_KM2_DAY * (2 * HALF_SIDE_KM) ** 2 + DEPOT_FIXES_A_DAY;
    const first = await reserveEventIds(ctx, count);
    await batchPutEvents(ctx, eventsOfDay(first, anchor - day * DAY, next), 8);
    events += count;
    log(`  area search: seeded day -${day} (${events} events)`);
  }
  await dynamo().send(new PutCommand({ TableName: tableName(), Item: { ...markerKey(ctx), anchor, events } }));
  return { ctx, anchor, events, seededSeconds: (Date.now() - started) / 1000 };
}

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import {
  DEFAULT_GEO_ZONE_COLOR,
  type GeoZone,
  type GeoZoneGeometry,
  geoZoneSchema,
  parseGeoZoneGeometry,
} from '../../../shared/schemas/geo-zone';
import { dynamo, tableName } from '../data/client';
import { counterKey, typePartition } from '../data/keys';
import { queryAllPages } from '../data/query-page';
import { createRepository, fromItem } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';
import { allowListOf } from '../http/allow-list';

/**
 * A geo zone as stored: the geometry is text (spec 000 s.3, serializeGeoZoneGeometry), parsed on the way out.
 * `assetCount` (storage only) counts the assets whose `geo_zone` names this zone; the asset writes keep it in
 * their transactions (geo-zone-asset-links.ts), and a zone still counted cannot be deleted.
 */
export type GeoZoneRecord = Omit<GeoZone, '@id' | '@type' | 'geometry'> & { geometry: string; assetCount?: number };

export const GEO_ZONE_TYPE = 'GEOZONE';

/**
 * Geo zones (spec 000 asset map).
 *  - table  pk T#<t>#GEOZONE, sk GEOZONE#<id>    all zones of a tenant (the map draws them all; the event
 *           pipeline tests a position against them all), get by id
 *  - counter T#<t>#COUNTER / GEOZONE: lastId, itemCount and zoneVersion, which every zone write bumps in its
 *           transaction so a reader's cached zone index knows when to read the zones again
 * No secondary index: a tenant has tens of zones and every reader wants all of them.
 */
export const geoZoneRepository = createRepository<GeoZoneRecord>({ type: GEO_ZONE_TYPE });

export type ApiGeoZone = Omit<GeoZone, 'geometry'> & { geometry: GeoZoneGeometry | null };

/** The API answers the parsed geometry with its colour filled in; stored text that no longer parses is null. */
const allowedGeoZone = allowListOf(geoZoneSchema);

/** assetCount is the delete guard's counter, kept on the record only. */
export const toApiGeoZone = (zone: GeoZoneRecord): ApiGeoZone => {
  const geometry = parseGeoZoneGeometry(zone.geometry);
  return allowedGeoZone({
    '@id': `/api/geo-zones/${zone.id}`,
    '@type': 'GeoZone',
    ...zone,
    geometry: geometry && { ...geometry, color: geometry.color ?? DEFAULT_GEO_ZONE_COLOR },
  }) as ApiGeoZone;
};

/** Every zone of the tenant in id order: one partition, read to its end (for the map and the event pipeline). */
export async function listAllGeoZones(ctx: TenantContext): Promise<GeoZoneRecord[]> {
  const zones: GeoZoneRecord[] = [];
  const pages = queryAllPages({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': typePartition(ctx, GEO_ZONE_TYPE) },
  });
  for await (const page of pages) zones.push(...(page.Items ?? []).map((item) => fromItem<GeoZoneRecord>(item)));
  return zones;
}

/**
 * The tenant's zone version: 0 before any zone write, then one more on every create, update, delete and
 * import. A reader that cached the zones at version N reads them again only when this differs from N.
 */
export async function readGeoZoneVersion(ctx: TenantContext): Promise<number> {
  const result = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: counterKey(ctx, GEO_ZONE_TYPE),
      ProjectionExpression: 'zoneVersion',
    }),
  );
  return Number(result.Item?.zoneVersion ?? 0);
}

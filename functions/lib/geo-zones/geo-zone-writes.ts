import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { type GeoZoneGeometry, serializeGeoZoneGeometry } from '../../../shared/schemas/geo-zone';
import { dynamo, tableName } from '../data/client';
import { itemKey } from '../data/keys';
import type { TenantContext } from '../data/tenant-context';
import { counterChanges, TRANSACTION_MAX_ITEMS, type TransactItem } from '../data/transaction';
import { conflict, notFound, unprocessable } from '../http/errors';
import { GEO_ZONE_TYPE, type GeoZoneRecord, geoZoneRepository } from './geo-zone-repository';

/**
 * Zone writes. Each one bumps the tenant's zone version (readGeoZoneVersion) in the same transaction as the
 * zone itself, so a reader never sees new zones under an old version. Updates are UpdateItem, never a Put of
 * the whole item: the asset writes ADD to `assetCount` without touching the zone's version, and a Put would
 * lose a count written between our read and our write.
 */
export interface GeoZoneData {
  name: string | null;
  geometry: GeoZoneGeometry;
}

/** One transaction holds the zones and the counter. */
export const MAX_ZONES_PER_WRITE = TRANSACTION_MAX_ITEMS - 1;

export const zoneInUse = (count: number) =>
  `This geo zone is the geo zone of ${count} asset${count === 1 ? '' : 's'}; choose another zone for ${count === 1 ? 'it' : 'them'} first.`;

/** Every zone write moves the zone version; a create or delete the count too. */
const NEXT_ZONE_VERSION = { zoneVersion: 1 };
const counterWrites = (ctx: TenantContext, itemCount: number) =>
  counterChanges(ctx, GEO_ZONE_TYPE, { ...NEXT_ZONE_VERSION, itemCount });

/** Creates all zones or none (one transaction; at most MAX_ZONES_PER_WRITE). */
export async function createGeoZones(ctx: TenantContext, zones: readonly GeoZoneData[]): Promise<GeoZoneRecord[]> {
  if (zones.length === 0) return [];
  if (zones.length > MAX_ZONES_PER_WRITE) throw new Error(`At most ${MAX_ZONES_PER_WRITE} zones per write`);
  const first = await geoZoneRepository.nextId(ctx, zones.length);
  const records: GeoZoneRecord[] = zones.map((zone, i) => ({
    id: first + i,
    version: 1,
    name: zone.name,
    geometry: serializeGeoZoneGeometry(zone.geometry),
    assetCount: 0,
  }));
  await dynamo().send(
    new TransactWriteCommand({
      TransactItems: [
        ...records.map((record): TransactItem => geoZoneRepository.putNew(ctx, record)),
        ...counterWrites(ctx, records.length),
      ],
    }),
  );
  return records;
}

/** Replaces name and geometry if the zone is still at `expectedVersion` (409 otherwise). */
export async function updateGeoZone(
  ctx: TenantContext,
  current: GeoZoneRecord,
  expectedVersion: number,
  data: GeoZoneData,
): Promise<GeoZoneRecord> {
  if (current.version !== expectedVersion) throw conflict();
  const next = { ...current, name: data.name, geometry: serializeGeoZoneGeometry(data.geometry) };
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: itemKey(ctx, GEO_ZONE_TYPE, current.id),
              UpdateExpression: 'SET #name = :name, geometry = :geometry, #version = :next',
              ConditionExpression: 'attribute_exists(pk) AND #version = :expected',
              ExpressionAttributeNames: { '#name': 'name', '#version': 'version' },
              ExpressionAttributeValues: {
                ':name': next.name,
                ':geometry': next.geometry,
                ':next': expectedVersion + 1,
                ':expected': expectedVersion,
              },
            },
          },
          ...counterWrites(ctx, 0),
        ],
      }),
    );
  } catch (error) {
    if (error instanceof TransactionCanceledException) throw conflict();
    throw error;
  }
  return { ...next, version: expectedVersion + 1 };
}

/**
 * Deletes a zone no asset names as its geo zone. The condition on `assetCount` is checked by DynamoDB, so an
 * asset that chooses this zone at the same moment either lands first (and the delete is refused) or fails.
 */
export async function deleteGeoZone(ctx: TenantContext, id: number): Promise<void> {
  const current = await geoZoneRepository.getOrThrow(ctx, id);
  if ((current.assetCount ?? 0) > 0)
    throw unprocessable([{ propertyPath: '', message: zoneInUse(current.assetCount ?? 0) }]);
  await geoZoneRepository.remove(ctx, id, undefined, {
    condition: {
      expression: '(attribute_not_exists(assetCount) OR assetCount = :zero)',
      names: {},
      values: { ':zero': 0 },
    },
    counts: NEXT_ZONE_VERSION,
    cancelled: async () => {
      const now = await geoZoneRepository.get(ctx, id);
      if (!now) return notFound();
      return unprocessable([{ propertyPath: '', message: zoneInUse(now.assetCount ?? 0) }]);
    },
  });
}

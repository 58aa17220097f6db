import { type GeoZone, type GeoZoneGeometry, parseGeoZoneGeometry } from '../../../shared/schemas/geo-zone';
import { createRepository } from '../data/repository';

/** A geo zone as stored: the geometry is text (spec 000 s.3, serializeGeoZoneGeometry), parsed on the way out. */
export type GeoZoneRecord = Omit<GeoZone, '@id' | '@type' | 'geometry'> & { geometry: string };

/**
 * Geo zones (spec 000 asset map).
 *  - table  pk T#<t>#GEOZONE, sk GEOZONE#<id>    all zones of a tenant (the map draws them all; the event
 *           pipeline tests a position against them all), get by id
 * No secondary index: a tenant has tens of zones and every reader wants all of them.
 */
export const geoZoneRepository = createRepository<GeoZoneRecord>({ type: 'GEOZONE' });

/** The API answers the parsed geometry; stored text that no longer parses is answered as null. */
export const toApiGeoZone = (
  zone: GeoZoneRecord,
): Omit<GeoZone, 'geometry'> & { geometry: GeoZoneGeometry | null } => ({
  '@id': `/api/geo-zones/${zone.id}`,
  '@type': 'GeoZone',
  ...zone,
  geometry: parseGeoZoneGeometry(zone.geometry),
});

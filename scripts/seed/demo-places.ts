import type { ClientRecord } from '../../functions/lib/clients/client-repository';
import type { GeoZoneRecord } from '../../functions/lib/geo-zones/geo-zone-repository';
import {
  DEFAULT_GEO_ZONE_COLOR,
  type GeoZoneGeometry,
  type GeoZoneRef,
  type Position,
  serializeGeoZoneGeometry,
} from '../../shared/schemas/geo-zone';
import { COMPANY_NAMES, companySlug, FIRST_NAMES, LAST_NAMES, personEmailLocal } from './catalogue';
import { inGeometry, type LatLon, offsetMeters, round6 } from './geo';
import { nearestTown, STREETS, TOWNS, ZONE_PLACES, type ZonePlace } from './places';
import type { Rng } from './prng';
import type { Stop } from './tracks';

/** Geo zones, customers' sites and addresses of the demo data. */

export interface Address {
  street: string;
  postal_code: string;
  city: string;
  region: string;
  country: string;
}

export interface Zone {
  record: GeoZoneRecord;
  geometry: GeoZoneGeometry;
  ref: GeoZoneRef;
  stop: Stop;
  address: Address;
}

/** A customer's project site, where its reels are delivered. */
export interface Site {
  stop: Stop;
  address: Address;
}

export const COUNTRY = 'Netherlands';
const POSTAL_LETTERS = 'ABCEGHJKLMNPRTVWXZ';

const postalCode = (rng: Rng, [first, last]: readonly [number, number]) =>
  `${rng.int(first, last)} ${rng.pick([...POSTAL_LETTERS])}${rng.pick([...POSTAL_LETTERS])}`;

/** A plausible address near a position: the nearest town, one of its common streets and postal codes. */
export function addressNear(rng: Rng, point: LatLon): Address {
  const town = nearestTown(point);
  return {
    street: `${rng.pick(STREETS)} ${rng.int(1, 180)}`,
    postal_code: postalCode(rng, town.postal),
    city: town.name,
    region: town.region,
    country: COUNTRY,
  };
}

/** An irregular convex-ish polygon around the centre: vertices at 0.8-1.2 x size, so the centre is inside. */
function polygonAround(rng: Rng, place: ZonePlace): Position[] {
  const corners = rng.int(5, 8);
  const ring: Position[] = [];
  for (let i = 0; i < corners; i++) {
    const angle = ((i + rng.between(-0.25, 0.25)) / corners) * 2 * Math.PI;
    const distance = place.size * rng.between(0.8, 1.2);
    const p = offsetMeters(place, distance * Math.cos(angle), distance * Math.sin(angle));
    ring.push([round6(p.lon), round6(p.lat)]);
  }
  return [...ring, ring[0] as Position];
}

export function buildZones(rng: Rng, keys: readonly string[]): Zone[] {
  return keys.map((key, i) => {
    const place = ZONE_PLACES.find((p) => p.key === key);
    if (!place) throw new Error(`Unknown demo zone ${key}`);
    const color = place.color ?? DEFAULT_GEO_ZONE_COLOR;
    const geometry: GeoZoneGeometry =
      place.shape === 'circle'
        ? { type: 'Point', coordinates: [place.lon, place.lat], radius: place.size, color }
        : { type: 'Polygon', coordinates: [polygonAround(rng, place)], color };
    const id = i + 1;
    return {
      record: { id, version: 1, name: place.name, geometry: serializeGeoZoneGeometry(geometry) },
      geometry,
      ref: { id, name: place.name },
      // Resting positions scatter over at most 30% of the zone's size, so they stay inside it.
      stop: { point: { lat: place.lat, lon: place.lon }, scatter: Math.min(80, place.size * 0.3) },
      address: {
        street: `${place.street} ${rng.int(1, 60)}`,
        postal_code: place.postalCode,
        city: place.city,
        region: place.region,
        country: COUNTRY,
      },
    };
  });
}

export const zoneAt = (zones: readonly Zone[], point: LatLon): Zone | undefined =>
  zones.find((zone) => inGeometry(point, zone.geometry));

export function buildClients(
  rng: Rng,
  count: number,
  managers: readonly { id: number; name: string | null }[],
): { clients: ClientRecord[]; sites: Map<number, Site> } {
  const names = [...COMPANY_NAMES];
  const clients: ClientRecord[] = [];
  const sites = new Map<number, Site>();
  for (let id = 1; id <= count && names.length > 0; id++) {
    const company = names.splice(rng.int(0, names.length - 1), 1)[0] as string;
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const manager = managers.length > 0 && rng.chance(0.7) ? rng.pick(managers) : null;
    clients.push({
      id,
      version: 1,
      logical_id: 100 + id,
      company,
      name: `${first} ${last}`,
      email: `${personEmailLocal(first, last)}@${companySlug(company)}.example`,
      account_manager: manager ? { id: manager.id, name: manager.name } : null,
    });
    const town = rng.pick(TOWNS);
    const point = offsetMeters(town, rng.between(-2500, 2500), rng.between(-2500, 2500));
    sites.set(id, { stop: { point, scatter: 30 }, address: addressNear(rng, point) });
  }
  return { clients, sites };
}

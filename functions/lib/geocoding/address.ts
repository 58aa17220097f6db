import type { LastEvent } from '../../../shared/schemas/event';

/**
 * Reverse geocoding: a position becomes the address fields events and last locations
 * carry (spec 000 s.3: street, postal code, city, region, country). One interface, three providers chosen by
 * configuration (geocoder.ts): Amazon Location's ReverseGeocode, the Dutch PDOK Locatieserver, and an offline
 * one from a package for the local stack (docs/decisions/0248-reverse-geocoding-after-the-processor-with-a-per-cell-cache.md).
 */
export type Address = Pick<LastEvent, 'street' | 'postal_code' | 'city' | 'region' | 'country'>;

export const ADDRESS_FIELDS = [
  'street',
  'postal_code',
  'city',
  'region',
  'country',
] as const satisfies readonly (keyof Address)[];

export const NO_ADDRESS: Address = { street: null, postal_code: null, city: null, region: null, country: null };

export type GeocoderProvider = 'amazon' | 'pdok' | 'offline';

export interface ReverseGeocoder {
  /** The cache keeps answers per provider: another provider's answer is another answer. */
  readonly provider: GeocoderProvider;
  /**
   * The address at a WGS84 position in the language asked for (BCP 47; a provider without languages ignores
   * it). Null when the provider knows no address there (the sea, another country than it covers). Throws on a
   * failure worth retrying (the provider unreachable, throttling, a 5xx).
   */
  reverse(latitude: number, longitude: number, language: string): Promise<Address | null>;
}

/** Every field empty text becomes null, texts are trimmed and cut, so a provider's answer fits the item. */
export function cleanAddress(address: Partial<Record<keyof Address, unknown>>): Address | null {
  const clean = { ...NO_ADDRESS };
  for (const field of ADDRESS_FIELDS) {
    const value = address[field];
    const text = typeof value === 'string' || typeof value === 'number' ? String(value).trim().slice(0, 200) : '';
    clean[field] = text === '' ? null : text;
  }
  return ADDRESS_FIELDS.some((field) => clean[field] !== null) ? clean : null;
}

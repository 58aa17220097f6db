import { type Address, cleanAddress, type ReverseGeocoder } from './address';

/**
 * The Dutch public PDOK Locatieserver reverse endpoint (integrations-2.md s.5): no key, the Netherlands only,
 * "fair use" capacity, so it sits behind the same cache as Amazon's. v3.1 refuses unknown parameters, so
 * only documented ones are sent. The nearest address within `distance` metres; none: null.
 */
export const PDOK_REVERSE_URL = 'https://api.pdok.nl/bzk/locatieserver/search/v3_1/reverse';
const FIELDS =
  'straatnaam huisnummer huisletter huisnummertoevoeging postcode woonplaatsnaam gemeentenaam provincienaam afstand';
/** An address farther than this from the position is not its address. */
const MAX_DISTANCE_METERS = 1000;
const TIMEOUT_MS = 5000;

export interface PdokDoc {
  straatnaam?: string;
  huisnummer?: number | string;
  huisletter?: string;
  huisnummertoevoeging?: string;
  postcode?: string;
  woonplaatsnaam?: string;
  gemeentenaam?: string;
  provincienaam?: string;
  afstand?: number;
}

/** "1012JS" is written "1012 JS" in the Netherlands (and in the demo data). */
const postalCode = (code: string | undefined) => {
  const compact = code?.replace(/\s+/g, '').toUpperCase();
  return compact && /^\d{4}[A-Z]{2}$/.test(compact) ? `${compact.slice(0, 4)} ${compact.slice(4)}` : compact;
};

/** One PDOK `adres` document as the product's address fields. */
export function addressOfPdokDoc(doc: PdokDoc | undefined): Address | null {
  if (!doc) return null;
  const number = [doc.huisnummer, doc.huisletter, doc.huisnummertoevoeging ? `-${doc.huisnummertoevoeging}` : '']
    .filter((part) => part !== undefined && part !== '')
    .join('');
  return cleanAddress({
    street: doc.straatnaam ? [doc.straatnaam, number].filter(Boolean).join(' ') : null,
    postal_code: postalCode(doc.postcode),
    city: doc.woonplaatsnaam ?? doc.gemeentenaam,
    region: doc.provincienaam,
    country: doc.straatnaam || doc.woonplaatsnaam ? 'NL' : null,
  });
}

export function pdokGeocoder(baseUrl = process.env.PDOK_REVERSE_URL || PDOK_REVERSE_URL): ReverseGeocoder {
  return {
    provider: 'pdok',
    async reverse(latitude, longitude) {
      const query = new URLSearchParams({
        lat: String(latitude),
        lon: String(longitude),
        type: 'adres',
        rows: '1',
        distance: String(MAX_DISTANCE_METERS),
        fl: FIELDS,
      });
      const response = await fetch(`${baseUrl}?${query}`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!response.ok) throw new Error(`PDOK Locatieserver answered ${response.status}`);
      const body = (await response.json()) as { response?: { docs?: PdokDoc[] } };
      return addressOfPdokDoc(body.response?.docs?.[0]);
    },
  };
}

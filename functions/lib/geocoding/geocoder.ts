import type { GeocoderProvider, ReverseGeocoder } from './address';
import { amazonGeocoder } from './amazon-geocoder';
import { offlineGeocoder } from './offline-geocoder';
import { pdokGeocoder } from './pdok-geocoder';

/**
 * The provider the deployment chose: GEOCODER_PROVIDER `amazon` (the CDK default), `pdok` (Dutch public
 * Locatieserver) or `offline` (the local stack's default: no network, city level). GEOCODER_LANGUAGE is the
 * language addresses are asked in (BCP 47, default `nl`: the product's tags are Dutch first).
 */
export const GEOCODER_PROVIDERS: readonly GeocoderProvider[] = ['amazon', 'pdok', 'offline'];

export function geocoderProvider(value = process.env.GEOCODER_PROVIDER): GeocoderProvider {
  const provider = (value || 'amazon') as GeocoderProvider;
  if (!GEOCODER_PROVIDERS.includes(provider))
    throw new Error(`GEOCODER_PROVIDER=${value} is not one of ${GEOCODER_PROVIDERS.join(', ')}`);
  return provider;
}

export const geocoderLanguage = () => process.env.GEOCODER_LANGUAGE || 'nl';

const FACTORIES: Record<GeocoderProvider, () => ReverseGeocoder> = {
  amazon: amazonGeocoder,
  pdok: () => pdokGeocoder(),
  offline: offlineGeocoder,
};

let current: { provider: GeocoderProvider; geocoder: ReverseGeocoder } | undefined;

export function configuredGeocoder(): ReverseGeocoder {
  const provider = geocoderProvider();
  if (current?.provider !== provider) current = { provider, geocoder: FACTORIES[provider]() };
  return current.geocoder;
}

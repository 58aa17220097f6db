import { GeoPlacesClient, ReverseGeocodeCommand, type ReverseGeocodeResponse } from '@aws-sdk/client-geo-places';
import { localServiceConfig } from '../local-endpoints';
import { sdkClient } from '../sdk-client';
import { type Address, cleanAddress, type ReverseGeocoder } from './address';

/**
 * Amazon Location Service's current reverse geocoding (v2 `ReverseGeocode`, integrations-2.md s.4): no place
 * index resource, no Esri data source (its terms exclude tracking business assets). IntendedUse `Storage`
 * because the answers are cached and written onto events ("If you are going to store the results (even for
 * caching purposes), you must choose the storage option"). Locally and in tests GEO_PLACES_ENDPOINT points at
 * a stand-in.
 */
/** Only a result this close to the position is its address (metres). */
const QUERY_RADIUS_METERS = 1000;

let client: GeoPlacesClient | undefined;
const geoPlaces = () => {
  client ??= sdkClient(new GeoPlacesClient(localServiceConfig('GEO_PLACES_ENDPOINT')));
  return client;
};

type ResultItem = NonNullable<ReverseGeocodeResponse['ResultItems']>[number];

/** The first result's address as the product's fields; the country as its ISO code (the console names it). */
export function addressOfAmazonResult(item: Pick<ResultItem, 'Address'> | undefined): Address | null {
  const address = item?.Address;
  if (!address) return null;
  const street = address.Street ? [address.Street, address.AddressNumber].filter(Boolean).join(' ') : null;
  return cleanAddress({
    street,
    postal_code: address.PostalCode,
    city: address.Locality ?? address.District ?? address.SubRegion?.Name,
    region: address.Region?.Name,
    country: address.Country?.Code2 ?? address.Country?.Name,
  });
}

export function amazonGeocoder(): ReverseGeocoder {
  return {
    provider: 'amazon',
    async reverse(latitude, longitude, language) {
      const answer = await geoPlaces().send(
        new ReverseGeocodeCommand({
          QueryPosition: [longitude, latitude],
          QueryRadius: QUERY_RADIUS_METERS,
          MaxResults: 1,
          Language: language,
          IntendedUse: 'Storage',
        }),
      );
      return addressOfAmazonResult(answer.ResultItems?.[0]);
    },
  };
}

import type { LastEvent } from './schemas/event';

/**
 * Where an asset is, as one address: the address of its last location when the geocoder gave it
 * one, else the asset's own address fields (set by people, imports and the demo seed). The pipeline never
 * writes the asset's own fields, so preferring them would show where the asset was when they were set. Used
 * by the asset list's columns, the asset panel, the exports and the alarm mails.
 */
export interface AssetAddress {
  street: string | null;
  postalCode: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
}

type WithAddress = Partial<AssetAddress> & { last_event?: LastEvent | null };

export function assetAddressOf(asset: WithAddress): AssetAddress {
  const last = asset.last_event;
  if (last && (last.street || last.city || last.postal_code))
    return {
      street: last.street,
      postalCode: last.postal_code,
      city: last.city,
      region: last.region,
      country: last.country,
    };
  return {
    street: asset.street ?? null,
    postalCode: asset.postalCode ?? null,
    city: asset.city ?? null,
    region: asset.region ?? null,
    country: asset.country ?? null,
  };
}

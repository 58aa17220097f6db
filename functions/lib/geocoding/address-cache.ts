import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../data/client';
import { ADDRESS_FIELDS, type Address, type GeocoderProvider } from './address';
import type { Cell } from './cell';

/**
 * Answers of the provider per ~25 m cell (docs/data-model.md, "Addresses"): `GEOCODE#<provider>#<language>#
 * <row:column>` / `ADDRESS`, platform-wide like the rate-limit counters (an address is the provider's public
 * data, not a tenant's), TTL `expiresAt` 30 days. "No address here" is kept too (`found: false`), so the sea
 * is asked once a month, not on every fix.
 */
export const ADDRESS_CACHE_DAYS = 30;

export const addressCacheKey = (provider: GeocoderProvider, language: string, cell: Cell) => ({
  pk: `GEOCODE#${provider}#${language}#${cell.key}`,
  sk: 'ADDRESS',
});

export type CachedAnswer = { address: Address | null } | undefined;

export async function readCachedAddress(
  provider: GeocoderProvider,
  language: string,
  cell: Cell,
): Promise<CachedAnswer> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: addressCacheKey(provider, language, cell) }),
  );
  // DynamoDB deletes expired items within days, not at once: an expired one is a miss.
  if (!Item || Number(Item.expiresAt) * 1000 < Date.now()) return undefined;
  if (Item.found !== true) return { address: null };
  const address = Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, Item[field] ?? null])) as Address;
  return { address };
}

export async function cacheAddress(
  provider: GeocoderProvider,
  language: string,
  cell: Cell,
  address: Address | null,
): Promise<void> {
  const now = Date.now();
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...addressCacheKey(provider, language, cell),
        ...(address ?? {}),
        found: address !== null,
        latitude: cell.latitude,
        longitude: cell.longitude,
        cachedAt: new Date(now).toISOString(),
        expiresAt: Math.floor(now / 1000) + ADDRESS_CACHE_DAYS * 86_400,
      },
    }),
  );
}

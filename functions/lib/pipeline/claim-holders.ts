import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { LRUCache } from 'lru-cache';
import { dynamo, tableName } from '../data/client';
import { devEuiClaimKey } from '../devices/dev-eui-claims';

/**
 * Who holds a DEVEUI, as a way in that proved its tenant checks before queueing (docs/decisions/0288-uplinks-queue-per-tenant-and-deveui-another-tenant-s-tag-is-refused-at-ingest-and-counted.md): read
 * from the claim item and kept a minute per container, so a flood of uplinks for one tag costs one read a
 * minute. `null`: nobody holds it (kept too; the processor reads the claim itself for what it queues).
 * A claim that moves shows here up to a minute late: a tag deleted by one tenant and registered by another is
 * refused for the new holder's way in until then, and an uplink let through on a stale answer is still
 * refused by the processor.
 */
export const CLAIM_CACHE_TTL_MS = 60_000;
export const CLAIM_CACHE_MAX_ENTRIES = 10_000;

// Boxed: an unclaimed DEVEUI (null) is an answer to keep, and the cache holds no null.
const holders = new LRUCache<string, { holder: string | null }>({
  max: CLAIM_CACHE_MAX_ENTRIES,
  ttl: CLAIM_CACHE_TTL_MS,
});

/** The holding tenant now, read strongly consistent (a tag registered a moment ago is found); null: none. */
export async function readClaimHolder(devEui: string): Promise<string | null> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: devEuiClaimKey(devEui), ConsistentRead: true }),
  );
  return Item?.tenantId === undefined ? null : String(Item.tenantId);
}

/** The holding tenant of each DEVEUI (null: unclaimed), from the cache when it is fresh. */
export async function claimHoldersOf(devEuis: readonly string[]): Promise<Map<string, string | null>> {
  const found = new Map<string, string | null>();
  for (const devEui of new Set(devEuis)) {
    const cached = holders.get(devEui);
    const holder = cached ? cached.holder : await readClaimHolder(devEui);
    if (!cached) holders.set(devEui, { holder });
    found.set(devEui, holder);
  }
  return found;
}

/** Tests: start cold. */
export const clearClaimHolderCache = () => holders.clear();

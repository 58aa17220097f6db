import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ACCESS_PATTERNS } from '../../../shared/table';
import { dynamo, tableName } from '../data/client';
import { queryAllPages } from '../data/query-page';
import type { TenantContext } from '../data/tenant-context';
import { tenantEventsPartition } from '../events/event-repository';
import { areaKeys } from './area-keys';

/**
 * The first day located events name their asset (the release that gave events `asset` and these keys): an older
 * event names none, so it cannot be keyed by asset and cell, and the area search does not find it (nor does the
 * asset's track, gsi2). The backfill reads only from here on.
 */
export const AREA_KEYS_SINCE = '2026-12-01T00:00:00.000Z';

/**
 * Gives one tenant's located events with a position and an asset, written without the area keys (gsi3, gsi4:
 * area-keys.ts), their keys. Reads the tenant's events by date (gsi1) from `since`, filtered to the ones without
 * keys, and updates them one at a time, each conditioned on still lacking them (an event is never rewritten, so
 * nothing else races it). Idempotent: a second run finds nothing. The migration step area-keys
 * (scripts/migrations/steps.ts).
 */
export async function backfillAreaKeys(
  ctx: TenantContext,
  since = AREA_KEYS_SINCE,
): Promise<{ read: number; updated: number }> {
  let read = 0;
  let updated = 0;
  const pages = queryAllPages({
    TableName: tableName(),
    IndexName: ACCESS_PATTERNS.eventsOfTenantByDate,
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk >= :since',
    FilterExpression: 'attribute_exists(asset.id) AND attribute_exists(latitude) AND attribute_not_exists(gsi3pk)',
    ExpressionAttributeValues: { ':pk': tenantEventsPartition(ctx), ':since': `EV#${since}` },
  });
  for await (const page of pages) {
    read += page.ScannedCount ?? 0;
    for (const item of page.Items ?? []) {
      const keys = areaKeys(ctx, item as Parameters<typeof areaKeys>[1]);
      if (Object.keys(keys).length === 0) continue;
      if (await setKeys(item, keys)) updated++;
    }
  }
  return { read, updated };
}

async function setKeys(item: Record<string, unknown>, keys: Record<string, string>): Promise<boolean> {
  const names = Object.keys(keys);
  return dynamo()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: item.pk, sk: item.sk },
        UpdateExpression: `SET ${names.map((_, i) => `#k${i} = :k${i}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(gsi3pk)',
        ExpressionAttributeNames: Object.fromEntries(names.map((name, i) => [`#k${i}`, name])),
        ExpressionAttributeValues: Object.fromEntries(names.map((name, i) => [`:k${i}`, keys[name]])),
      }),
    )
    .then(() => true)
    .catch((error: Error) => {
      // Expired (TTL) or keyed meanwhile: nothing to do.
      if (error.name !== 'ConditionalCheckFailedException') throw error;
      return false;
    });
}

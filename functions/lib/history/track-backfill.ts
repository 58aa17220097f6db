import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../data/client';
import { PartitionPacer } from '../data/partition-pace';
import { queryAllPages } from '../data/query-page';
import type { TenantContext } from '../data/tenant-context';
import { devicePartition } from '../devices/device-repository';
import { assetTrackPartition, deviceEventsPartition, eventDateKey } from '../events/event-repository';

/**
 * Events written before they carried their asset are in no asset's track. For each device on an asset, its
 * events dated from when it joined that asset (`asset_since`) get `asset` and the track keys (gsi2): the tag
 * was on that asset then. Older events, and events of devices without an asset, stay out of every track:
 * which asset they were on is not known. The migration step asset-track-keys (scripts/migrations/steps.ts).
 *
 * Idempotent: only events with no `asset` attribute at all are read back and written, each on that condition,
 * so an event the pipeline wrote meanwhile, or a second run, is left alone. Paced (partition-pace.ts): the
 * writes of one device land in one events partition and one track partition.
 */
interface DeviceLink {
  id: number;
  asset?: { id: number } | null;
  asset_since?: string | null;
}

export interface TrackBackfillReport {
  devices: number;
  events: number;
  skipped: number;
}

export async function backfillAssetTracks(
  ctx: TenantContext,
  pacer = new PartitionPacer(),
): Promise<TrackBackfillReport> {
  const report: TrackBackfillReport = { devices: 0, events: 0, skipped: 0 };
  const pages = queryAllPages({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :device)',
    ExpressionAttributeValues: { ':pk': devicePartition(ctx), ':device': 'DEVICE#' },
    ProjectionExpression: 'id, asset, asset_since',
  });
  for await (const page of pages) {
    for (const device of (page.Items ?? []) as DeviceLink[]) {
      if (!device.asset || !device.asset_since) continue;
      report.devices++;
      const link = { id: device.id, asset: device.asset, asset_since: device.asset_since };
      const done = await backfillDevice(ctx, link, pacer);
      report.events += done.events;
      report.skipped += done.skipped;
    }
  }
  return report;
}

async function backfillDevice(
  ctx: TenantContext,
  device: { id: number; asset: { id: number }; asset_since: string },
  pacer: PartitionPacer,
) {
  const done = { events: 0, skipped: 0 };
  const track = assetTrackPartition(ctx, device.asset.id);
  const pages = queryAllPages({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND sk >= :since',
    FilterExpression: 'attribute_not_exists(asset)',
    ExpressionAttributeValues: {
      ':pk': deviceEventsPartition(ctx, device.id),
      ':since': `EV#${eventDateKey(device.asset_since)}`,
    },
    ProjectionExpression: 'pk, sk',
  });
  for await (const page of pages) {
    for (const event of page.Items ?? []) {
      // One write to the event, one to the track index.
      await pacer.take(2);
      const written = await giveAsset(event as { pk: string; sk: string }, device.asset.id, track);
      done[written ? 'events' : 'skipped']++;
    }
  }
  return done;
}

async function giveAsset(key: { pk: string; sk: string }, assetId: number, track: string): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET asset = :asset, gsi2pk = :track, gsi2sk = sk',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(asset)',
        ExpressionAttributeValues: { ':asset': { id: assetId }, ':track': track },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    return false;
  }
}

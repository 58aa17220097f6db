import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  type DroppedPosition,
  HISTORY_PAGE_DEFAULT,
  HISTORY_PAGE_MAX,
  type TrackFix,
} from '../../../shared/schemas/asset-history';
import { EVENT_TYPES, type EventType } from '../../../shared/schemas/event';
import { ACCESS_PATTERNS } from '../../../shared/table';
import { dynamo, tableName } from '../data/client';
import type { TenantContext } from '../data/tenant-context';
import { assetTrackPartition, deviceEventsPartition, eventDateKey, eventSortKey } from '../events/event-repository';
import { badRequest } from '../http/errors';

/**
 * An asset's track: its located events in gsi2 (ACCESS_PATTERNS.eventsOfAssetByDate), oldest first, each cut
 * down to a TrackFix. A page is one Query chain of at most `limit` items; the cursor names the last event
 * read (`<epoch ms>-<event id>-<device id>`), which is all it takes to rebuild the table and index key that
 * DynamoDB goes on from.
 */
export interface TrackRead {
  from: string;
  to: string;
  cursor?: string;
  limit?: number;
}

export interface TrackPage {
  fixes: TrackFix[];
  next?: string;
  itemsRead: number;
}

// Only what a fix needs is sent back; every name is a placeholder (date, source and type are reserved words).
const FIELDS = ['id', 'date', 'latitude', 'longitude', 'radius', 'source', 'type', 'device', 'geo_zone'] as const;
const LOOSE_FIELDS = ['dropped', 'outlier'] as const;
const PROJECTION = {
  ProjectionExpression: [...FIELDS, ...LOOSE_FIELDS].map((name) => `#${name}`).join(', '),
  ExpressionAttributeNames: Object.fromEntries([...FIELDS, ...LOOSE_FIELDS].map((name) => [`#${name}`, name])),
};

export async function readAssetTrack(ctx: TenantContext, assetId: number, read: TrackRead): Promise<TrackPage> {
  const limit = Math.min(Math.max(1, read.limit ?? HISTORY_PAGE_DEFAULT), HISTORY_PAGE_MAX);
  const pk = assetTrackPartition(ctx, assetId);
  let startKey = read.cursor ? startKeyOf(ctx, pk, read) : undefined;
  const items: Record<string, unknown>[] = [];
  let itemsRead = 0;
  do {
    const result = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: ACCESS_PATTERNS.eventsOfAssetByDate,
        KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': pk,
          ':from': `EV#${eventDateKey(read.from)}`,
          // '~' sorts after '#' and every digit, so the bound takes in every event of its last millisecond.
          ':to': `EV#${eventDateKey(read.to)}~`,
        },
        ProjectionExpression: PROJECTION.ProjectionExpression,
        ExpressionAttributeNames: { ...PROJECTION.ExpressionAttributeNames, '#pk': 'gsi2pk', '#sk': 'gsi2sk' },
        ScanIndexForward: true,
        Limit: limit - items.length,
        ExclusiveStartKey: startKey,
      }),
    );
    itemsRead += result.ScannedCount ?? 0;
    items.push(...(result.Items ?? []));
    startKey = result.LastEvaluatedKey;
  } while (startKey && items.length < limit);
  const all = items.map(toTrackFix);
  const last = all[all.length - 1];
  // An event with neither a position nor a dropped one has nothing to draw; the cursor still goes past it.
  const fixes = all.filter((fix) => fix.latitude !== null || fix.dropped !== undefined);
  return { fixes, itemsRead, ...(startKey && last ? { next: cursorOf(last) } : {}) };
}

export const cursorOf = (fix: Pick<TrackFix, 'at' | 'id' | 'deviceId'>) =>
  `${Date.parse(fix.at)}-${fix.id}-${fix.deviceId}`;

/** The keys DynamoDB goes on from; a cursor outside the period would make the Query fail, so it is refused. */
function startKeyOf(ctx: TenantContext, pk: string, read: TrackRead): Record<string, string> {
  const [ms, id, deviceId] = (read.cursor as string).split('-').map(Number) as [number, number, number];
  const at = new Date(ms);
  const inside = at.getTime() >= Date.parse(read.from) && at.getTime() <= Date.parse(read.to);
  if (!inside || !Number.isSafeInteger(id) || id < 1 || !Number.isSafeInteger(deviceId) || deviceId < 1) {
    throw badRequest('Invalid cursor');
  }
  const sk = eventSortKey(at.toISOString(), id);
  return { pk: deviceEventsPartition(ctx, deviceId), sk, gsi2pk: pk, gsi2sk: sk };
}

const numberOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const SOURCES = new Set(['gnss', 'wifi', 'network']);
const sourceOf = (value: unknown): TrackFix['source'] =>
  typeof value === 'string' && SOURCES.has(value) ? (value as TrackFix['source']) : null;

/** Read loosely: `dropped` and `outlier` are written by the pipeline's plausibility filter, when it has them. */
function droppedOf(value: unknown): DroppedPosition[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const dropped = value.flatMap((entry): DroppedPosition[] => {
    const latitude = numberOrNull(entry?.latitude);
    const longitude = numberOrNull(entry?.longitude);
    if (latitude === null || longitude === null) return [];
    const source = typeof entry.source === 'string' ? entry.source : null;
    const reason = typeof entry.reason === 'string' ? entry.reason : '';
    return [{ latitude, longitude, radius: numberOrNull(entry.radius), source, reason }];
  });
  return dropped.length > 0 ? dropped : undefined;
}

export function toTrackFix(item: Record<string, unknown>): TrackFix {
  const device = item.device as { id: number } | undefined;
  const zone = item.geo_zone as { id: number; name: string | null } | null | undefined;
  const dropped = droppedOf(item.dropped);
  const type = (EVENT_TYPES as readonly string[]).includes(item.type as string) ? (item.type as EventType) : 'still';
  return {
    id: Number(item.id),
    at: String(item.date),
    latitude: numberOrNull(item.latitude),
    longitude: numberOrNull(item.longitude),
    radius: numberOrNull(item.radius),
    source: sourceOf(item.source),
    type,
    deviceId: Number(device?.id),
    zone: zone ? { id: zone.id, name: zone.name ?? null } : null,
    ...(dropped ? { dropped } : {}),
    ...(typeof item.outlier === 'string' && item.outlier ? { outlier: item.outlier } : {}),
  };
}

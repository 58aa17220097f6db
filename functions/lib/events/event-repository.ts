import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type Event, type EventType, eventSchema } from '../../../shared/schemas/event';
import { ACCESS_PATTERNS } from '../../../shared/table';
import { areaKeys } from '../area-search/area-keys';
import { dynamo, tableName } from '../data/client';
import { counterKey, pad, typePartition } from '../data/keys';
import { queryAllPages, queryPage } from '../data/query-page';
import { fromItem } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';
import { allowListOf } from '../http/allow-list';
import { expiresAfterDays, retentionOf } from '../settings/retention-settings';
import { eventFromKey, eventToKey } from './event-days';

/**
 * Located events of devices (spec 000 Events tab, GET /api/events). Events are written by the device
 * pipeline and the seed, never edited but for their address (the geocoder) and an outlier's mark, and always
 * read per device newest first, so they do not go through
 * createRepository (whose partition is one per type, in id order). Keys:
 *  - table  pk T#<t>#DEVICE#<deviceId>#EVENTS, sk EV#<ISO date>#<id>
 *           events of a device by date then id: one Query, ScanIndexForward=false for "date, id desc";
 *           fromDate/toDate are a BETWEEN on sk, type is a filter
 *  - gsi1   byTenantDate: T#<t>#EVENT / EV#<ISO date>#<id>     all events of a tenant by date (no device.id)
 *  - gsi2   byAssetDate: T#<t>#ASSET#<assetId>#TRACK / EV#<ISO date>#<id>   an asset's track (events with an asset)
 *  - gsi3, gsi4  the area search's geohash cells (events with a position and an asset): area-search/area-keys.ts
 * As for every item, `entityType` holds the entity type (EVENT); the event's own `type` is stored as is.
 */
export const EVENT_ENTITY_TYPE = 'EVENT';

/** An event as stored and handled: the API shape without JSON-LD keys; a stored event always has a device. */
export type EventRecord = Omit<Event, '@id' | '@type' | 'device'> & { device: { id: number; name: string | null } };

export const deviceEventsPartition = (ctx: TenantContext, deviceId: number) =>
  `${typePartition(ctx, 'DEVICE')}#${deviceId}#EVENTS`;
export const tenantEventsPartition = (ctx: TenantContext) => typePartition(ctx, EVENT_ENTITY_TYPE);
export const assetTrackPartition = (ctx: TenantContext, assetId: number) =>
  `${typePartition(ctx, 'ASSET')}#${assetId}#TRACK`;

const SK_PREFIX = 'EV#';
/** Dates are keys: one spelling (UTC ISO with milliseconds) keeps string order = time order. */
export const eventDateKey = (date: string): string => {
  const parsed = new Date(date);
  if (Number.isNaN(parsed.getTime())) throw new RangeError(`Invalid event date: ${date}`);
  return parsed.toISOString();
};
export const eventSortKey = (date: string, id: number) => `${SK_PREFIX}${eventDateKey(date)}#${pad(id)}`;

/** `keptDays`: the tenant's period for located events; the event goes that long after its own date. */
export function toEventItem(ctx: TenantContext, event: EventRecord, keptDays: number): Record<string, unknown> {
  const sk = eventSortKey(event.date, event.id);
  const date = eventDateKey(event.date);
  return {
    ...event,
    date,
    expiresAt: expiresAfterDays(event.date, keptDays),
    pk: deviceEventsPartition(ctx, event.device.id),
    sk,
    gsi1pk: tenantEventsPartition(ctx),
    gsi1sk: sk,
    ...(event.asset ? { gsi2pk: assetTrackPartition(ctx, event.asset.id), gsi2sk: sk } : {}),
    ...areaKeys(ctx, { ...event, date }),
    entityType: EVENT_ENTITY_TYPE,
    tenantId: ctx.tenantId,
  };
}

export const fromEventItem = (item: Record<string, unknown>): EventRecord => fromItem<EventRecord>(item);

/** Reserves `count` consecutive event ids of the tenant; returns the first. */
export async function reserveEventIds(ctx: TenantContext, count = 1): Promise<number> {
  const result = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: counterKey(ctx, EVENT_ENTITY_TYPE),
      UpdateExpression: 'ADD lastId :n',
      ExpressionAttributeValues: { ':n': count },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(result.Attributes?.lastId) - count + 1;
}

/** Stores one event; false when an event with the same device, date and id is already stored (a replay). */
export async function putEvent(ctx: TenantContext, event: EventRecord): Promise<boolean> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: toEventItem(ctx, event, (await retentionOf(ctx)).locatedEventDays),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * Marks the event of a position that later positions outvoted (docs/device-payloads.md, "Plausibility"): only
 * while it exists and shows that position (a key guessed for a device from before `last_fix` finds nothing
 * else); false when it does not. Idempotent: a retried uplink sets the same reason again.
 */
export async function markOutlier(
  ctx: TenantContext,
  mark: { deviceId: number; date: string; eventId: number; latitude: number; longitude: number; reason: string },
): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: deviceEventsPartition(ctx, mark.deviceId), sk: eventSortKey(mark.date, mark.eventId) },
        UpdateExpression: 'SET #outlier = :reason',
        ConditionExpression: 'attribute_exists(pk) AND #lat = :latitude AND #lon = :longitude',
        ExpressionAttributeNames: { '#outlier': 'outlier', '#lat': 'latitude', '#lon': 'longitude' },
        ExpressionAttributeValues: { ':reason': mark.reason, ':latitude': mark.latitude, ':longitude': mark.longitude },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

const BATCH_SIZE = 25;
const MAX_ATTEMPTS = 8;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Bulk load (seed, imports): BatchWriteItem in chunks of 25, `concurrency` chunks in flight, unprocessed
 * items retried with exponential backoff. Overwrites events with the same key (batch writes take no
 * condition).
 */
export async function batchPutEvents(ctx: TenantContext, events: readonly EventRecord[], concurrency = 4) {
  const chunks: Record<string, unknown>[][] = [];
  const keptDays = (await retentionOf(ctx)).locatedEventDays;
  for (let i = 0; i < events.length; i += BATCH_SIZE) {
    chunks.push(events.slice(i, i + BATCH_SIZE).map((event) => toEventItem(ctx, event, keptDays)));
  }
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      const chunk = chunks[next++] as Record<string, unknown>[];
      await writeChunk(chunk.map((Item) => ({ PutRequest: { Item } })));
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
}

type WriteRequest = { PutRequest: { Item: Record<string, unknown> } };

async function writeChunk(requests: WriteRequest[]): Promise<void> {
  let pending = requests;
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt >= MAX_ATTEMPTS) throw new Error(`${pending.length} events stayed unprocessed after ${attempt} tries`);
    if (attempt > 0) await sleep(Math.min(1000, 25 * 2 ** attempt));
    const result = await dynamo().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
    pending = (result.UnprocessedItems?.[tableName()] ?? []) as WriteRequest[];
  }
}

export interface EventFilter {
  /** Without a device, the tenant's events (gsi1). */
  deviceId?: number;
  /** ISO date or date-time; a plain date covers that whole (UTC) day. Both bounds are inclusive. */
  fromDate?: string;
  toDate?: string;
  type?: EventType;
}

/** A fromDate as the sort key it starts at: a plain date is the start of its Amsterdam day (event-days.ts). */
export const eventBoundKey = eventFromKey;

function eventQuery(ctx: TenantContext, filter: EventFilter) {
  const byDevice = filter.deviceId !== undefined;
  const pkName = byDevice ? 'pk' : 'gsi1pk';
  const skName = byDevice ? 'sk' : 'gsi1sk';
  const values: Record<string, unknown> = {
    ':pk': byDevice ? deviceEventsPartition(ctx, filter.deviceId as number) : tenantEventsPartition(ctx),
    ':from': `${SK_PREFIX}${filter.fromDate ? eventFromKey(filter.fromDate) : ''}`,
    // '~' sorts after every character of an ISO date and after '#', so the bound includes its whole prefix.
    ':to': `${SK_PREFIX}${filter.toDate ? eventToKey(filter.toDate) : ''}~`,
  };
  if (filter.type) values[':type'] = filter.type;
  return {
    TableName: tableName(),
    ...(byDevice ? {} : { IndexName: ACCESS_PATTERNS.eventsOfTenantByDate }),
    KeyConditionExpression: `${pkName} = :pk AND ${skName} BETWEEN :from AND :to`,
    // `type` is a DynamoDB reserved word, hence the attribute name placeholder.
    ...(filter.type ? { FilterExpression: '#type = :type', ExpressionAttributeNames: { '#type': 'type' } } : {}),
    ExpressionAttributeValues: values,
  };
}

/** One page of events, date then id descending (spec 000 s.9). Page N reads the pages before it. */
export async function queryEvents(
  ctx: TenantContext,
  filter: EventFilter & { page: number; itemsPerPage: number },
): Promise<{ items: EventRecord[]; itemsRead: number }> {
  const { items, itemsRead } = await queryPage(
    { ...eventQuery(ctx, filter), ScanIndexForward: false },
    filter.page,
    filter.itemsPerPage,
  );
  return { items: items.map(fromEventItem), itemsRead };
}

/** hydra:totalItems for the same filter (Select COUNT reads keys only on the server side). */
export async function countEvents(ctx: TenantContext, filter: EventFilter): Promise<number> {
  let total = 0;
  for await (const result of queryAllPages({ ...eventQuery(ctx, filter), Select: 'COUNT' })) total += result.Count ?? 0;
  return total;
}

/** The newest event of a device (the pipeline compares an uplink with it). */
export async function latestDeviceEvent(ctx: TenantContext, deviceId: number): Promise<EventRecord | undefined> {
  const { items } = await queryEvents(ctx, { deviceId, page: 1, itemsPerPage: 1 });
  return items[0];
}

const allowedEvent = allowListOf(eventSchema);

export const toApiEvent = (event: EventRecord): Event =>
  allowedEvent({ '@id': `/api/events/${event.id}`, '@type': 'Event', ...event });

import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../data/client';
import { itemKey } from '../data/keys';
import type { TenantContext } from '../data/tenant-context';
import { deviceEventsPartition, eventSortKey } from '../events/event-repository';
import { ADDRESS_FIELDS, type Address } from './address';
import type { GeocodeRequest } from './geocode-request';

/**
 * The geocoder's writes: the address onto the event, the device's last event (with its `geocoded` position)
 * and the asset's last event. Each is conditioned on the item still showing the position and time that were
 * geocoded, so an older position's address never lands on a newer position (a late answer finds another
 * `last_event.date` and writes nothing there).
 */
export interface GeocodedAddress extends Address {
  latitude: number;
  longitude: number;
  accuracy: number | null;
  at: string;
}

async function update(input: {
  key: Record<string, string>;
  sets: string[];
  condition: string;
  names: Record<string, string>;
  values: Record<string, unknown>;
}): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: input.key,
        UpdateExpression: `SET ${input.sets.join(', ')}`,
        ConditionExpression: input.condition,
        ExpressionAttributeNames: input.names,
        ExpressionAttributeValues: input.values,
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** SET of the five address fields under `path` (`` for the event itself, `#last.` for last_event). */
function addressSets(path: string, address: Address) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = ADDRESS_FIELDS.map((field, i) => {
    names[`#f${i}`] = field;
    values[`:f${i}`] = address[field];
    return `${path}#f${i} = :f${i}`;
  });
  return { sets, names, values };
}

const position = (request: GeocodeRequest) => ({ ':lat': request.latitude, ':lon': request.longitude });
const SAME_LAST_EVENT =
  'attribute_exists(pk) AND #last.#date = :date AND #last.latitude = :lat AND #last.longitude = :lon';

export async function writeEventAddress(ctx: TenantContext, request: GeocodeRequest, address: Address) {
  const { sets, names, values } = addressSets('', address);
  return update({
    key: { pk: deviceEventsPartition(ctx, request.deviceId), sk: eventSortKey(request.date, request.eventId) },
    sets,
    condition: 'attribute_exists(pk) AND latitude = :lat AND longitude = :lon',
    names,
    values: { ...values, ...position(request) },
  });
}

const NEWER_GEOCODED = '(attribute_not_exists(geocoded) OR geocoded.#at < :date)';

/**
 * The device: its last event's address when that is still this fix, and `geocoded` (what the processor
 * compares the next fix with) unless a later fix was geocoded already. One write; a second only when the last
 * event has moved on meanwhile.
 */
export async function writeDeviceAddress(ctx: TenantContext, request: GeocodeRequest, address: Address | null) {
  const key = itemKey(ctx, 'DEVICE', request.deviceId);
  const geocoded: GeocodedAddress = {
    ...(address ?? { street: null, postal_code: null, city: null, region: null, country: null }),
    latitude: request.latitude,
    longitude: request.longitude,
    accuracy: request.accuracy,
    at: request.date,
  };
  const base = { names: { '#at': 'at' }, values: { ':geocoded': geocoded, ':date': request.date } };
  if (address) {
    const fields = addressSets('#last.', address);
    const written = await update({
      key,
      sets: [...fields.sets, 'geocoded = :geocoded'],
      condition: `${SAME_LAST_EVENT} AND ${NEWER_GEOCODED}`,
      names: { ...base.names, ...fields.names, '#last': 'last_event', '#date': 'date' },
      values: { ...base.values, ...fields.values, ...position(request) },
    });
    if (written) return { lastEvent: true };
  }
  await update({
    key,
    sets: ['geocoded = :geocoded'],
    condition: `attribute_exists(pk) AND ${NEWER_GEOCODED}`,
    names: base.names,
    values: base.values,
  });
  return { lastEvent: false };
}

export async function writeAssetAddress(ctx: TenantContext, request: GeocodeRequest, address: Address) {
  if (request.assetId === null) return false;
  const fields = addressSets('#last.', address);
  return update({
    key: itemKey(ctx, 'ASSET', request.assetId),
    sets: fields.sets,
    condition: SAME_LAST_EVENT,
    names: { ...fields.names, '#last': 'last_event', '#date': 'date' },
    values: { ...fields.values, ':date': request.date, ...position(request) },
  });
}

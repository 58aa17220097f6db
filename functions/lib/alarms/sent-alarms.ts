import { createHash } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, type QueryCommandInput, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { alarmHandlingShape } from '../../../shared/schemas/alarm-handling';
import { type AssetAlarm, assetAlarmSchema } from '../../../shared/schemas/asset-alarm';
import { dynamo, tableName } from '../data/client';
import { pad, tenantPrefix } from '../data/keys';
import { queryAllPages, queryPage } from '../data/query-page';
import { fromItem } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';
import { allowListOf } from '../http/allow-list';
import { expiryOf } from '../settings/retention-settings';
import { handlingOf, type StoredAlarmHandling } from './alarm-handling-record';
import { alarmInboxKeys } from './alarm-inbox-keys';

/**
 * A sent alarm as stored; `status` is 'sending' from the claim until SNS accepted the mail. `clientId` is the
 * asset's customer when it was raised: it puts the open alarm in that customer's inbox (alarm-inbox.ts).
 */
export type SentAlarmRecord = Omit<AssetAlarm, '@id' | '@type' | keyof typeof alarmHandlingShape> & {
  status: 'sending' | 'sent';
  clientId?: number | null;
  /** Zone stock (types 4/5): the zone and profile that own an alarm without asset and tag. */
  zoneId?: number | null;
  profileId?: number;
} & Partial<StoredAlarmHandling>;

/** Who owns a sent alarm's partition: the asset, else the tag, else (zone stock) the zone. */
export interface SentAlarmOwner {
  assetId: number | null;
  deviceId: number;
  zoneId?: number | null;
  profileId?: number;
}

/** A zone stock alarm: no asset, no tag (device 0), a zone and a profile. */
const isZoneOwned = (owner: SentAlarmOwner): owner is SentAlarmOwner & { zoneId: number } =>
  owner.assetId === null && owner.deviceId === 0 && typeof owner.zoneId === 'number';

/**
 * Alarms sent, per asset (docs/data-model.md):
 *  - table  pk T#<t>#ASSET#<assetId>#ALARMS, sk ALARM#<alarm id>   newest first by a reverse query
 *    (an event of a tag linked to no asset: pk T#<t>#DEVICE#<deviceId>#ALARMS; a zone stock alarm,
 *    with neither: pk T#<t>#GEOZONE#<zoneId>#ALARMS)
 * The alarm id starts with the event's time, so sort order is time order, and it ends with a hash of the
 * domain event (tenant, device, kind, time), so the same event (an EventBridge redelivery, or the processor
 * publishing it again after a retried batch) yields the same id: the claim's conditional put is the
 * idempotency check.
 */
export const sentAlarmsPartition = (ctx: TenantContext, owner: SentAlarmOwner) => {
  if (isZoneOwned(owner)) return `${tenantPrefix(ctx)}GEOZONE#${pad(owner.zoneId)}#ALARMS`;
  return owner.assetId === null
    ? `${tenantPrefix(ctx)}DEVICE#${pad(owner.deviceId)}#ALARMS`
    : `${tenantPrefix(ctx)}ASSET#${pad(owner.assetId)}#ALARMS`;
};

/** A zone stock alarm's hash also names its zone and profile: two profiles may cross at the same instant. */
export function sentAlarmId(
  event: { tenantId: string; deviceId: number; kind: number; at: string; zoneId?: number | null; profileId?: number },
  ruleId: number,
) {
  const time = new Date(event.at).toISOString().replace(/[-:.]/g, '');
  const stock = event.profileId === undefined ? '' : `|${event.zoneId}|${event.profileId}`;
  const hash = createHash('sha256')
    .update(`${event.tenantId}|${event.deviceId}|${event.kind}|${event.at}${stock}`)
    .digest('hex')
    .slice(0, 12);
  return `${time}-${ruleId}-${hash}`;
}

const keyOf = (ctx: TenantContext, record: SentAlarmOwner & { id: string }) => ({
  pk: sentAlarmsPartition(ctx, record),
  sk: `ALARM#${record.id}`,
});

/**
 * Records the alarm before it is mailed. Answers whether to mail: yes for a new record, and for one a
 * previous attempt claimed but never marked sent (it failed between claim and publish); no once sent.
 */
export async function claimSentAlarm(ctx: TenantContext, record: SentAlarmRecord): Promise<boolean> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...record,
          ...keyOf(ctx, record),
          ...alarmInboxKeys(ctx, record.id, record.clientId ?? null),
          entityType: 'SENT_ALARM',
          tenantId: ctx.tenantId,
          expiresAt: await expiryOf(ctx, 'alarmDays', record.at),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    const existing = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keyOf(ctx, record) }));
    return existing.Item?.status !== 'sent';
  }
}

export async function markSentAlarm(ctx: TenantContext, record: SentAlarmRecord, sentAt: string): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keyOf(ctx, record),
      UpdateExpression: 'SET #status = :sent, sentAt = :at',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':sent': 'sent', ':at': sentAt },
    }),
  );
}

const allowedAssetAlarm = allowListOf(assetAlarmSchema);

/** The record's delivery `status` is the sender's; the answer holds the schema's keys only. */
export const toApiAssetAlarm = (item: Record<string, unknown>): AssetAlarm => {
  const record = fromItem<SentAlarmRecord>(item);
  const base = isZoneOwned(record)
    ? `/api/geo-zones/${record.zoneId}`
    : record.assetId === null
      ? `/api/devices/${record.deviceId}`
      : `/api/assets/${record.assetId}`;
  return allowedAssetAlarm({
    '@id': `${base}/alarms/${record.id}`,
    '@type': 'AssetAlarm',
    ...record,
    ...handlingOf(record),
  });
};

/** One page of an asset's alarms, newest first, and their number (a count query over the asset's partition). */
export async function listAssetAlarms(ctx: TenantContext, assetId: number, page: number, itemsPerPage: number) {
  const query = {
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': sentAlarmsPartition(ctx, { assetId, deviceId: 0 }) },
    ScanIndexForward: false,
  };
  const [{ items }, total] = await Promise.all([queryPage(query, page, itemsPerPage), countAll(query)]);
  return { members: items.map(toApiAssetAlarm), total };
}

async function countAll(query: Omit<QueryCommandInput, 'Select'>): Promise<number> {
  let total = 0;
  for await (const result of queryAllPages({ ...query, Select: 'COUNT' })) total += result.Count ?? 0;
  return total;
}

import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { assetPartition } from '../assets/asset-repository';
import { dynamo, tableName } from '../data/client';
import { queryAllPages } from '../data/query-page';
import type { TenantContext } from '../data/tenant-context';
import { devicePartition } from '../devices/device-repository';
import { alarmInboxKeys } from './alarm-inbox-keys';
import { sentAlarmsPartition } from './sent-alarms';

/**
 * Gives the open alarms sent before the alarm inbox existed their inbox keys (the alarm handler sets them
 * since): the migration step alarm-inbox-entries (scripts/migrations/steps.ts;
 * docs/decisions/0255-the-alarm-inbox-sparse-index-entries-on-open-sent-alarms.md). Reads every asset's and
 * device's alarm partition of the tenant (Queries, no scan) and keys only alarms still
 * unacknowledged and without keys, conditioned on both, so an acknowledgement meanwhile is never undone.
 * Idempotent: a second run keys nothing.
 */
export async function backfillAlarmInbox(ctx: TenantContext): Promise<{ owners: number; keyed: number }> {
  let owners = 0;
  let keyed = 0;
  for await (const page of queryAllPages({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': assetPartition(ctx) },
    ProjectionExpression: '#id, #client',
    ExpressionAttributeNames: { '#id': 'id', '#client': 'client' },
  })) {
    for (const item of page.Items ?? []) {
      owners++;
      const clientId = (item.client as { id?: number } | null)?.id ?? null;
      keyed += await keyOpenAlarms(ctx, sentAlarmsPartition(ctx, { assetId: Number(item.id), deviceId: 0 }), clientId);
    }
  }
  for await (const page of queryAllPages({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': devicePartition(ctx) },
    ProjectionExpression: '#id',
    ExpressionAttributeNames: { '#id': 'id' },
  })) {
    for (const item of page.Items ?? []) {
      owners++;
      keyed += await keyOpenAlarms(ctx, sentAlarmsPartition(ctx, { assetId: null, deviceId: Number(item.id) }), null);
    }
  }
  return { owners, keyed };
}

async function keyOpenAlarms(ctx: TenantContext, partition: string, clientId: number | null): Promise<number> {
  let keyed = 0;
  for await (const page of queryAllPages({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    FilterExpression: 'attribute_not_exists(gsi1pk) AND attribute_type(acknowledgedAt, :null)',
    ExpressionAttributeValues: { ':pk': partition, ':null': 'NULL' },
  })) {
    for (const item of page.Items ?? []) {
      const keys = Object.entries(alarmInboxKeys(ctx, String(item.id), clientId));
      const names = Object.fromEntries(keys.map(([name], i) => [`#k${i}`, name]));
      const values = Object.fromEntries(keys.map(([, value], i) => [`:k${i}`, value]));
      await dynamo()
        .send(
          new UpdateCommand({
            TableName: tableName(),
            Key: { pk: item.pk, sk: item.sk },
            UpdateExpression: `SET ${keys.map((_, i) => `#k${i} = :k${i}`).join(', ')}`,
            ConditionExpression: 'attribute_not_exists(gsi1pk) AND attribute_type(acknowledgedAt, :null)',
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: { ...values, ':null': 'NULL' },
          }),
        )
        .then(() => keyed++)
        .catch((error: Error) => {
          // Acknowledged (or keyed) meanwhile: nothing to add.
          if (error.name !== 'ConditionalCheckFailedException') throw error;
        });
    }
  }
  return keyed;
}

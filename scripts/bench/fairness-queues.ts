import {
  DeleteMessageBatchCommand,
  GetQueueAttributesCommand,
  GetQueueUrlCommand,
  ReceiveMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../functions/lib/data/client';
import { typePartition } from '../../functions/lib/data/keys';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { localServiceConfig } from '../../functions/lib/local-endpoints';
import { UPLINK_DLQ_NAME } from '../../functions/lib/pipeline/queue/uplink-queue';
import type { Tag } from './fairness-setup';
import { partitionCounts } from './partition';

/**
 * What the fairness bench reads behind the API: the uplink queue's depth (a phase starts on an empty queue, so
 * one attack's backlog is not the next one's), the dead-letter queue's messages per tenant (taken off it, so
 * each phase counts its own), the events a tenant's tags got and the refusals counted for a tenant.
 */
let sqsClient: SQSClient | undefined;
const sqs = () => {
  sqsClient ??= new SQSClient(localServiceConfig('SQS_ENDPOINT'));
  return sqsClient;
};

export async function queueDepth(): Promise<number> {
  const { Attributes } = await sqs().send(
    new GetQueueAttributesCommand({ QueueUrl: process.env.UPLINK_QUEUE_URL, AttributeNames: ['All'] }),
  );
  return (
    Number(Attributes?.ApproximateNumberOfMessages ?? 0) +
    Number(Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0)
  );
}

/** Until the uplink queue is empty (or `capMs` passed); answers the seconds waited. */
export async function drainQueue(capMs: number): Promise<number> {
  const started = Date.now();
  while ((await queueDepth()) > 0 && Date.now() - started < capMs)
    await new Promise((resolve) => setTimeout(resolve, 1000));
  return (Date.now() - started) / 1000;
}

/** The dead-letter queue's messages by their tenant, taken off the queue. */
export async function takeDeadLetters(): Promise<Map<string, number>> {
  const { QueueUrl } = await sqs().send(new GetQueueUrlCommand({ QueueName: UPLINK_DLQ_NAME }));
  const byTenant = new Map<string, number>();
  for (;;) {
    const { Messages = [] } = await sqs().send(
      new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10, VisibilityTimeout: 60, WaitTimeSeconds: 0 }),
    );
    if (Messages.length === 0) return byTenant;
    for (const message of Messages) {
      const tenant = String((JSON.parse(message.Body ?? '{}') as { tenant?: string }).tenant);
      byTenant.set(tenant, (byTenant.get(tenant) ?? 0) + 1);
    }
    await sqs().send(
      new DeleteMessageBatchCommand({
        QueueUrl,
        Entries: Messages.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle })),
      }),
    );
  }
}

async function countOf(pk: string): Promise<number> {
  return (await partitionCounts(pk)).count;
}

/** Located events stored for the tags (events-repository's partition per device). */
export async function eventCount(tenantId: string, tags: Tag[]): Promise<number> {
  const ctx = systemTenantContext(tenantId);
  let total = 0;
  for (const tag of tags) total += await countOf(`${typePartition(ctx, 'DEVICE')}#${tag.deviceId}#EVENTS`);
  return total;
}

/** Uplinks refused and counted for the tenant as sender (another tenant's DEVEUI), all days and ways in. */
export async function refusedCount(tenantId: string): Promise<number> {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :count)',
      ExpressionAttributeValues: {
        ':pk': typePartition(systemTenantContext(tenantId), 'REJECTED'),
        ':count': 'COUNT#',
      },
    }),
  );
  return Items.reduce((sum, item) => sum + Number(item.refused ?? 0), 0);
}

/** Uplinks the processor refused and stored for the tenant (undecodable, implausible...), all days. */
export async function processorRefusals(tenantId: string): Promise<number> {
  const all = await countOf(typePartition(systemTenantContext(tenantId), 'REJECTED'));
  const { Count = 0 } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :count)',
      ExpressionAttributeValues: {
        ':pk': typePartition(systemTenantContext(tenantId), 'REJECTED'),
        ':count': 'COUNT#',
      },
      Select: 'COUNT',
    }),
  );
  return all - Count;
}

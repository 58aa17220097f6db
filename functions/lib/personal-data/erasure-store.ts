import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../data/client';
import { queryAllPages } from '../data/query-page';

/**
 * An erasure under way: who is being erased (the login, address and name to look for), and how far it got (the
 * step and the step's page cursor), so that the request that started it and the tenant-walk job can each carry it
 * on from where it stopped. It holds the person's details only until the last step is done, then goes.
 *  - table  pk ERASURE, sk T#<t>#USER#<id>
 * One platform partition: erasures are few and short-lived, and the job finds every pending one in one Query.
 */
export interface ErasureRecord {
  tenantId: string;
  userId: number;
  username: string;
  email: string;
  name: string;
  clientId: number | null;
  requestedAt: string;
  /** The index of the step to run next (erasure-steps.ts). */
  step: number;
  /** Where the step's walk stopped: a DynamoDB LastEvaluatedKey. */
  cursor?: Record<string, unknown>;
}

const ERASURE_PARTITION = 'ERASURE';
const erasureKey = (tenantId: string, userId: number) => ({
  pk: ERASURE_PARTITION,
  sk: `T#${tenantId}#USER#${String(userId).padStart(10, '0')}`,
});

const recordOf = (item: Record<string, unknown>): ErasureRecord => {
  const { pk: _pk, sk: _sk, entityType: _type, ...record } = item;
  return record as unknown as ErasureRecord;
};

/** Records the erasure, or answers the one already recorded for this user (a repeated request carries it on). */
export async function recordErasure(record: ErasureRecord): Promise<ErasureRecord> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...record, ...erasureKey(record.tenantId, record.userId), entityType: 'ERASURE' },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return record;
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    return (await erasureOf(record.tenantId, record.userId)) ?? record;
  }
}

export async function erasureOf(tenantId: string, userId: number): Promise<ErasureRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: erasureKey(tenantId, userId), ConsistentRead: true }),
  );
  return Item ? recordOf(Item) : undefined;
}

/** Saves how far the erasure got; an erasure finished meanwhile (by another runner) is left gone. */
export async function saveErasureProgress(record: ErasureRecord): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: erasureKey(record.tenantId, record.userId),
        UpdateExpression: record.cursor ? 'SET step = :step, #cursor = :cursor' : 'SET step = :step REMOVE #cursor',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#cursor': 'cursor' },
        ExpressionAttributeValues: { ':step': record.step, ...(record.cursor ? { ':cursor': record.cursor } : {}) },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/** The last step is done: the record and the details it held go. */
export async function finishErasure(record: Pick<ErasureRecord, 'tenantId' | 'userId'>): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: erasureKey(record.tenantId, record.userId) }));
}

/** Every erasure not finished yet, of every tenant (by tenant and user). */
export async function* pendingErasures(): AsyncGenerator<ErasureRecord> {
  for await (const page of queryAllPages({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': ERASURE_PARTITION },
    ConsistentRead: true,
  })) {
    for (const item of page.Items ?? []) yield recordOf(item);
  }
}

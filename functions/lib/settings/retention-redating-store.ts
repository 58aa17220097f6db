import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Retention } from '../../../shared/schemas/retention';
import { dynamo, tableName } from '../data/client';
import { queryAllPages } from '../data/query-page';
import type { TenantContext } from '../data/tenant-context';

/**
 * A re-dating under way: the tenant changed its retention periods, so the records kept before the change get
 * the expiry the new periods give them (retention-redating.ts walks them in the tenant-walk job). One per tenant:
 * a later change replaces it and the walk starts over with the latest periods; `revision` (the settings
 * version) tells a runner that its re-dating was replaced meanwhile.
 *  - table  pk REDATING, sk T#<t>
 */
export interface RedatingRecord {
  tenantId: string;
  retention: Retention;
  revision: number;
  /** Where the walk stopped: a DynamoDB LastEvaluatedKey. */
  cursor?: Record<string, unknown>;
}

const REDATING_PARTITION = 'REDATING';
const redatingKey = (tenantId: string) => ({ pk: REDATING_PARTITION, sk: `T#${tenantId}` });

export async function requestRedating(ctx: TenantContext, retention: Retention, revision: number): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...redatingKey(ctx.tenantId), entityType: 'REDATING', tenantId: ctx.tenantId, retention, revision },
    }),
  );
}

/** Every re-dating not finished yet (by tenant). */
export async function* pendingRedatings(): AsyncGenerator<RedatingRecord> {
  for await (const page of queryAllPages({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': REDATING_PARTITION },
    ConsistentRead: true,
  })) {
    for (const { pk: _pk, sk: _sk, entityType: _type, ...record } of page.Items ?? [])
      yield record as unknown as RedatingRecord;
  }
}

const ofRevision = (record: RedatingRecord) => ({
  ConditionExpression: 'revision = :revision',
  ExpressionAttributeValues: { ':revision': record.revision },
});

/** Saves the place; false when a later change replaced this re-dating (then its runner stops). */
export async function saveRedatingProgress(record: RedatingRecord): Promise<boolean> {
  const { ConditionExpression, ExpressionAttributeValues } = ofRevision(record);
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: redatingKey(record.tenantId),
        UpdateExpression: record.cursor ? 'SET #cursor = :cursor' : 'REMOVE #cursor',
        ConditionExpression,
        ExpressionAttributeNames: { '#cursor': 'cursor' },
        ExpressionAttributeValues: {
          ...ExpressionAttributeValues,
          ...(record.cursor ? { ':cursor': record.cursor } : {}),
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** The walk is done: the record goes, unless a later change replaced it meanwhile. */
export async function finishRedating(record: RedatingRecord): Promise<void> {
  try {
    await dynamo().send(
      new DeleteCommand({ TableName: tableName(), Key: redatingKey(record.tenantId), ...ofRevision(record) }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

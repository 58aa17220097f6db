import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../data/client';
import type { TenantContext } from '../data/tenant-context';
import { arrivalItem, dwellSecondsOf, type VisitRecord, visitKey } from './visit-keys';

/**
 * The two writes of a visit, each conditional so a redelivered uplink (or a second closer: the zone's delete
 * and the processor) writes nothing twice. Answers whether the write happened.
 */
async function conditional(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** The arrival: one Put of the open visit (with its open-visit index keys); none if it is there already. */
export function putArrival(ctx: TenantContext, visit: VisitRecord): Promise<boolean> {
  return conditional(() =>
    dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: arrivalItem(ctx, visit),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}

export interface Departure {
  assetId: number;
  zoneId: number;
  arrivedAt: string;
  leftAt: string;
}

/**
 * The departure: one Update that sets `leftAt` and `dwellSeconds` and removes the open-visit index keys, only
 * while the visit is open (its gsi2 key is the open mark); a visit closed already, or never written, is left.
 */
export function closeVisit(ctx: TenantContext, departure: Departure): Promise<boolean> {
  return conditional(() =>
    dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: visitKey(ctx, departure.assetId, departure.zoneId, departure.arrivedAt),
        UpdateExpression: 'SET leftAt = :left, dwellSeconds = :dwell REMOVE gsi2pk, gsi2sk',
        ConditionExpression: 'attribute_exists(gsi2pk)',
        ExpressionAttributeValues: {
          ':left': departure.leftAt,
          ':dwell': dwellSecondsOf(departure.arrivedAt, departure.leftAt),
        },
      }),
    ),
  );
}

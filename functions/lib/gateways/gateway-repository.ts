import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { GATEWAY_EUI_TAKEN } from '../../../shared/schemas/gateway';
import { dynamo, tableName } from '../data/client';
import { counterKey, itemKey, tenantPrefix } from '../data/keys';
import { createRepository, type Stored } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';
import { conflict, notFound, unprocessable } from '../http/errors';

/**
 * A LoRaWAN gateway of a tenant: what the console lists and what deleting it must undo
 * in IoT Core. The certificate's private key is never part of it (it is in the create answer only).
 */
export interface GatewayRecord extends Stored {
  name: string;
  gateway_eui: string;
  thing_name: string;
  certificate_id: string;
  certificate_arn: string;
  created_by: number;
  created_at: string;
}

const TYPE = 'GATEWAY';
export const gatewayRepository = createRepository<GatewayRecord>({ type: TYPE });

/** One gateway per EUI in a tenant: `T#<tenant>#GATEWAY_EUI` / `<EUI>`, written with the gateway. */
const euiKey = (ctx: TenantContext, eui: string) => ({ pk: `${tenantPrefix(ctx)}GATEWAY_EUI`, sk: eui });

export const euiTaken = () => unprocessable([{ propertyPath: 'gateway_eui', message: GATEWAY_EUI_TAKEN }]);

export async function gatewayEuiTaken(ctx: TenantContext, eui: string): Promise<boolean> {
  const result = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: euiKey(ctx, eui), ConsistentRead: true }),
  );
  return result.Item !== undefined;
}

/** Gateway, EUI claim and count in one transaction; a taken EUI fails the whole write (409). */
export async function createGateway(ctx: TenantContext, record: GatewayRecord): Promise<GatewayRecord> {
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          gatewayRepository.putNew(ctx, record),
          {
            Put: {
              TableName: tableName(),
              Item: { ...euiKey(ctx, record.gateway_eui), entityType: 'GATEWAY_EUI', gatewayId: record.id },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: counterKey(ctx, TYPE),
              UpdateExpression: 'ADD itemCount :one',
              ExpressionAttributeValues: { ':one': 1 },
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (error instanceof TransactionCanceledException) throw euiTaken();
    throw error;
  }
  return record;
}

/** Gateway, its EUI claim and count go together; a stale version or a gone gateway writes nothing. */
export async function deleteGateway(ctx: TenantContext, record: GatewayRecord): Promise<void> {
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: tableName(),
              Key: itemKey(ctx, TYPE, record.id),
              ConditionExpression: '#version = :version',
              ExpressionAttributeNames: { '#version': 'version' },
              ExpressionAttributeValues: { ':version': record.version },
            },
          },
          { Delete: { TableName: tableName(), Key: euiKey(ctx, record.gateway_eui) } },
          {
            Update: {
              TableName: tableName(),
              Key: counterKey(ctx, TYPE),
              UpdateExpression: 'ADD itemCount :minusOne',
              ExpressionAttributeValues: { ':minusOne': -1 },
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (error instanceof TransactionCanceledException) {
      if (await gatewayRepository.get(ctx, record.id)) throw conflict();
      throw notFound();
    }
    throw error;
  }
}

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { GATEWAY_EUI_TAKEN } from '../../../shared/schemas/gateway';
import { dynamo, tableName } from '../data/client';
import { tenantPrefix } from '../data/keys';
import { createRepository, type Stored } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';
import { unprocessable } from '../http/errors';

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

/** Gateway, EUI claim and count in one transaction; a taken EUI fails the whole write (422). */
export const createGateway = (ctx: TenantContext, { id, version: _version, ...data }: GatewayRecord) =>
  gatewayRepository.create(ctx, data, {
    id,
    alongside: [
      {
        Put: {
          TableName: tableName(),
          Item: { ...euiKey(ctx, data.gateway_eui), entityType: 'GATEWAY_EUI', gatewayId: id },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ],
    cancelled: () => euiTaken(),
  });

/** Gateway, its EUI claim and count go together; a stale version or a gone gateway writes nothing. */
export const deleteGateway = (ctx: TenantContext, record: GatewayRecord) =>
  gatewayRepository.remove(ctx, record.id, record.version, {
    alongside: [{ Delete: { TableName: tableName(), Key: euiKey(ctx, record.gateway_eui) } }],
  });

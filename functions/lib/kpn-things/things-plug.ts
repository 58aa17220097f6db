import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../data/client';
import type { TenantContext } from '../data/tenant-context';
import { unprocessable } from '../http/errors';

/**
 * The KPN Things webhook arrives without a tenant: its `Things-Plug-UUID` header names the destination. The
 * global lookup item `THINGS_PLUG#<uuid>` / `PLUG` -> tenantId finds the tenant, whose KPN settings hold the
 * encrypted shared secret (and the same UUID, checked again, so a stale lookup item finds nothing).
 * Platform-level like the DEVEUI claims: only the settings save writes it, only the webhook reads it.
 */
export const PLUG_TAKEN = 'This plug UUID is used by another tenant';

export const normalizePlugUuid = (uuid: string) => uuid.trim().toLowerCase();
export const thingsPlugKey = (uuid: string) => ({ pk: `THINGS_PLUG#${normalizePlugUuid(uuid)}`, sk: 'PLUG' });

/** Points the plug at this tenant; 422 when another tenant holds it. Idempotent for the same tenant. */
export async function claimThingsPlug(ctx: TenantContext, uuid: string): Promise<void> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...thingsPlugKey(uuid), entityType: 'THINGS_PLUG', tenantId: ctx.tenantId },
        ConditionExpression: 'attribute_not_exists(pk) OR tenantId = :tenant',
        ExpressionAttributeValues: { ':tenant': ctx.tenantId },
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException)
      throw unprocessable([{ propertyPath: 'things_plug_uuid', message: PLUG_TAKEN }]);
    throw error;
  }
}

/** Removes this tenant's lookup item of a plug it no longer uses (another tenant's is left alone). */
export async function releaseThingsPlug(ctx: TenantContext, uuid: string): Promise<void> {
  try {
    await dynamo().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: thingsPlugKey(uuid),
        ConditionExpression: 'tenantId = :tenant',
        ExpressionAttributeValues: { ':tenant': ctx.tenantId },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/** The tenant id a plug UUID belongs to (system code: the webhook), undefined when none. */
export async function findThingsPlugTenant(uuid: string): Promise<string | undefined> {
  const result = await dynamo().send(new GetCommand({ TableName: tableName(), Key: thingsPlugKey(uuid) }));
  return result.Item ? String(result.Item.tenantId) : undefined;
}

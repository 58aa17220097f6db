import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DEV_EUI_PROBE_LIMIT_REACHED } from '../../../shared/schemas/device';
import { dynamo, tableName } from '../data/client';
import { tenantPrefix } from '../data/keys';
import type { TenantContext } from '../data/tenant-context';
import { HttpError } from '../http/errors';

/**
 * How many DEVEUIs one tenant may have refused as "cannot be registered" (another tenant's or reserved) per
 * UTC day, over device create and import together. Each refusal answers one bit about another tenant's tags,
 * so the limit bounds what a tenant can learn by probing; a tenant registering its own tags meets it only
 * with a file full of tags that are not its own, which is a support case anyway. Beyond it: 429 until the
 * day ends. (Self-contained here; a shared rate-limit helper, once there is one, can take this over.)
 */
export const DEV_EUI_REFUSALS_PER_DAY = 20;

const DAY_SECONDS = 24 * 60 * 60;

/** The counter item of a tenant's UTC day; DynamoDB's TTL removes it a day after the day ended. */
export const probeCounterKey = (ctx: TenantContext, day: string) => ({
  pk: `${tenantPrefix(ctx)}DEVEUI_REFUSALS`,
  sk: `DAY#${day}`,
});

const dayOf = (now: Date) => now.toISOString().slice(0, 10);
const secondsUntilNextDay = (now: Date) => DAY_SECONDS - Math.floor((now.getTime() % (DAY_SECONDS * 1000)) / 1000);

/**
 * Counts `refused` DEVEUIs against the tenant's day (one atomic ADD, so parallel requests cannot both slip
 * under the limit) and answers 429 with Retry-After when the day's total passes the limit: the caller then
 * learns nothing about which of its DEVEUIs were refused.
 */
export async function countRefusedDevEuis(ctx: TenantContext, refused: number, now = new Date()): Promise<void> {
  if (refused <= 0) return;
  const result = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: probeCounterKey(ctx, dayOf(now)),
      UpdateExpression: 'ADD refused :n SET expiresAt = if_not_exists(expiresAt, :expires), entityType = :type',
      ExpressionAttributeValues: {
        ':n': refused,
        ':expires': Math.floor(now.getTime() / 1000) + secondsUntilNextDay(now) + DAY_SECONDS,
        ':type': 'DEVEUI_REFUSALS',
      },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  if (Number(result.Attributes?.refused) > DEV_EUI_REFUSALS_PER_DAY) {
    throw new HttpError(429, DEV_EUI_PROBE_LIMIT_REACHED, undefined, {
      'retry-after': String(secondsUntilNextDay(now)),
    });
  }
}

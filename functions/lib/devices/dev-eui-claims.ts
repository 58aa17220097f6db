import { BatchGetCommand, type BatchGetCommandOutput, GetCommand } from '@aws-sdk/lib-dynamodb';
import { normalizeDevEui } from '../../../shared/schemas/device';
import { dynamo, tableName } from '../data/client';
import type { TenantContext } from '../data/tenant-context';
import type { DeviceRecord } from './device-repository';

/**
 * A DEVEUI names one tag in the whole platform (an uplink carries nothing else). Its claim item
 * `DEVEUI#<DEVEUI>` / `CLAIM` is written with the device, under `attribute_not_exists(pk)`, in the same
 * transaction: two writers of one DEVEUI can never both succeed, which a lookup before the write (the
 * eventually consistent gsi6) cannot promise. Claims are platform-level, like the tenant registry; only
 * device code reads them, and they tell nothing but which tenant and device hold the tag.
 */
export const devEuiClaimKey = (devEui: string) => ({ pk: `DEVEUI#${normalizeDevEui(devEui)}`, sk: 'CLAIM' });

export const devEuiClaimItem = (ctx: TenantContext, device: Pick<DeviceRecord, 'id' | 'dev_eui'>) => ({
  ...devEuiClaimKey(device.dev_eui),
  entityType: 'DEVEUI_CLAIM',
  tenantId: ctx.tenantId,
  deviceId: device.id,
});

/** BatchGetItem takes at most 100 keys a call. */
const KEYS_PER_BATCH = 100;
const BATCH_CONCURRENCY = 4;

/**
 * DEVEUIs nobody registers: all zeros (no EUI assigned) and all ones (the broadcast / unset value some tooling writes).
 * They are refused with the same text as another tenant's DEVEUI, so that text is no proof that some tenant owns a tag
 * (docs/security.md "Learning or blocking another tenant's tags by DEVEUI").
 */
const RESERVED_DEV_EUIS = new Set(['0000000000000000', 'FFFFFFFFFFFFFFFF']);
export const isReservedDevEui = (devEui: string) => RESERVED_DEV_EUIS.has(normalizeDevEui(devEui));

/** Whose a DEVEUI is, as far as a caller of tenant `ctx` may be told: free, theirs, or not theirs to take. */
export type DevEuiStanding = 'free' | 'own' | 'unavailable';

export const standingOf = (ctx: TenantContext, devEui: string, holder: string | undefined): DevEuiStanding => {
  if (holder === ctx.tenantId) return 'own';
  return holder !== undefined || isReservedDevEui(devEui) ? 'unavailable' : 'free';
};

/** The DEVEUIs among `devEuis` that are claimed already, with the holding tenant (strongly consistent reads, 100 a call). */
export async function claimedDevEuis(devEuis: readonly string[]): Promise<Map<string, string>> {
  const claimed = new Map<string, string>();
  const batches: string[][] = [];
  for (let i = 0; i < devEuis.length; i += KEYS_PER_BATCH) batches.push(devEuis.slice(i, i + KEYS_PER_BATCH));
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      const batch = batches[next++] as string[];
      let keys: Record<string, unknown>[] | undefined = batch.map(devEuiClaimKey);
      // Unprocessed keys (throttling) are asked again until none are left.
      while (keys && keys.length > 0) {
        const result: BatchGetCommandOutput = await dynamo().send(
          new BatchGetCommand({
            RequestItems: { [tableName()]: { Keys: keys, ConsistentRead: true, ProjectionExpression: 'pk, tenantId' } },
          }),
        );
        for (const item of result.Responses?.[tableName()] ?? []) {
          claimed.set(String(item.pk).slice('DEVEUI#'.length), String(item.tenantId));
        }
        keys = result.UnprocessedKeys?.[tableName()]?.Keys;
      }
    }
  };
  await Promise.all(Array.from({ length: BATCH_CONCURRENCY }, worker));
  return claimed;
}

/** The tenant holding a DEVEUI's claim, if any (one strongly consistent GetItem). */
export async function claimHolder(devEui: string): Promise<string | undefined> {
  const claim = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: devEuiClaimKey(devEui), ConsistentRead: true }),
  );
  return claim.Item ? String(claim.Item.tenantId) : undefined;
}

import { createHash } from 'node:crypto';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { RETENTION_BOUNDS } from '../../../shared/schemas/retention';
import { dynamo, tableName } from '../data/client';
import { typePartition } from '../data/keys';
import type { TenantContext } from '../data/tenant-context';
import { rejectionReasonOf } from '../observability/names';
import { uplinkRejected } from '../observability/product-metrics';
import { expiresAfterDays, retentionOf } from '../settings/retention-settings';
import type { UplinkSource } from './contracts';

/**
 * Uplinks the pipeline refused, each an item with its reason (docs/data-model.md, the "Rejected uplink" rows), kept
 * 30 days by TTL. A tenant's own rejections (undecodable payload, impossible position) sit in its partition
 * `T#<t>#REJECTED`; an uplink whose tenant is unknown (unknown DEVEUI, unreadable body) under its DEVEUI,
 * `DEVEUI#<x>` / `REJECTED#…`, beside where its claim would be, or under `REJECTED#<day>` without a DEVEUI.
 * Written with a deterministic sort key, so a redelivered rejection overwrites itself instead of adding one.
 * Refusals a tenant can repeat at will against another tenant's tag are counted instead (countRejections).
 */
export const REJECTED_TYPE = 'REJECTED';

export interface Rejection {
  reason: string;
  source: UplinkSource;
  devEui: string | null;
  receivedAt: string;
  measuredAt?: string;
  /** The uplink or body as received (cut at 2 KB): enough to see what went wrong. */
  raw: string;
}

const RAW_LIMIT = 2048;

export function rejectionKey(rejection: Rejection, ctx?: TenantContext): { pk: string; sk: string } {
  const digest = createHash('sha256').update(rejection.raw).digest('hex').slice(0, 16);
  const stamp = rejection.measuredAt ?? rejection.receivedAt;
  if (ctx) return { pk: typePartition(ctx, REJECTED_TYPE), sk: `${stamp}#${rejection.devEui ?? '-'}#${digest}` };
  if (rejection.devEui) return { pk: `DEVEUI#${rejection.devEui}`, sk: `${REJECTED_TYPE}#${stamp}#${digest}` };
  return { pk: `${REJECTED_TYPE}#${rejection.receivedAt.slice(0, 10)}`, sk: `${rejection.receivedAt}#${digest}` };
}

/** The tenant's period when the rejection has a tenant, else the product's. */
const keptDays = async (ctx?: TenantContext) =>
  ctx ? (await retentionOf(ctx)).rejectedUplinkDays : RETENTION_BOUNDS.rejectedUplinkDays.default;

export async function recordRejection(rejection: Rejection, ctx?: TenantContext): Promise<void> {
  const raw = rejection.raw.slice(0, RAW_LIMIT);
  const days = await keptDays(ctx);
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...rejectionKey(rejection, ctx),
        ...rejection,
        raw,
        entityType: REJECTED_TYPE,
        ...(ctx ? { tenantId: ctx.tenantId } : {}),
        expiresAt: expiresAfterDays(rejection.receivedAt, days),
      },
    }),
  );
  // Counted once recorded: every refusal of every way in and of the processor passes here.
  uplinkRejected(rejection.source, rejection.reason);
}

/** The refusal of an uplink for another tenant's tag: the words do not say who holds it. */
export const foreignDevEuiReason = (devEui: string) => `DEVEUI ${devEui} is not a device of this tenant`;

/**
 * Uplinks refused for a DEVEUI another tenant holds are counted, not stored one by one (docs/decisions/0288-uplinks-queue-per-tenant-and-deveui-another-tenant-s-tag-is-refused-at-ingest-and-counted.md):
 * one item per sending tenant, UTC day and reason, `T#<t>#REJECTED` / `COUNT#<yyyy-mm-dd>#<reason>`, with the
 * number refused, when the first came, and the last one as a sample. A tenant flooding another's tags grows
 * no partition and writes nothing outside its own.
 */
export const rejectionCountKey = (ctx: TenantContext, reason: string, receivedAt: string) => ({
  pk: typePartition(ctx, REJECTED_TYPE),
  sk: `COUNT#${receivedAt.slice(0, 10)}#${rejectionReasonOf(reason)}`,
});

/** One write for the refusals of one way-in call or one queue message (all of one tenant and reason). */
export async function countRejections(rejections: readonly Rejection[], ctx: TenantContext): Promise<void> {
  const last = rejections.at(-1);
  if (!last) return;
  const { measuredAt, ...sample } = last;
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: rejectionCountKey(ctx, last.reason, last.receivedAt),
      // Every name aliased: several (source, raw) are DynamoDB reserved words.
      UpdateExpression:
        'ADD #refused :n SET #entityType = :type, #tenantId = :tenant, #firstAt = if_not_exists(#firstAt, :at), ' +
        '#reason = :reason, #source = :source, #devEui = :devEui, #receivedAt = :at, #measuredAt = :measuredAt, ' +
        '#raw = :raw, #expiresAt = :expiresAt',
      ExpressionAttributeNames: Object.fromEntries(
        [
          'refused',
          'entityType',
          'tenantId',
          'firstAt',
          'reason',
          'source',
          'devEui',
          'receivedAt',
          'measuredAt',
          'raw',
          'expiresAt',
        ].map((name) => [`#${name}`, name]),
      ),
      ExpressionAttributeValues: {
        ':n': rejections.length,
        ':type': `${REJECTED_TYPE}_COUNT`,
        ':tenant': ctx.tenantId,
        ':at': sample.receivedAt,
        ':reason': sample.reason,
        ':source': sample.source,
        ':devEui': sample.devEui,
        ':measuredAt': measuredAt ?? null,
        ':raw': sample.raw.slice(0, RAW_LIMIT),
        ':expiresAt': expiresAfterDays(sample.receivedAt, await keptDays(ctx)),
      },
    }),
  );
  for (const rejection of rejections) uplinkRejected(rejection.source, rejection.reason);
}

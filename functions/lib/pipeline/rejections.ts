import { createHash } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../data/client';
import { typePartition } from '../data/keys';
import type { TenantContext } from '../data/tenant-context';
import { uplinkRejected } from '../observability/product-metrics';
import type { UplinkSource } from './contracts';

/**
 * Uplinks the pipeline refused, each an item with its reason (docs/data-model.md, the "Rejected uplink" rows), kept
 * 30 days by TTL. A tenant's own rejections (undecodable payload, impossible position) sit in its partition
 * `T#<t>#REJECTED`; an uplink whose tenant is unknown (unknown DEVEUI, unreadable body) under its DEVEUI,
 * `DEVEUI#<x>` / `REJECTED#…`, beside where its claim would be, or under `REJECTED#<day>` without a DEVEUI.
 * Written with a deterministic sort key, so a redelivered rejection overwrites itself instead of adding one.
 */
export const REJECTION_TTL_DAYS = 30;
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

export async function recordRejection(rejection: Rejection, ctx?: TenantContext): Promise<void> {
  const raw = rejection.raw.slice(0, RAW_LIMIT);
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...rejectionKey(rejection, ctx),
        ...rejection,
        raw,
        entityType: REJECTED_TYPE,
        ...(ctx ? { tenantId: ctx.tenantId } : {}),
        expiresAt: Math.floor(Date.parse(rejection.receivedAt) / 1000) + REJECTION_TTL_DAYS * 86_400,
      },
    }),
  );
  // Counted once recorded: every refusal of every way in and of the processor passes here.
  uplinkRejected(rejection.source, rejection.reason);
}

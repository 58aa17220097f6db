import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../data/client';
import { counterKey } from '../data/keys';
import { queryAllPages } from '../data/query-page';
import type { TenantContext } from '../data/tenant-context';
import {
  countFlags,
  FLAG_COUNTERS,
  type FlagCounter,
  type FlagSource,
  setDeviceFlagCounts,
} from './device-flag-counts';
import { devicePartition } from './device-repository';

/**
 * Recounts a tenant's device flag counts (device-flag-counts.ts) from its devices: for data written before the
 * counts existed, or to prove they hold. Safe while the API and the pipeline run: the counts read before the
 * device partition are the condition of the final SET, so a write that moved a count meanwhile (and may or may
 * not have been seen by the read) makes the SET fail, and the recount starts over. Idempotent: a second run
 * writes the same numbers.
 */
export interface RecountReport {
  devices: number;
  counts: Record<FlagCounter, number>;
  /** The counts as they were (undefined: never kept). */
  before: Partial<Record<FlagCounter, number>>;
  changed: boolean;
  attempts: number;
}

const ATTEMPTS = 5;

async function storedCounts(ctx: TenantContext) {
  const result = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: counterKey(ctx, 'DEVICE'), ConsistentRead: true }),
  );
  const item = result.Item ?? {};
  return Object.fromEntries(
    FLAG_COUNTERS.map((counter) => [counter, item[counter] === undefined ? undefined : Number(item[counter])]),
  ) as Partial<Record<FlagCounter, number>>;
}

async function readFlags(ctx: TenantContext): Promise<FlagSource[]> {
  const devices: FlagSource[] = [];
  const pages = queryAllPages({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': devicePartition(ctx) },
    ProjectionExpression: 'asset, battery_level_low, is_sabotaged, connectivity',
    ConsistentRead: true,
  });
  for await (const page of pages) devices.push(...((page.Items ?? []) as FlagSource[]));
  return devices;
}

export async function recountDeviceFlags(ctx: TenantContext, options: { dryRun?: boolean } = {}) {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const before = await storedCounts(ctx);
    const devices = await readFlags(ctx);
    const counts = countFlags(devices);
    // An absent count is 0 (readDeviceCounts): only a different number is a change.
    const changed = FLAG_COUNTERS.some((counter) => (before[counter] ?? 0) !== counts[counter]);
    const report: RecountReport = { devices: devices.length, counts, before, changed, attempts: attempt };
    if (!changed || options.dryRun) return report;
    try {
      await setDeviceFlagCounts(ctx, counts, before);
      return report;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
  throw new Error(`Tenant ${ctx.tenantId}: the counts kept moving during ${ATTEMPTS} recounts; run it again`);
}

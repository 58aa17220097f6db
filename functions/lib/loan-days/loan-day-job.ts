import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../data/client';
import { tenantPrefix, typePartition } from '../data/keys';
import { systemTenantContext } from '../data/system-context';
import type { TenantContext } from '../data/tenant-context';
import { tenantRepository } from '../tenants/tenant-repository';
import { endOfAmsterdamDay } from './amsterdam-day';
import { countLoanDay } from './loan-day-counter';

/**
 * The sparse set the processor keeps (functions/lib/pipeline/processor/apply.ts): `T#<t>#ASSET_OUTSIDE` /
 * `ASSET#<id>`, written when an asset leaves its own zone (with `since`), deleted when it is back.
 */
const OUTSIDE_MARKER_TYPE = 'ASSET_OUTSIDE';
const PAGE = 100;

export interface LoanDayReport {
  day: string;
  tenants: number;
  /** Markers read (assets outside their zone at the end of the day or since). */
  outside: number;
  counted: number;
  alreadyCounted: number;
  /** Tenants whose day was finished by an earlier run. */
  skippedTenants: number;
}

/** Per tenant and day: how far the job got (the last marker's sort key) and whether it finished. */
const cursorKey = (ctx: TenantContext, day: string) => ({ pk: `${tenantPrefix(ctx)}JOB`, sk: `LOAN_DAYS#${day}` });

/**
 * Counts loan day `day` (YYYY-MM-DD, Europe/Amsterdam) for every tenant: each asset that was outside its
 * zone when the day ended (a marker whose `since` is before the day's end) gets one day. Reads only the
 * markers, page by page, and records its cursor after each page, so a run that stopped (a Lambda timeout)
 * resumes after the last page it finished; the per-asset condition makes the overlap harmless.
 */
export async function runLoanDayJob(day: string): Promise<LoanDayReport> {
  const report: LoanDayReport = { day, tenants: 0, outside: 0, counted: 0, alreadyCounted: 0, skippedTenants: 0 };
  const endOfDay = endOfAmsterdamDay(day).getTime();
  for (const tenant of await tenantRepository.list()) {
    report.tenants += 1;
    await countTenant(systemTenantContext(tenant.id), day, endOfDay, report);
  }
  return report;
}

async function countTenant(ctx: TenantContext, day: string, endOfDay: number, report: LoanDayReport) {
  const cursor = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: cursorKey(ctx, day), ConsistentRead: true }),
  );
  if (cursor.Item?.done) {
    report.skippedTenants += 1;
    return;
  }
  let after = cursor.Item?.after as string | undefined;
  for (;;) {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: after ? 'pk = :pk AND sk > :after' : 'pk = :pk',
        ExpressionAttributeValues: {
          ':pk': typePartition(ctx, OUTSIDE_MARKER_TYPE),
          ...(after ? { ':after': after } : {}),
        },
        Limit: PAGE,
        ConsistentRead: true,
      }),
    );
    for (const marker of page.Items ?? []) {
      // Left the zone after the day ended: that day was not a loan day for it.
      if (typeof marker.since === 'string' && Date.parse(marker.since) >= endOfDay) continue;
      report.outside += 1;
      const result = await countLoanDay(ctx, Number(marker.assetId), day);
      if (result === 'counted') report.counted += 1;
      if (result === 'already counted') report.alreadyCounted += 1;
    }
    const last = page.Items?.at(-1)?.sk as string | undefined;
    if (last) after = last;
    await saveCursor(ctx, day, after, !page.LastEvaluatedKey);
    if (!page.LastEvaluatedKey) return;
  }
}

/** Cursor items expire after 40 days (TTL): a day is never counted again that late. */
const CURSOR_LIFETIME_S = 40 * 24 * 3600;

async function saveCursor(ctx: TenantContext, day: string, after: string | undefined, done: boolean) {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...cursorKey(ctx, day),
        entityType: 'JOB_CURSOR',
        tenantId: ctx.tenantId,
        ...(after ? { after } : {}),
        done,
        updatedAt: new Date().toISOString(),
        expiresAt: Math.floor(Date.now() / 1000) + CURSOR_LIFETIME_S,
      },
    }),
  );
}

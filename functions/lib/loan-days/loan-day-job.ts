import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { assetPartition } from '../assets/asset-repository';
import { dynamo, tableName } from '../data/client';
import { tenantPrefix } from '../data/keys';
import { fromItem } from '../data/repository';
import { systemTenantContext } from '../data/system-context';
import type { TenantContext } from '../data/tenant-context';
import { flushQueuedEffects } from '../effects/effects';
import { auditRentalContracts } from '../rental-audit/audit-job';
import { tenantRepository } from '../tenants/tenant-repository';
import { rollUpUtilisation } from '../utilisation/utilisation-rollup';
import { type CountedAsset, countLoanDay } from './loan-day-counter';

const PAGE = 100;
/** Assets of a page counted at once: a tenant of 100k assets takes minutes, not the Lambda's 15. */
const PARALLEL = 10;

export interface LoanDayReport {
  day: string;
  tenants: number;
  /** Assets read. */
  assets: number;
  /** Assets given a day outside their zone, and a day standing still. */
  outside: number;
  still: number;
  /** Assets written (one write for both counters). */
  counted: number;
  alreadyCounted: number;
  /** Tenants whose day was finished by an earlier run. */
  skippedTenants: number;
  /** Assets whose month of utilisation was rolled up (every tenant's, also those skipped above). */
  utilisationAssets: number;
  /** Rental audit: contract lines audited, days written and deleted, and items read (every tenant's). */
  auditLines: number;
  auditDaysWritten: number;
  auditDaysDeleted: number;
  auditItemsRead: number;
}

/** Per tenant and day: how far the job got (the last asset's sort key) and whether it finished. */
const cursorKey = (ctx: TenantContext, day: string) => ({ pk: `${tenantPrefix(ctx)}JOB`, sk: `LOAN_DAYS#${day}` });

/**
 * Counts day `day` (YYYY-MM-DD, Europe/Amsterdam) for every tenant in turn, or for `options.tenants` only (a
 * manual run, the tests' simulated days). Each asset is judged by its own state (loan-day-state.ts, `loanDayOf`):
 * no separate marker that an edit could leave behind. Reads the tenant's asset partition page by page
 * and records its cursor after each page, so a run that stopped (a Lambda timeout) resumes after the last page
 * it finished; the per-asset condition makes the overlap harmless.
 */
export async function runLoanDayJob(
  day: string,
  options: { tenants?: readonly string[] } = {},
): Promise<LoanDayReport> {
  const report = emptyLoanDayReport(day);
  const only = options.tenants ? new Set(options.tenants) : undefined;
  for (const tenant of await tenantRepository.list()) {
    if (only && !only.has(String(tenant.id))) continue;
    await runTenantLoanDay(systemTenantContext(String(tenant.id)), day, report);
  }
  return report;
}

export const emptyLoanDayReport = (day: string): LoanDayReport => ({
  day,
  tenants: 0,
  assets: 0,
  outside: 0,
  still: 0,
  counted: 0,
  alreadyCounted: 0,
  skippedTenants: 0,
  utilisationAssets: 0,
  auditLines: 0,
  auditDaysWritten: 0,
  auditDaysDeleted: 0,
  auditItemsRead: 0,
});

/**
 * One tenant's day, added to `report`: the loan days, the month of utilisation and the rental audit. The
 * scheduled run gives each tenant a Lambda of its own (loan-day-fan-out.ts); a manual run walks them here in turn.
 */
export async function runTenantLoanDay(ctx: TenantContext, day: string, report: LoanDayReport): Promise<void> {
  report.tenants += 1;
  await countTenant(ctx, day, report);
  // The day's month of utilisation, rewritten whole (docs/geofencing.md "Utilisation"); a rerun rewrites it.
  report.utilisationAssets += (await rollUpUtilisation(ctx, day)).assets;
  // The contract lines against the tags through the day (docs/geofencing.md "Rental audit"); a rerun writes nothing.
  const audit = await auditRentalContracts(ctx, day);
  report.auditLines += audit.lines;
  report.auditDaysWritten += audit.written;
  report.auditDaysDeleted += audit.deleted;
  report.auditItemsRead += audit.itemsRead;
  // Each tenant's `loan_day.counted` events leave after its count, so a long run holds no tenant's all day.
  await flushQueuedEffects();
}

async function countTenant(ctx: TenantContext, day: string, report: LoanDayReport) {
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
        ExpressionAttributeValues: { ':pk': assetPartition(ctx), ...(after ? { ':after': after } : {}) },
        Limit: PAGE,
        ConsistentRead: true,
      }),
    );
    // Only asset items live in the partition; the guard keeps a stray item from stopping a tenant's count.
    const assets = (page.Items ?? []).filter((item) => Array.isArray(item.devices)).map(fromItem<CountedAsset>);
    for (let start = 0; start < assets.length; start += PARALLEL) {
      const results = await Promise.all(assets.slice(start, start + PARALLEL).map((a) => countLoanDay(ctx, a, day)));
      for (const counted of results) {
        report.assets += 1;
        if (counted.result === 'already counted') report.alreadyCounted += 1;
        if (counted.result !== 'counted') continue;
        report.counted += 1;
        if (counted.outside) report.outside += 1;
        if (counted.still) report.still += 1;
      }
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

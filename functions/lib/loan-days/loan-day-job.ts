import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { assetPartition } from '../assets/asset-repository';
import { dynamo, tableName } from '../data/client';
import { fromItem } from '../data/repository';
import { systemTenantContext } from '../data/system-context';
import type { TenantContext } from '../data/tenant-context';
import { flushQueuedEffects } from '../effects/effects';
import { type AuditPass, auditRentalContracts } from '../rental-audit/audit-job';
import { tenantRepository } from '../tenants/tenant-repository';
import { rollUpUtilisation } from '../utilisation/utilisation-rollup';
import { type CountedAsset, countLoanDay } from './loan-day-counter';
import { type LoanDayProgress, readLoanDayProgress, saveLoanDayProgress } from './loan-day-lease';

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
    const ctx = systemTenantContext(String(tenant.id));
    await runTenantLoanDay(ctx, day, report, { progress: await readLoanDayProgress(ctx, day), goOn: async () => true });
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
 * How a tenant's day is run: where it stands (loan-day-lease.ts), and whether to go on after a step (a worker run
 * short of time hands over there and answers false; a manual run always goes on).
 */
export interface DayRun {
  progress: LoanDayProgress;
  goOn: () => Promise<boolean>;
}

/**
 * One tenant's day, added to `report`: the loan days, the month of utilisation and the rental audit. The
 * scheduled run gives each tenant a Lambda of its own (loan-day-fan-out.ts, loan-day-run.ts); a manual run walks
 * them here in turn. Each step saves its position before `run.goOn()` is asked, so a run that hands over (or
 * stops) leaves the next where this one ended. Answers whether the day's work is done.
 */
export async function runTenantLoanDay(
  ctx: TenantContext,
  day: string,
  report: LoanDayReport,
  run: DayRun,
): Promise<boolean> {
  const { progress } = run;
  report.tenants += 1;
  if (!(await countTenant(ctx, day, report, run))) return false;
  if (!progress.rolledUp) {
    // The day's month of utilisation, rewritten whole (docs/geofencing.md "Utilisation"); a rerun rewrites it.
    report.utilisationAssets += (await rollUpUtilisation(ctx, day)).assets;
    if (progress.run !== undefined) await saveLoanDayProgress(ctx, day, progress.run, { rolledUp: true });
    if (!(await run.goOn())) return false;
  }
  // The contract lines against the tags through the day (docs/geofencing.md "Rental audit"); a rerun writes nothing.
  const audit = await auditRentalContracts(ctx, day, auditPassOf(ctx, day, run));
  report.auditLines += audit.lines;
  report.auditDaysWritten += audit.written;
  report.auditDaysDeleted += audit.deleted;
  report.auditItemsRead += audit.itemsRead;
  if (!audit.finished) return false;
  // Each tenant's `loan_day.counted` events leave after its count, so a long run holds no tenant's all day.
  await flushQueuedEffects();
  return true;
}

/** A worker run's audit goes on from its pass's position and saves it; a manual run audits whole. */
function auditPassOf(ctx: TenantContext, day: string, run: DayRun): AuditPass | undefined {
  const { progress } = run;
  if (progress.run === undefined) return undefined;
  return {
    ...(progress.auditAfter === undefined
      ? {}
      : { after: progress.auditAfter, changes: progress.auditChanges ?? null }),
    save: (after, changes) => saveLoanDayProgress(ctx, day, progress.run, { auditAfter: after, auditChanges: changes }),
    goOn: run.goOn,
  };
}

/** Counts the tenant's assets from the cursor, a page at a time; answers whether the count is done. */
async function countTenant(ctx: TenantContext, day: string, report: LoanDayReport, run: DayRun): Promise<boolean> {
  if (run.progress.done) {
    report.skippedTenants += 1;
    return true;
  }
  let after = run.progress.after;
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
    const done = !page.LastEvaluatedKey;
    await saveLoanDayProgress(ctx, day, run.progress.run, { ...(after ? { after } : {}), done });
    if (done) return true;
    if (!(await run.goOn())) return false;
  }
}

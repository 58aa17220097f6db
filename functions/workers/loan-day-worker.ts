import { Logger } from '@aws-lambda-powertools/logger';
import { systemTenantContext } from '../lib/data/system-context';
import { withEffects } from '../lib/effects/with-effects';
import { isDay } from '../lib/loan-days/amsterdam-day';
import type { LoanDayTenantEvent } from '../lib/loan-days/loan-day-fan-out';
import { emptyLoanDayReport, type LoanDayReport, runTenantLoanDay } from '../lib/loan-days/loan-day-job';
import { tenantRepository } from '../lib/tenants/tenant-repository';

const logger = new Logger({ serviceName: 'loan-day-worker' });

/**
 * One tenant's loan day (docs/decisions/0333-the-loan-day-job-runs-each-tenant-in-a-lambda-of-its-own.md): the
 * scheduled job starts one asynchronous run of this per tenant. A run that throws is retried by Lambda and resumes
 * from the tenant's cursor; past the retries it lands in the worker's failure queue, whose alarm fires. A tenant
 * removed since the job listed it is nothing to count.
 */
async function countTenantDay(event: LoanDayTenantEvent): Promise<LoanDayReport> {
  if (!isDay(event.date)) throw new Error(`Not a day (YYYY-MM-DD): ${event.date}`);
  const ctx = systemTenantContext(event.tenant);
  const report = emptyLoanDayReport(event.date);
  if (!(await tenantRepository.get(Number(ctx.tenantId)))) return report;
  await runTenantLoanDay(ctx, event.date, report);
  logger.info('Loan day counted', { tenant: event.tenant, ...report });
  return report;
}

/** What the run queued (live changes, webhook events) leaves as it returns (functions/lib/effects/). */
export const handler = withEffects('worker', countTenantDay);

import { LOAN_DAY_WORKER_FUNCTION } from '../../../shared/schemas/loan-day';
import { tableName } from '../data/client';
import { TENANT_REGISTRY } from '../data/keys';
import { queryAllPages } from '../data/query-page';
import { invokeWorker } from '../worker-invoke';

/** What the scheduled run hands each tenant's run (functions/workers/loan-day-worker.ts). */
export interface LoanDayTenantEvent {
  date: string;
  tenant: string;
  /** The run a worker handed the day to (loan-day-lease.ts); absent in the job's start. */
  run?: number;
}

export interface LoanDayFanOut {
  day: string;
  /** Tenants whose run was started (an asynchronous invocation of the worker each). */
  started: number;
}

/** Tenants listed at once: the registry is read a page at a time, never held whole. */
const REGISTRY_PAGE = 500;
/**
 * Invocations in flight at once. An Event invoke only queues the run (~20 ms), so 25 at a time start 10,000
 * tenants in well under a minute, far below Lambda's Invoke request rate (10 × the account's concurrency a second).
 */
const STARTS_AT_ONCE = 25;

/** Every tenant's id, a page of the registry at a time. */
export async function* registryPages(): AsyncGenerator<string[]> {
  const pages = queryAllPages({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': TENANT_REGISTRY.pk },
    ProjectionExpression: 'id',
    Limit: REGISTRY_PAGE,
  });
  for await (const page of pages) yield (page.Items ?? []).map((item) => String(item.id));
}

/**
 * The scheduled run (docs/decisions/0333-the-loan-day-job-runs-each-tenant-in-a-lambda-of-its-own.md): one
 * asynchronous run of the worker per tenant, so a tenant of thousands of contract lines delays no other tenant's
 * day and each run has Lambda's 15 minutes to itself. A start that fails (after the SDK's retries) does not stop
 * the others; the run then throws, naming them, and its retry starts every tenant again, which the cursor and the
 * audit's idempotence make harmless (a finished tenant only re-rolls its utilisation and re-reads its audit).
 */
export async function startLoanDayRuns(
  day: string,
  pages: AsyncIterable<string[]> = registryPages(),
): Promise<LoanDayFanOut> {
  let started = 0;
  const failed: string[] = [];
  for await (const page of pages) {
    for (let at = 0; at < page.length; at += STARTS_AT_ONCE) {
      const batch = page.slice(at, at + STARTS_AT_ONCE);
      const results = await Promise.allSettled(
        batch.map((tenant) => invokeWorker<LoanDayTenantEvent>(LOAN_DAY_WORKER_FUNCTION, { date: day, tenant })),
      );
      results.forEach((result, i) => {
        if (result.status === 'fulfilled') started += 1;
        else failed.push(`${batch[i]} (${(result.reason as Error).message})`);
      });
    }
  }
  if (failed.length) {
    throw new Error(`Loan day ${day}: ${started} tenants' runs started, these not: ${failed.join(', ')}`);
  }
  return { day, started };
}

import { withEffects } from '../lib/effects/with-effects';
import { loanDayTimeLeftOf, runLoanDayWorker } from '../lib/loan-days/loan-day-run';

/**
 * One tenant's loan day (docs/decisions/0333-the-loan-day-job-runs-each-tenant-in-a-lambda-of-its-own.md): the
 * scheduled job starts one asynchronous run of this per tenant. A run short of time hands the day to a new
 * invocation of this worker (functions/lib/loan-days/loan-day-run.ts). A run that throws is retried by Lambda and
 * goes on from the day's saved position; past the retries it lands in the worker's failure queue, whose alarm fires.
 */
export const handler = withEffects('worker', (event: Parameters<typeof runLoanDayWorker>[0], context) =>
  runLoanDayWorker(event, { timeLeft: loanDayTimeLeftOf(context), functionName: context?.functionName }),
);

import { withEffects } from '../lib/effects/with-effects';
import { dayEndedBefore, isDay } from '../lib/loan-days/amsterdam-day';
import { type LoanDayFanOut, startLoanDayRuns } from '../lib/loan-days/loan-day-fan-out';
import { type LoanDayReport, runLoanDayJob } from '../lib/loan-days/loan-day-job';

/**
 * The daily loan-day job. On AWS an EventBridge Scheduler schedule (cron 0 0 * * ? *, Europe/Amsterdam;
 * infra/constructs/scheduled-job.ts) invokes it with `{}`: it counts the day that just ended, starting one run of
 * the loan-day worker per tenant (functions/workers/loan-day-worker.ts), so no tenant waits for another's. `{
 * "date": "YYYY-MM-DD" }` counts that day instead. `tenants` counts only those tenants (by id), here and in turn,
 * and answers their report (a manual run, `npm run job:loan-days`). A rerun of a day, or a run of a day before the
 * last one counted, adds nothing.
 */
async function countLoanDays(
  event: { date?: string; tenants?: string[] } = {},
): Promise<LoanDayReport | LoanDayFanOut> {
  const day = event.date ?? dayEndedBefore(new Date());
  if (!isDay(day)) throw new Error(`Not a day (YYYY-MM-DD): ${day}`);
  return event.tenants ? runLoanDayJob(day, { tenants: event.tenants }) : startLoanDayRuns(day);
}

/** The job's two forms: the named tenants' report, or the runs started for every tenant. */
interface LoanDayJob {
  (event: { date?: string; tenants: string[] }): Promise<LoanDayReport>;
  (event?: { date?: string }): Promise<LoanDayFanOut>;
}

/** What the run queued (live changes, webhook events) leaves as it returns (functions/lib/effects/). */
export const handler = withEffects('schedule', countLoanDays) as LoanDayJob;

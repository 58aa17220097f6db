import { withEffects } from '../lib/effects/with-effects';
import { dayEndedBefore, isDay } from '../lib/loan-days/amsterdam-day';
import { type LoanDayReport, runLoanDayJob } from '../lib/loan-days/loan-day-job';

/**
 * The daily loan-day job. On AWS an EventBridge Scheduler schedule (cron 0 0 * * ? *, Europe/Amsterdam;
 * infra/constructs/scheduled-job.ts) invokes it with `{}`: it counts the day that just ended. `{ "date":
 * "YYYY-MM-DD" }` counts that day instead (a manual run, `npm run job:loan-days -- --date ...`), `tenants` only
 * those tenants (by id). A rerun of a day, or a run of a day before the last one counted, adds nothing.
 */
async function countLoanDays(event: { date?: string; tenants?: string[] } = {}): Promise<LoanDayReport> {
  const day = event.date ?? dayEndedBefore(new Date());
  if (!isDay(day)) throw new Error(`Not a day (YYYY-MM-DD): ${day}`);
  return runLoanDayJob(day, event.tenants ? { tenants: event.tenants } : {});
}

/** What the run queued (live changes, webhook events) leaves as it returns (functions/lib/effects/). */
export const handler = withEffects('schedule', countLoanDays);

import { withEffects } from '../lib/effects/with-effects';
import { type ReportJobReport, runReportJob } from '../lib/report-subscriptions/report-job';

/**
 * The report job: mails the report subscriptions due. On AWS an EventBridge Scheduler schedule (rate 15 minutes;
 * infra/constructs/scheduled-job.ts) invokes it with `{}`. `{ "now": ISO }` judges at that time instead (a
 * manual run, the tests), `tenants` only those tenants (by id). A rerun sends nothing twice.
 */
async function mailDueReports(event: { now?: string; tenants?: string[] } = {}): Promise<ReportJobReport> {
  const now = event.now ? new Date(event.now) : new Date();
  if (Number.isNaN(now.getTime())) throw new Error(`Not a time (ISO 8601): ${event.now}`);
  return runReportJob(now, event.tenants ? { tenants: event.tenants } : {});
}

export const handler = withEffects('schedule', mailDueReports);

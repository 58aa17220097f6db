import { withEffects } from '../lib/effects/with-effects';
import { type ReportJobReport, runReportJob } from '../lib/report-subscriptions/report-job';

interface ReportJobEvent {
  now?: string;
  tenants?: string[];
  subscriptions?: number[];
  attachmentLimit?: number;
}

/**
 * The report job: mails the report subscriptions due. On AWS an EventBridge Scheduler schedule (rate 15 minutes;
 * infra/constructs/scheduled-job.ts) invokes it with `{}`. `{ "now": ISO }` judges at that time instead (a
 * manual run, the tests), `tenants` only those tenants (by id), `subscriptions` only those subscriptions (by id),
 * `attachmentLimit` attaches files up to that many bytes only (lower than the 7 MB of ATTACHMENT_LIMIT in
 * functions/lib/report-subscriptions/report-job.ts; a larger file goes out as a download link, as a file over
 * 7 MB always does). A rerun sends nothing twice.
 */
async function mailDueReports(event: ReportJobEvent = {}): Promise<ReportJobReport> {
  const now = event.now ? new Date(event.now) : new Date();
  if (Number.isNaN(now.getTime())) throw new Error(`Not a time (ISO 8601): ${event.now}`);
  const limit = event.attachmentLimit;
  if (limit !== undefined && !(Number.isInteger(limit) && limit > 0))
    throw new Error(`Not a number of bytes: ${limit}`);
  return runReportJob(now, {
    ...(event.tenants ? { tenants: event.tenants } : {}),
    ...(event.subscriptions ? { subscriptions: event.subscriptions } : {}),
    ...(limit !== undefined ? { attachmentLimit: limit } : {}),
  });
}

export const handler = withEffects('schedule', mailDueReports);

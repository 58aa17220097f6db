import { type AlarmNoticeReport, runAlarmNoticeJob } from '../lib/alarms/alarm-notice-job';
import { withEffects } from '../lib/effects/with-effects';

/**
 * The notice job: the alarm notices due (held notices whose window opened, repeats and escalations of alarms
 * nobody acknowledged). On AWS an EventBridge Scheduler schedule (rate 15 minutes; infra/constructs/
 * scheduled-job.ts) invokes it with `{}`. `{ "now": ISO }` judges at that time instead (a manual run, the tests),
 * `tenants` only those tenants (by id). A rerun sends nothing twice.
 */
async function sendDueNotices(event: { now?: string; tenants?: string[] } = {}): Promise<AlarmNoticeReport> {
  const now = event.now ? new Date(event.now) : new Date();
  if (Number.isNaN(now.getTime())) throw new Error(`Not a time (ISO 8601): ${event.now}`);
  return runAlarmNoticeJob(now, event.tenants ? { tenants: event.tenants } : {});
}

export const handler = withEffects('schedule', sendDueNotices);

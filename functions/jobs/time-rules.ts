import { withEffects } from '../lib/effects/with-effects';
import { runTimeRuleJob, type TimeRuleReport } from '../lib/time-rules/time-rule-job';

/**
 * The time-rule job. On AWS an EventBridge Scheduler schedule (rate 15 minutes; infra/constructs/
 * scheduled-job.ts) invokes it with `{}`: the timers due by now fire their rules. `{ "now": ISO }` judges at
 * that time instead (a manual run, the tests), `tenants` only those tenants (by id). A rerun changes nothing.
 */
async function fireTimeRules(event: { now?: string; tenants?: string[] } = {}): Promise<TimeRuleReport> {
  const now = event.now ? new Date(event.now) : new Date();
  if (Number.isNaN(now.getTime())) throw new Error(`Not a time (ISO 8601): ${event.now}`);
  return runTimeRuleJob(now, event.tenants ? { tenants: event.tenants } : {});
}

/** What the run queued (live changes, webhook events) leaves as it returns (functions/lib/effects/). */
export const handler = withEffects('schedule', fireTimeRules);

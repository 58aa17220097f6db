import { runSilentTagJob, type SilentTagReport } from '../lib/devices/silent-tags';
import { withEffects } from '../lib/effects/with-effects';

/**
 * The silent-tag job. On AWS an EventBridge Scheduler schedule (rate 15 minutes; infra/constructs/
 * scheduled-job.ts) invokes it with `{}`: devices due by now turn late or silent. `{ "now": ISO }` judges
 * at that time instead (a manual run, the tests), `tenants` only those tenants (by id). A rerun changes nothing.
 */
async function judgeSilentTags(event: { now?: string; tenants?: string[] } = {}): Promise<SilentTagReport> {
  const now = event.now ? new Date(event.now) : new Date();
  if (Number.isNaN(now.getTime())) throw new Error(`Not a time (ISO 8601): ${event.now}`);
  return runSilentTagJob(now, event.tenants ? { tenants: event.tenants } : {});
}

/** What the run queued (live changes, webhook events) leaves as it returns (functions/lib/effects/). */
export const handler = withEffects('schedule', judgeSilentTags);

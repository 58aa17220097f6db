import { runSilentTagJob, type SilentTagReport } from '../lib/devices/silent-tags';

/**
 * The silent-tag job. On AWS an EventBridge Scheduler schedule (rate 15 minutes; infra/constructs/
 * scheduled-job.ts) invokes it with `{}`: devices due by now turn late or silent. `{ "now": ISO }` judges
 * at that time instead (a manual run, the tests), `tenants` only those tenants (by id). A rerun changes nothing.
 */
export async function handler(event: { now?: string; tenants?: string[] } = {}): Promise<SilentTagReport> {
  const now = event.now ? new Date(event.now) : new Date();
  if (Number.isNaN(now.getTime())) throw new Error(`Not a time (ISO 8601): ${event.now}`);
  return runSilentTagJob(now, event.tenants ? { tenants: event.tenants } : {});
}

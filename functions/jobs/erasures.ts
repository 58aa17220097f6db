import { runErasureJob } from '../lib/personal-data/erasure-job';

/** Shorter than the Lambda's timeout (infra/constructs/quarter-hour-job.ts): a run saves its place and stops. */
const RUN_BUDGET_MS = 8 * 60_000;

/**
 * The erasure job. On AWS an EventBridge Scheduler schedule (rate 15 minutes; infra/constructs/quarter-hour-job.ts)
 * invokes it with `{}`: it carries every erasure a request could not finish (functions/lib/personal-data/erasure-job.ts)
 * on from where it stopped; `tenants` only those tenants' (by id). A rerun finds nothing left to do.
 */
export async function handler(event: { tenants?: string[] } = {}): Promise<{ finished: number; left: number }> {
  return runErasureJob(Date.now() + RUN_BUDGET_MS, event.tenants);
}

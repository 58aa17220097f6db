import { withEffects } from '../lib/effects/with-effects';
import { runErasureJob } from '../lib/personal-data/erasure-job';
import { runRedatings } from '../lib/settings/retention-redating';

/** Shorter than the Lambda's timeout (infra/constructs/scheduled-job.ts): a run saves its place and stops. */
const RUN_BUDGET_MS = 8 * 60_000;

/**
 * The tenant-walk job: the changes of a tenant's past that walk its records (functions/lib/data/tenant-walk.ts).
 * On AWS an EventBridge Scheduler schedule (rate 15 minutes; infra/constructs/scheduled-job.ts) invokes it with
 * `{}`: it carries every erasure a request started (functions/lib/personal-data/) and every re-dating a retention
 * change asked for (functions/lib/settings/retention-redating.ts) on from where it stopped; `tenants` only those
 * tenants' (by id). A rerun finds nothing left to do.
 */
async function walkTenants(event: { tenants?: string[] } = {}) {
  const deadline = Date.now() + RUN_BUDGET_MS;
  const erasures = await runErasureJob(deadline, event.tenants);
  const redatings = await runRedatings(deadline, event.tenants);
  return { erasures, redatings };
}

/** What the run queued (live changes, webhook events) leaves as it returns (functions/lib/effects/). */
export const handler = withEffects('schedule', walkTenants);

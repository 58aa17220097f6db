import { advanceErasure, type ErasureStep, HISTORY_STEP } from './erasure-progress';
import { pendingErasures } from './erasure-store';
import { scrubHistory } from './history-walk';

/**
 * The job's steps: the places of the live steps, then the history walk. The job never runs a live step (only
 * the request may remove the Cognito user): an erasure whose request stopped short waits for the administrator
 * to repeat it, which carries the live steps on.
 */
const liveStep: ErasureStep = async () => {
  throw new Error("The live steps of an erasure are the request's");
};
const JOB_STEPS: readonly ErasureStep[] = [...Array.from({ length: HISTORY_STEP }, () => liveStep), scrubHistory];

/** The erasures of the tenant-walk job (functions/jobs/tenant-walks.ts): every pending one, until the deadline; answers how many it finished and left. */
export async function runErasureJob(
  deadline: number,
  tenants?: readonly string[],
): Promise<{ finished: number; left: number }> {
  let finished = 0;
  let left = 0;
  for await (const erasure of pendingErasures()) {
    if (tenants && !tenants.includes(erasure.tenantId)) continue;
    if (erasure.step < HISTORY_STEP) {
      left += 1;
      continue;
    }
    if (await advanceErasure(erasure, JOB_STEPS, deadline, true)) finished += 1;
    else left += 1;
  }
  return { finished, left };
}

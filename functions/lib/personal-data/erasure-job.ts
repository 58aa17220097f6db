import { advanceErasure } from './erasure';
import { LIVE_DATA_STEPS } from './erasure-steps';
import { pendingErasures } from './erasure-store';
import { scrubHistory } from './history-walk';

/** Every step of an erasure: the live data (again, if a request stopped before its end), then the history. */
export const ALL_ERASURE_STEPS = [...LIVE_DATA_STEPS, scrubHistory];

/** The erasure job: every pending erasure, until the deadline; answers how many it finished and left. */
export async function runErasureJob(
  deadline: number,
  tenants?: readonly string[],
): Promise<{ finished: number; left: number }> {
  let finished = 0;
  let left = 0;
  for await (const erasure of pendingErasures()) {
    if (tenants && !tenants.includes(erasure.tenantId)) continue;
    if (await advanceErasure(erasure, ALL_ERASURE_STEPS, deadline, true)) finished += 1;
    else left += 1;
  }
  return { finished, left };
}

import { type BulkEditJobEvent, runBulkEditJob } from '../lib/bulk-edit/bulk-edit-run';
import { withEffects } from '../lib/effects/with-effects';

/**
 * The bulk edit worker (docs/decisions/0331-bulk-edit-runs-as-a-job-one-conditional-write-per-row.md): invoked
 * asynchronously by POST /api/assets/bulk-edit and /api/devices/bulk-edit, it applies the job's rows with the
 * starter's rights. It never throws (Lambda would retry, and the job is claimed once anyway); what the rows queue
 * (webhook and bus events, live changes) leaves after each chunk and when it returns (functions/lib/effects/).
 */
export const handler = withEffects('worker', (event: BulkEditJobEvent) => runBulkEditJob(event));

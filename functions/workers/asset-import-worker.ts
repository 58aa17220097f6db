import { timeLeftOf } from '../lib/asset-import/asset-import-lease';
import { type AssetImportJobEvent, runAssetImportJob } from '../lib/asset-import/asset-import-run';
import { withEffects } from '../lib/effects/with-effects';

/**
 * The asset import worker (docs/decisions/0332-asset-import-round-trips-the-export-per-row-behind-a-dry-run.md):
 * invoked asynchronously by POST /api/assets/import once the plan is the dry run's, it applies the stored rows
 * with the starter's rights. It never throws (Lambda would retry, and the import is claimed once anyway); what
 * the rows queue (webhook and bus events, live changes) leaves after each chunk and when it returns. When its
 * context's time left runs short it invokes itself again for the rest (asset-import-lease.ts).
 */
export const handler = withEffects('worker', (event: AssetImportJobEvent, context) =>
  runAssetImportJob(event, { timeLeft: timeLeftOf(context), functionName: context.functionName }),
);

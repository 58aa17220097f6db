import { Logger } from '@aws-lambda-powertools/logger';
import { BULK_EDIT_MESSAGES, type BulkEditRow } from '../../../shared/schemas/bulk-edit';
import { type AuthContext, authContextFromClaims } from '../auth/auth-context';
import type { RawClaims } from '../auth/claims';
import { systemTenantContext } from '../data/system-context';
import { flushQueuedEffects } from '../effects/effects';
import { actorOf } from '../pickups/actor';
import { applyAssetRow } from './apply-asset-row';
import { applyDeviceRow } from './apply-device-row';
import { claimJob, finishJob, getJob, ROWS_PER_CHUNK, recordChunk, type StoredBulkEditJob } from './bulk-edit-store';
import { withRowAudit } from './row-audit';

/** What the API hands the bulk edit worker (functions/workers/bulk-edit-worker.ts). */
export interface BulkEditJobEvent {
  jobId: string;
  tenantId: string;
  /** The starter's verified claims: the rows are applied with exactly their rights, as their own edits would be. */
  claims: RawClaims;
}

/**
 * Rows in flight. Each row is a handful of reads and one transaction on its own item; the assets of a tenant
 * share the list's partition key, so a few at a time keeps far under DynamoDB's 1,000 WCU a key.
 */
const ROW_CONCURRENCY = 4;

const logger = new Logger({ serviceName: 'bulk-edit-worker' });

/**
 * Runs a job once (claimJob): each id as its single edit, a chunk at a time, results and counts in one
 * transaction per chunk, the chunk's queued effects (webhook events, live changes) flushed after it. A row never
 * throws (rowOutcome, withRowAudit); a failure of the job itself (its rights, a record) ends it as failed, the
 * rows not reached reported as interrupted.
 */
export async function runBulkEditJob(event: BulkEditJobEvent): Promise<void> {
  const tenant = systemTenantContext(event.tenantId);
  logger.appendKeys({ tenant: event.tenantId, jobId: event.jobId });
  const job = await getJob(tenant, event.jobId);
  if (!job || !(await claimJob(tenant, job.id))) return;
  let chunk = 0;
  // The chunk applied but not yet recorded: on a failure its rows are reported as they went, not as interrupted.
  let unrecorded: BulkEditRow[] = [];
  try {
    const auth = await authContextFromClaims(event.claims, event.tenantId);
    for (let start = 0; start < job.ids.length; start += ROWS_PER_CHUNK) {
      unrecorded = await applyChunk(auth, job, job.ids.slice(start, start + ROWS_PER_CHUNK));
      await recordChunk(tenant, job.id, chunk, unrecorded);
      unrecorded = [];
      chunk += 1;
      await flushQueuedEffects();
    }
    await finishJob(tenant, job.id, 'done');
  } catch (error) {
    logger.error('Bulk edit job failed', error as Error);
    const left = job.ids.slice(chunk * ROWS_PER_CHUNK + unrecorded.length);
    const interrupted = left.map(
      (id): BulkEditRow => ({ id, outcome: 'refused', reason: BULK_EDIT_MESSAGES.interrupted }),
    );
    await recordChunk(tenant, job.id, chunk, [...unrecorded, ...interrupted])
      .then(() => finishJob(tenant, job.id, 'failed'))
      .catch((cause: unknown) => logger.error('Could not record the failure', cause as Error));
  }
}

async function applyChunk(auth: AuthContext, job: StoredBulkEditJob, ids: number[]): Promise<BulkEditRow[]> {
  const rows: BulkEditRow[] = new Array(ids.length);
  const by = actorOf(auth);
  let next = 0;
  const lane = async () => {
    while (next < ids.length) {
      const index = next++;
      const id = ids[index] as number;
      rows[index] = await withRowAudit(auth.tenant, job, id, () =>
        job.target === 'assets'
          ? applyAssetRow(auth.tenant, id, job.changes, by)
          : applyDeviceRow(auth.tenant, id, job.changes),
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(ROW_CONCURRENCY, ids.length) }, lane));
  return rows;
}

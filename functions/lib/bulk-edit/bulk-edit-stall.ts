import {
  BULK_EDIT_MESSAGES,
  BULK_EDIT_WORKER_TIMEOUT_MINUTES,
  type BulkEditRow,
} from '../../../shared/schemas/bulk-edit';

/**
 * A job whose worker is gone (it crashed, ran out of its Lambda timeout, or its asynchronous invocation was
 * dropped) would stay `running` forever. The worker moves the job's `updated_at` when it claims the job and with
 * every chunk it records, so a live worker's job is never older than the worker's timeout: past that and a
 * margin for clocks, no worker can still record anything, and the job is answered as `stalled`. Nothing is
 * written for it: the answer is read from the job as it stands, and claimJob refuses a late invocation past the
 * same bound. The asset import's journal is answered by the same bound on its own worker's timeout
 * (functions/lib/asset-import/asset-import-journal.ts).
 */
export const stalledAfterMs = (workerTimeoutMinutes: number) => (workerTimeoutMinutes + 5) * 60_000;

export const BULK_EDIT_STALLED_MS = stalledAfterMs(BULK_EDIT_WORKER_TIMEOUT_MINUTES);

/** The oldest last progress a running job may have and still have a worker. The asset import's journal too. */
export const stalledBefore = (now = Date.now(), stalledMs = BULK_EDIT_STALLED_MS) =>
  new Date(now - stalledMs).toISOString();

export const isStalled = (job: { status: string; updated_at: string }, now = Date.now()) =>
  job.status === 'running' && job.updated_at < stalledBefore(now);

/**
 * A stalled job's rows: those its chunks recorded, then the rest. A worker records a chunk only after applying
 * all of it, so once it claimed the job, the chunk after the recorded ones may have been applied in part
 * (`unknown`: the audit log shows the rows it applied); every row after that chunk, and every row of a job never
 * claimed, was not touched.
 */
export function stalledRows(
  job: { ids: number[]; claimed_at?: string },
  recorded: BulkEditRow[],
  rowsPerChunk: number,
): BulkEditRow[] {
  const unsure = job.claimed_at ? rowsPerChunk : 0;
  const left = job.ids
    .slice(recorded.length)
    .map(
      (id, index): BulkEditRow =>
        index < unsure
          ? { id, outcome: 'unknown', reason: BULK_EDIT_MESSAGES.stalledUnknown }
          : { id, outcome: 'refused', reason: BULK_EDIT_MESSAGES.stalledNotApplied },
    );
  return [...recorded, ...left];
}

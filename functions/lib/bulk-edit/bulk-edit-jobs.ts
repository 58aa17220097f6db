import {
  assetBulkEditInputSchema,
  type BulkEditJob,
  type BulkEditTarget,
  deviceBulkEditInputSchema,
} from '../../../shared/schemas/bulk-edit';
import { actorOf as auditActorOf, requestFactsOf, USER_AGENT_MAX } from '../audit/audit-entry';
import type { AuthContext } from '../auth/auth-context';
import { notFound } from '../http/errors';
import type { HttpEvent } from '../http/handler';
import { validate } from '../http/validation';
import { invokeWorker } from '../worker-invoke';
import type { BulkEditJobEvent } from './bulk-edit-run';
import { type RawSelection, selectedIds } from './bulk-edit-selection';
import { isStalled, stalledRows } from './bulk-edit-stall';
import {
  createOrFindJob,
  finishJob,
  getJob,
  ROWS_PER_CHUNK,
  readRows,
  requestHashOf,
  type StoredBulkEditJob,
} from './bulk-edit-store';

/**
 * Bulk edit (docs/decisions/0331-bulk-edit-runs-as-a-job-one-conditional-write-per-row.md). The request validates
 * the body with the target's schema (each field as its single edit validates it), resolves the selection to ids
 * (a filter past the bound answers 422 before anything is written), records the job with its idempotency key
 * and hands it to the bulk edit worker (functions/workers/bulk-edit-worker.ts). The same key again answers the job
 * it made, and invokes nothing.
 */
const INPUT = { assets: assetBulkEditInputSchema, devices: deviceBulkEditInputSchema } as const;

interface RawBody {
  idempotency_key: string;
  selection: RawSelection;
  changes: Record<string, unknown>;
}

export async function startBulkEdit(
  auth: AuthContext,
  target: BulkEditTarget,
  body: unknown,
  event: HttpEvent,
): Promise<BulkEditJob> {
  validate(INPUT[target], body);
  // The fields as sent, not as parsed: each row validates them again as its single edit would.
  const raw = body as RawBody;
  const facts = requestFactsOf(event);
  const ids = await selectedIds(auth, target, raw.selection);
  const { job, existing } = await createOrFindJob(auth.tenant, {
    target,
    ownerSub: auth.sub,
    key: raw.idempotency_key,
    requestHash: requestHashOf({ selection: raw.selection, changes: raw.changes }),
    ids,
    changes: raw.changes,
    audit: {
      actor: auditActorOf(auth),
      ip: facts.ip,
      userAgent: (facts.userAgent ?? '').slice(0, USER_AGENT_MAX),
      path: facts.path,
    },
  });
  if (existing) return answerOf(auth, job);
  try {
    await invokeWorker<BulkEditJobEvent>('BULK_EDIT_WORKER_FUNCTION', {
      jobId: job.id,
      tenantId: auth.tenant.tenantId,
      claims: event.requestContext.authorizer?.jwt?.claims ?? {},
    });
  } catch (error) {
    await finishJob(auth.tenant, job.id, 'failed');
    throw error;
  }
  return presentJob(job, []);
}

/** GET …/bulk-edit/{jobId}: only its starter's, only of this list; another's is not found. */
export async function followBulkEdit(auth: AuthContext, target: BulkEditTarget, jobId: string): Promise<BulkEditJob> {
  const job = await getJob(auth.tenant, jobId);
  if (!job || job.owner_sub !== auth.sub || job.target !== target) throw notFound();
  return answerOf(auth, job);
}

/** A job with its rows so far; one whose worker is gone (bulk-edit-stall.ts) as stalled, every row accounted for. */
async function answerOf(auth: AuthContext, job: StoredBulkEditJob): Promise<BulkEditJob> {
  const recorded = await readRows(auth.tenant, job.id);
  if (!isStalled(job)) return presentJob(job, recorded);
  const rows = stalledRows(job, recorded, ROWS_PER_CHUNK);
  const count = (outcome: string) => rows.filter((row) => row.outcome === outcome).length;
  return { ...presentJob(job, rows), status: 'stalled', done: count('done'), refused: count('refused') };
}

const presentJob = (job: StoredBulkEditJob, rows: BulkEditJob['rows']): BulkEditJob => ({
  id: job.id,
  target: job.target,
  status: job.status,
  total: job.total,
  done: job.done,
  refused: job.refused,
  created_at: job.created_at,
  updated_at: job.updated_at,
  rows,
});

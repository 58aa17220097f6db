import { Logger } from '@aws-lambda-powertools/logger';
import type { AuditEntry } from '../../../shared/schemas/audit-entry';
import type { BulkEditTarget } from '../../../shared/schemas/bulk-edit';
import { recordAuditEntry } from '../audit/audit-log';
import { collectChanges } from '../audit/change-notes';
import type { TenantContext } from '../data/tenant-context';
import type { StoredBulkEditJob } from './bulk-edit-store';

const logger = new Logger({ serviceName: 'bulk-edit-audit' });

/**
 * Each applied row gets an audit entry of its own, as if its single edit had been a request: the job's starter,
 * address and agent, the entity and its changed fields. Its request id is `<jobId>#<rowId>`, which tags it with
 * the job (the audit log finds every row of a job by it) and keeps entries of one job apart.
 */
export async function withRowAudit<T extends { outcome: string }>(
  ctx: TenantContext,
  job: Pick<StoredBulkEditJob, 'id' | 'target' | 'audit'>,
  rowId: number,
  apply: () => Promise<T>,
): Promise<T> {
  const { result, changes, moreChanges } = await collectChanges(apply);
  // As the handler layer: the row is saved by then, an entry that cannot be written is logged, never a refusal.
  if (result.outcome === 'done') {
    await recordAuditEntry(ctx, rowAuditEntry(job, rowId, { changes, moreChanges })).catch((error: unknown) =>
      logger.error('Audit entry not written', { rowId, error }),
    );
  }
  return result;
}

export function rowAuditEntry(
  job: Pick<StoredBulkEditJob, 'id' | 'target' | 'audit'>,
  rowId: number,
  written: Pick<AuditEntry, 'changes' | 'moreChanges'>,
): AuditEntry {
  const at = new Date().toISOString();
  const requestId = `${job.id}#${rowId}`;
  return {
    id: `${at}#${requestId}`,
    at,
    action: bulkEditAction(job.target),
    method: 'POST',
    path: job.audit.path,
    status: 200,
    entity: { type: job.target, id: String(rowId) },
    actor: job.audit.actor,
    ip: job.audit.ip,
    userAgent: job.audit.userAgent,
    requestId,
    changes: written.changes ?? [],
    ...(written.moreChanges ? { moreChanges: written.moreChanges } : {}),
  };
}

export const bulkEditAction = (target: BulkEditTarget) => `${target}.bulkEdit`;

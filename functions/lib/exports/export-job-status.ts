import type { ExportJob } from '../../../shared/schemas/export';
import { EXPORT_JOB_FAILED } from '../../../shared/schemas/export';
import type { AuthContext } from '../auth/auth-context';
import { notFound } from '../http/errors';
import { getExportJob, type StoredExportJob } from './export-job-store';
import { exportResultOf } from './export-storage';

/**
 * What GET /api/exports/{id} and the 202 of a new job answer. Kept apart from the writers (pdfkit, exceljs),
 * so the handler that only reads jobs stays small.
 */

/** The worker writes progress every few seconds: a running job not updated for this long lost its worker. */
const STALLED_MS = 2 * 60_000;

/** The caller's own job, 404 for anyone else's or an unknown id. */
export async function readExportJob(auth: AuthContext, id: string): Promise<ExportJob> {
  const job = await getExportJob(auth.tenant, id);
  if (!job || job.owner_sub !== auth.sub) throw notFound();
  return presentJob(job);
}

export async function presentJob(job: StoredExportJob): Promise<ExportJob> {
  const { owner_sub: _owner, file, ...visible } = job;
  if (visible.status === 'running' && Date.now() - Date.parse(visible.updated_at) > STALLED_MS) {
    return { ...visible, status: 'failed', error: { status: 500, message: EXPORT_JOB_FAILED } };
  }
  if (!file) return visible;
  const { data: _inline, ...result } = await exportResultOf(file);
  return { ...visible, result };
}

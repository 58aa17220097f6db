import type { ExportJob } from '@shared/schemas/export';
import { isPushLive, waitForExport } from '../live/exportWaits';
import { ApiError } from './ApiError';
import { api } from './apiClient';

const POLL_MS = 1000;
/** With push live the job's `export` change ends the wait; this slow poll only shows progress and covers a lost message. */
const LIVE_POLL_MS = 5000;

/**
 * Starts a background export (POST on the list's export path with the list's query) and follows it through
 * GET /api/exports/{id} until the file is written. `onProgress` hears the rows written so far, and the rows
 * the file will have when the server knows them. A failed job
 * rejects with an ApiError carrying the status and message the server recorded, like any failed call.
 */
export async function runExportJob(
  path: string,
  query: Record<string, string | number | boolean | undefined>,
  onProgress: (rows: number, total: number | undefined) => void,
): Promise<NonNullable<ExportJob['result']>> {
  let job = await api.post<ExportJob>(path, undefined, { query });
  while (job.status === 'running') {
    onProgress(job.rows, job.total);
    await (isPushLive()
      ? waitForExport(job.id, LIVE_POLL_MS)
      : new Promise((resolve) => window.setTimeout(resolve, POLL_MS)));
    job = await api.get<ExportJob>(`/api/exports/${job.id}`);
  }
  if (job.status === 'failed' || !job.result) {
    throw new ApiError(job.error?.status ?? 500, job.error?.message ?? '');
  }
  return job.result;
}

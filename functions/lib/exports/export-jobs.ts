import type { ExportJob } from '../../../shared/schemas/export';
import { EXPORT_JOB_FAILED, NOTHING_TO_EXPORT } from '../../../shared/schemas/export';
import type { AuthContext } from '../auth/auth-context';
import { unprocessable } from '../http/errors';
import { invokeWorker } from '../worker-invoke';
import { presentJob } from './export-job-status';
import { createExportJob, updateRunningJob } from './export-job-store';
import { EXPORT_LISTS, type ExportJobEvent, type ExportList, type ExportRequest } from './export-lists';
import type { CheckedExport } from './export-request';
import { EXPORT_WORKER_FUNCTION } from './export-worker-client';
import { hasAnyItem } from './run-export';

/**
 * Background exports. The API request validates everything a synchronous export would (422s answer at once),
 * refuses an empty list, records the job and invokes the export worker asynchronously (Lambda's Event
 * invocation; locally the Lambda-compatible server of scripts/local/lambda-service.ts). The worker rebuilds
 * the caller's auth context from the same verified claims, writes the file with `writeExport` and records
 * progress; GET /api/exports/{id} answers the job with a fresh download URL once it is done.
 */
export { EXPORT_LISTS, type ExportJobEvent, type ExportList } from './export-lists';

/** How long the request looks for a first item before it leaves an empty list for the worker to report. */
const EMPTY_CHECK_MS = 3_000;

export async function startExportJob(auth: AuthContext, list: ExportList, request: ExportRequest): Promise<ExportJob> {
  const checked: CheckedExport = await EXPORT_LISTS[list](
    auth,
    request.rawQuery,
    request.acceptLanguage,
    request.params,
  );
  // An evidence document of a period without a position is still evidence: only a list (with items) can be empty.
  if (checked.items && (await hasAnyItem(checked.items, EMPTY_CHECK_MS)) === false) {
    throw unprocessable([{ propertyPath: '', message: NOTHING_TO_EXPORT }]);
  }
  const expected = await checked.expectedRows?.();
  const job = await createExportJob(auth.tenant, auth.sub, list, checked.type, expected);
  try {
    await invokeWorker<ExportJobEvent>(EXPORT_WORKER_FUNCTION, {
      jobId: job.id,
      list,
      tenantId: auth.tenant.tenantId,
      ...request,
    });
  } catch (error) {
    await updateRunningJob(auth.tenant, job.id, {
      status: 'failed',
      error: { status: 500, message: EXPORT_JOB_FAILED },
    });
    throw error;
  }
  return presentJob(job);
}

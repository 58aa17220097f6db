import { Logger } from '@aws-lambda-powertools/logger';
import { EXPORT_JOB_FAILED } from '../../shared/schemas/export';
import { authContextFromClaims } from '../lib/auth/auth-context';
import { identityFromClaims } from '../lib/auth/claims';
import { systemTenantContext } from '../lib/data/system-context';
import { updateRunningJob } from '../lib/exports/export-job-store';
import { EXPORT_LISTS, type ExportJobEvent } from '../lib/exports/export-jobs';
import { writeExport } from '../lib/exports/run-export';
import { HttpError } from '../lib/http/errors';
import { flushLive, liveExportFinished } from '../lib/live/publisher';
import { flushMetrics } from '../lib/observability/metrics';
import { exportJobFinished, exportJobStarted } from '../lib/observability/product-metrics';

const logger = new Logger({ serviceName: 'export-worker' });

/** Progress is written at most this often (the console polls about every second). */
const PROGRESS_EVERY_MS = 2_000;

/**
 * The export worker (invoked asynchronously by POST /api/…/export, functions/lib/exports/export-jobs.ts):
 * rebuilds the caller's auth context from the verified claims the request carried, so the file holds exactly
 * what that caller may see, writes it to storage and records progress and the outcome on the job. It never
 * throws: Lambda would retry an asynchronous invocation, and a retry would only repeat the failure.
 */
export async function handler(event: ExportJobEvent): Promise<void> {
  // The tenant the starting request was authorized in; the job item lives there.
  const tenant = systemTenantContext(event.tenantId);
  logger.appendKeys({ tenant: event.tenantId, jobId: event.jobId });
  const started = Date.now();
  exportJobStarted(event.list);
  try {
    const auth = await authContextFromClaims(event.claims, event.tenantId);
    const run = await EXPORT_LISTS[event.list](auth, event.rawQuery, event.acceptLanguage);
    let rows = 0;
    let reported = Date.now();
    const file = await writeExport(run, async (count) => {
      rows = count;
      if (Date.now() - reported < PROGRESS_EVERY_MS) return;
      reported = Date.now();
      await updateRunningJob(tenant, event.jobId, { rows });
    });
    const { inline: _inline, ...stored } = file;
    await updateRunningJob(tenant, event.jobId, { status: 'done', file: stored, rows });
    logger.info('Export written', { rows, size: file.size });
    exportJobFinished(event.list, 'succeeded', Date.now() - started, { format: run.type, rows });
    await announce(event, 'done');
  } catch (error) {
    // A client mistake (e.g. the list became empty) is told as the synchronous export would; the rest is ours.
    const known = error instanceof HttpError && error.status < 500;
    if (!known) logger.error('Export job failed', error as Error);
    const message = known ? (error.violations?.[0]?.message ?? error.message) : EXPORT_JOB_FAILED;
    await updateRunningJob(tenant, event.jobId, {
      status: 'failed',
      error: { status: known ? error.status : 500, message },
    }).catch((cause: unknown) => logger.error('Could not record the failure', cause as Error));
    await announce(event, 'failed');
    exportJobFinished(event.list, 'failed', Date.now() - started);
  }
  flushMetrics();
}

/**
 * Live push (issue 17): the job's starter hears it finished on their own channel (their home tenant and user
 * id, as the channel rules give it to them), so the console stops waiting without polling. Never throws.
 */
async function announce(event: ExportJobEvent, state: 'done' | 'failed') {
  const identity = identityFromClaims(event.claims);
  if (!identity || identity.userId < 1) return;
  liveExportFinished(identity.tenantId, identity.userId, event.jobId, state);
  await flushLive();
}

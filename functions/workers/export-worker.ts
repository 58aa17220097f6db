import { Logger } from '@aws-lambda-powertools/logger';
import { EXPORT_JOB_FAILED, EXPORT_TOO_SLOW_FOR_REQUEST } from '../../shared/schemas/export';
import { authContextFromClaims } from '../lib/auth/auth-context';
import { identityFromClaims } from '../lib/auth/claims';
import { systemTenantContext } from '../lib/data/system-context';
import { withEffects } from '../lib/effects/with-effects';
import { updateRunningJob } from '../lib/exports/export-job-store';
import {
  type ExportJobEvent,
  type ExportNowAnswer,
  type ExportNowEvent,
  isExportNowEvent,
} from '../lib/exports/export-lists';
import { prepareExport } from '../lib/exports/export-runs';
import { writeExport } from '../lib/exports/write-export';
import { HttpError, unprocessable } from '../lib/http/errors';
import { liveExportFinished } from '../lib/live/publisher';
import { exportJobFinished, exportJobStarted } from '../lib/observability/product-metrics';

const logger = new Logger({ serviceName: 'export-worker' });

/** Progress is written at most this often (the console polls about every second). */
const PROGRESS_EVERY_MS = 2_000;

/** A client mistake (e.g. the list became empty) is told as the request would tell it; the rest is ours. */
const clientError = (error: unknown): error is HttpError => error instanceof HttpError && error.status < 500;

/**
 * The export worker, the only Lambda with the file writers (pdfkit, exceljs): HTTP handlers hand it every
 * export (docs/decisions/0270-exports-are-written-by-the-export-worker-only-the-get-waits-for-it.md). It rebuilds the caller's auth
 * context from the verified claims the request carried, so the file holds exactly what that caller may see.
 * - a job (POST …/export, invoked asynchronously): writes the file and records progress and the outcome on the
 *   job; never throws, since Lambda would retry an asynchronous invocation and a retry only repeats the failure;
 * - `mode: 'now'` (GET …/export, invoked and awaited): answers the file or the client error to the request.
 */
async function exportList(event: ExportJobEvent | ExportNowEvent): Promise<ExportNowAnswer | undefined> {
  if (isExportNowEvent(event)) return writeNow(event);
  await runJob(event);
  return undefined;
}

/** A job's live message and counts leave as it returns (functions/lib/effects/). */
export const handler = withEffects('worker', exportList);

async function writeNow(event: ExportNowEvent): Promise<ExportNowAnswer> {
  logger.appendKeys({ tenant: event.tenantId, list: event.list });
  try {
    const auth = await authContextFromClaims(event.claims, event.tenantId);
    const run = await prepareExport(auth, event.list, event);
    const file = await writeExport(run, () => {
      // Throwing aborts the upload: nothing is stored for an answer nobody would receive.
      if (Date.now() > event.deadline)
        throw unprocessable([{ propertyPath: '', message: EXPORT_TOO_SLOW_FOR_REQUEST }]);
    });
    const { inline, ...stored } = file;
    logger.info('Export written', { size: file.size });
    return { file: { ...stored, ...(inline ? { data: inline.toString('base64') } : {}) } };
  } catch (error) {
    if (!clientError(error)) throw error;
    return { error: { status: error.status, message: error.message, violations: error.violations } };
  }
}

async function runJob(event: ExportJobEvent): Promise<void> {
  // The tenant the starting request was authorized in; the job item lives there.
  const tenant = systemTenantContext(event.tenantId);
  logger.appendKeys({ tenant: event.tenantId, jobId: event.jobId });
  const started = Date.now();
  exportJobStarted(event.list);
  try {
    const auth = await authContextFromClaims(event.claims, event.tenantId);
    const run = await prepareExport(auth, event.list, event);
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
    announce(event, 'done');
  } catch (error) {
    const known = clientError(error);
    if (!known) logger.error('Export job failed', error as Error);
    const message = known ? (error.violations?.[0]?.message ?? error.message) : EXPORT_JOB_FAILED;
    await updateRunningJob(tenant, event.jobId, {
      status: 'failed',
      error: { status: known ? error.status : 500, message },
    }).catch((cause: unknown) => logger.error('Could not record the failure', cause as Error));
    announce(event, 'failed');
    exportJobFinished(event.list, 'failed', Date.now() - started);
  }
}

/**
 * Live push: the job's starter hears it finished on their own channel (their home tenant and user
 * id, as the channel rules give it to them), so the console stops waiting without polling.
 */
function announce(event: ExportJobEvent, state: 'done' | 'failed') {
  const identity = identityFromClaims(event.claims);
  if (!identity || identity.userId < 1) return;
  liveExportFinished(identity.tenantId, identity.userId, event.jobId, state);
}

import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import type { ExportJob } from '../../../shared/schemas/export';
import { EXPORT_JOB_FAILED, NOTHING_TO_EXPORT } from '../../../shared/schemas/export';
import type { AuthContext } from '../auth/auth-context';
import type { RawClaims } from '../auth/claims';
import { unprocessable } from '../http/errors';
import { localServiceConfig } from '../local-endpoints';
import { prepareAssetExport } from './asset-export';
import { prepareDeviceExport } from './device-export';
import { presentJob } from './export-job-status';
import { createExportJob, updateRunningJob } from './export-job-store';
import { prepareLoanDayExport } from './loan-day-export';
import { type ExportRun, hasAnyItem } from './run-export';

/**
 * Background exports. The API request validates everything a synchronous export would (422s answer at once),
 * refuses an empty list, records the job and invokes the export worker asynchronously (Lambda's Event
 * invocation; locally the Lambda-compatible server of scripts/local/lambda-service.ts). The worker rebuilds
 * the caller's auth context from the same verified claims, writes the file with `writeExport` and records
 * progress; GET /api/exports/{id} answers the job with a fresh download URL once it is done.
 */
type PrepareExport<T> = (auth: AuthContext, rawQuery: string, acceptLanguage?: string) => Promise<ExportRun<T>>;
/** The runner only passes items from a list's batches to the same list's toRow: the item type can be erased. */
const anyList = <T>(prepare: PrepareExport<T>) => prepare as unknown as PrepareExport<unknown>;

export const EXPORT_LISTS = {
  assets: anyList(prepareAssetExport),
  devices: anyList(prepareDeviceExport),
  loanDays: anyList(prepareLoanDayExport),
};
export type ExportList = keyof typeof EXPORT_LISTS;

/** How long the request looks for a first item before it leaves an empty list for the worker to report. */
const EMPTY_CHECK_MS = 3_000;

/** What the worker is invoked with: enough to act exactly as the request that started the job. */
export interface ExportJobEvent {
  jobId: string;
  list: ExportList;
  claims: RawClaims;
  /** The tenant the request acted in (a super admin's selected tenant, or the caller's own). */
  tenantId: string;
  rawQuery: string;
  acceptLanguage?: string;
}

let lambda: LambdaClient | undefined;
async function invokeWorker(event: ExportJobEvent) {
  const functionName = process.env.EXPORT_WORKER_FUNCTION;
  if (!functionName) throw new Error('EXPORT_WORKER_FUNCTION is not set');
  lambda ??= new LambdaClient(localServiceConfig('LAMBDA_ENDPOINT'));
  await lambda.send(
    new InvokeCommand({
      FunctionName: functionName,
      InvocationType: 'Event',
      Payload: new TextEncoder().encode(JSON.stringify(event)),
    }),
  );
}

export async function startExportJob(
  auth: AuthContext,
  list: ExportList,
  request: { claims: RawClaims; rawQuery: string; acceptLanguage?: string },
): Promise<ExportJob> {
  const run = await EXPORT_LISTS[list](auth, request.rawQuery, request.acceptLanguage);
  if ((await hasAnyItem(run.batches, EMPTY_CHECK_MS)) === false) {
    throw unprocessable([{ propertyPath: '', message: NOTHING_TO_EXPORT }]);
  }
  const job = await createExportJob(auth.tenant, auth.sub, list, run.type, await run.expectedRows?.());
  try {
    await invokeWorker({ jobId: job.id, list, tenantId: auth.tenant.tenantId, ...request });
  } catch (error) {
    await updateRunningJob(auth.tenant, job.id, {
      status: 'failed',
      error: { status: 500, message: EXPORT_JOB_FAILED },
    });
    throw error;
  }
  return presentJob(job);
}

import type { ExportResult } from '../../../shared/schemas/export';
import type { AuthContext } from '../auth/auth-context';
import type { RawClaims } from '../auth/claims';
import { HttpError } from '../http/errors';
import { invokeWorker } from '../worker-invoke';
import {
  EXPORT_LISTS,
  type ExportList,
  type ExportNowAnswer,
  type ExportNowEvent,
  type ExportRequest,
  type PathParams,
} from './export-lists';
import { exportResultOf } from './export-storage';

/**
 * The HTTP handlers' way to the export worker (functions/workers/export-worker.ts), the one Lambda that
 * carries the file writers (pdfkit, exceljs): an HTTP bundle stays small and starts fast
 * (docs/decisions/0270-exports-are-written-by-the-export-worker-only-the-get-waits-for-it.md). Background exports invoke it
 * asynchronously (export-jobs.ts); the synchronous GET …/export invokes it and waits for the file.
 */
export const EXPORT_WORKER_FUNCTION = 'EXPORT_WORKER_FUNCTION';

/**
 * The worker gets this long to write a synchronous export: the handler's 28 s minus time to presign and answer,
 * inside API Gateway's 30 s. Past it the worker stops, stores nothing, and the caller is told to use a job.
 */
const SYNCHRONOUS_BUDGET_MS = 24_000;

/**
 * GET …/export: validates here first (a bad column, a hidden column, an unknown id answer without waking the
 * worker), then has the worker write the file with the caller's claims and answers it as the spec's GET did:
 * `{fileName, mimeType, size, url}` plus `data` (base64) when the file is at most 4 MB.
 */
export async function exportNow(auth: AuthContext, list: ExportList, request: ExportRequest): Promise<ExportResult> {
  await EXPORT_LISTS[list](auth, request.rawQuery, request.acceptLanguage, request.params);
  const event: ExportNowEvent = {
    mode: 'now',
    list,
    tenantId: auth.tenant.tenantId,
    deadline: Date.now() + SYNCHRONOUS_BUDGET_MS,
    ...request,
  };
  const result = await invokeWorker(EXPORT_WORKER_FUNCTION, event, { type: 'RequestResponse' });
  const text = new TextDecoder().decode(result.Payload ?? new Uint8Array());
  if (result.FunctionError) throw new Error(`The export worker failed: ${text.slice(0, 500)}`);
  const answer = JSON.parse(text) as ExportNowAnswer;
  if ('error' in answer) throw new HttpError(answer.error.status, answer.error.message, answer.error.violations);
  const { data, ...file } = answer.file;
  return { ...(await exportResultOf(file)), ...(data ? { data } : {}) };
}

/** The export request of an API call: the caller's verified claims, the raw query and the reader's language. */
export const exportRequestOf = (
  event: {
    requestContext: { authorizer?: { jwt?: { claims?: RawClaims } } };
    headers?: Record<string, string | undefined>;
  },
  rawQuery: string,
  params?: PathParams,
): ExportRequest => ({
  claims: event.requestContext.authorizer?.jwt?.claims ?? {},
  rawQuery,
  acceptLanguage: event.headers?.['accept-language'],
  ...(params ? { params } : {}),
});

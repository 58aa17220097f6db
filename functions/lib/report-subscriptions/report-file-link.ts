import { createHmac, timingSafeEqual } from 'node:crypto';
import { EXPORT_FILE_TYPES } from '../../../shared/schemas/export';
import { REPORT_FILE_PREFIX, type ReportFileQuery } from '../../../shared/schemas/report-subscription';
import { systemTenantContext } from '../data/system-context';
import { presignExportDownload } from '../exports/export-storage';
import { HttpError, notFound } from '../http/errors';
import { publicApiUrl } from '../openapi/openapi-document';
import { subscriptionRepository } from './subscription-repository';

/**
 * The download link of a mailed report too large to attach. A presigned S3 URL cannot carry it: signed with a
 * Lambda role's temporary credentials it dies with them, hours before the week the mail promises. So the mail
 * links the API's public route with the tenant, the subscription, the stored object, the link's end and an
 * HMAC-SHA256 of all of them under the subscription's own random key (as the unsubscribe link,
 * unsubscribe-link.ts); the route checks it and redirects to a presigned URL of a few minutes, made then. A link is
 * good for its one file until its end, never for another object (the key is signed and must lie in the
 * subscription's tenant's folder), and stops working when the subscription is deleted.
 */
export const REPORT_FILE_PATH = '/api/report-subscriptions/file';
export const REPORT_FILE_EXPIRED = 'This download link has expired: the report is in the console, or in the next mail';
/** The presigned URL the route redirects to: long enough to start a download, too short to pass on. */
const REDIRECT_SECONDS = 300;

const signatureOf = (key: string, tenant: string, id: number, file: string, expires: number) =>
  createHmac('sha256', Buffer.from(key, 'hex')).update(`file:${tenant}:${id}:${file}:${expires}`).digest('hex');

export function reportFileUrl(key: string, tenant: string, id: number, file: string, expiresAt: Date): string {
  const base = publicApiUrl();
  if (!base) throw new Error('API_PUBLIC_URL is not set: a report mail needs its download link');
  const expires = Math.floor(expiresAt.getTime() / 1000);
  const query = new URLSearchParams({
    tenant,
    id: String(id),
    file,
    expires: String(expires),
    signature: signatureOf(key, tenant, id, file, expires),
  });
  return `${base}${REPORT_FILE_PATH}?${query}`;
}

const matches = (expected: string, given: string) => {
  const a = Buffer.from(expected, 'hex');
  const b = Buffer.from(given, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Where the link's file can be read now (a short presigned URL); 404 for any link not signed for it or past its end. */
export async function openReportFile(query: ReportFileQuery, now = new Date()): Promise<string> {
  const id = Number(query.id);
  const expires = Number(query.expires);
  if (!query.file.startsWith(`${REPORT_FILE_PREFIX}tenants/${query.tenant}/`)) throw notFound();
  const record = await subscriptionRepository.get(systemTenantContext(query.tenant), id);
  if (!record || !matches(signatureOf(record.unsubscribe_key, query.tenant, id, query.file, expires), query.signature))
    throw notFound();
  if (expires * 1000 < now.getTime()) throw new HttpError(404, REPORT_FILE_EXPIRED);
  const fileName = query.file.slice(query.file.lastIndexOf('/') + 1);
  const type = Object.values(EXPORT_FILE_TYPES).find((candidate) => fileName.endsWith(`.${candidate.extension}`));
  return presignExportDownload(query.file, fileName, type?.mimeType ?? 'application/octet-stream', REDIRECT_SECONDS);
}

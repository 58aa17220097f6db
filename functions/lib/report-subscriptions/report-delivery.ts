import { REPORT_ROW_LIMIT } from '../../../shared/schemas/report-kinds';
import { REPORT_FILE_PREFIX, REPORT_LINK_DAYS, type ReportPreview } from '../../../shared/schemas/report-subscription';
import type { AuthContext } from '../auth/auth-context';
import { writeExport } from '../exports/write-export';
import { mailFrom, sendRawMail } from '../mail/send-mail';
import { KIND_REPORTS } from './kind-reports';
import type { KindInput } from './kinds/kind-report';
import { buildReportFile } from './report-file';
import { reportFileUrl } from './report-file-link';
import { composeReportMail } from './report-mail';
import type { ReportSubscriptionRecord } from './subscription-repository';

/**
 * One report mail, of the schedule (the job) or a preview (functions/lib/report-subscriptions/report-preview.ts):
 * the kind's rows read as `reader` for the period due at `due`, attached up to `limit` bytes; past it the rows
 * are read and written again, this time into the bucket under REPORT_FILE_PREFIX, and the mail carries a
 * signed download link that works REPORT_LINK_DAYS. The first pass stops at the limit, so a report is held in
 * memory only while it is small enough to attach. The link is the API's (report-file-link.ts), not S3's: a
 * presigned URL of a Lambda's temporary credentials would die long before the week.
 */
export const REPORT_LINK_SECONDS = REPORT_LINK_DAYS * 24 * 3600;

export interface Delivery {
  to: string;
  /** Attachment limit in bytes. */
  limit: number;
  preview?: boolean;
  unsubscribeUrl?: string;
}

export async function deliverReport(
  reader: AuthContext,
  subscription: ReportSubscriptionRecord,
  due: Date,
  delivery: Delivery,
  now: Date,
): Promise<ReportPreview['file']> {
  const input: KindInput = { owner: reader, subscription, options: subscription.options ?? {}, due, now };
  const report = KIND_REPORTS[subscription.kind](input);
  const file = await buildReportFile(report.run, delivery.limit);
  const url = file.empty || file.content ? undefined : await storedReportLink(input, now);
  const mail = composeReportMail({
    from: mailFrom(),
    to: delivery.to,
    language: subscription.language,
    words: report.words,
    ...(report.state.truncated ? { truncatedAt: REPORT_ROW_LIMIT } : {}),
    file,
    limit: delivery.limit,
    ...(url ? { link: { url, days: REPORT_LINK_DAYS } } : {}),
    ...(delivery.preview ? { preview: true } : {}),
    ...(delivery.unsubscribeUrl ? { unsubscribeUrl: delivery.unsubscribeUrl } : {}),
  });
  await sendRawMail(delivery.to, mail.message);
  return file.empty ? 'none' : url ? 'link' : 'attached';
}

/** The file stored, and its signed link (report-file-link.ts) good for REPORT_LINK_DAYS. */
async function storedReportLink(input: KindInput, now: Date): Promise<string> {
  const { subscription, owner } = input;
  const stored = await writeExport(KIND_REPORTS[subscription.kind](input).run, undefined, REPORT_FILE_PREFIX);
  const expiresAt = new Date(now.getTime() + REPORT_LINK_SECONDS * 1000);
  return reportFileUrl(subscription.unsubscribe_key, owner.tenant.tenantId, subscription.id, stored.key, expiresAt);
}

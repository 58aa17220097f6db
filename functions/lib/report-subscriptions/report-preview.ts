import { type ReportPreview, reportPreviewSchema } from '../../../shared/schemas/report-subscription';
import type { AuthContext } from '../auth/auth-context';
import { allowListOf } from '../http/allow-list';
import { forbidden } from '../http/errors';
import { REPORT_PREVIEWS_PER_SUBSCRIPTION } from '../security/limits';
import { enforce } from '../security/rate-limit';
import { previousMonthOf } from './next-due';
import { deliverReport } from './report-delivery';
import { ATTACHMENT_LIMIT } from './report-job';
import { kindRefusal, visibleSubscription } from './subscription-writes';

/**
 * "Send now" (POST /api/report-subscriptions/{id}/preview): the report the next mail would carry, built now and
 * mailed to the person who asks, and to nobody else. It reads the report as that person (never with more than
 * they may read), changes nothing of the subscription (no claim, `next_due` and `last_sent` as they were), and is
 * held to REPORT_PREVIEWS_PER_SUBSCRIPTION (functions/lib/security/limits.ts): each builds a file and sends a mail.
 */
export const PREVIEW_LIMIT_MESSAGE = 'A preview of this report was sent a moment ago: try again in a minute';
export const PREVIEW_NEEDS_ADDRESS = 'A preview goes to your own e-mail address, and this sign-in has none';
export const PREVIEW_NOT_ALLOWED = 'You may not read this kind of report';
const allowed = allowListOf(reportPreviewSchema);

export async function previewReport(auth: AuthContext, id: number, now = new Date()): Promise<ReportPreview> {
  const subscription = await visibleSubscription(auth, id);
  if (!auth.email.includes('@')) throw forbidden(PREVIEW_NEEDS_ADDRESS);
  await enforce(REPORT_PREVIEWS_PER_SUBSCRIPTION, `${auth.tenant.tenantId}-${subscription.id}`, PREVIEW_LIMIT_MESSAGE);
  // The month the next mail carries; a paused subscription's as if it went out now.
  const due = subscription.paused || !subscription.next_due ? now : new Date(subscription.next_due);
  // Read as the caller: an administrator previewing another's subscription of a kind they may not read gets none.
  if (kindRefusal(subscription.kind, auth.roles, auth.permissions)) throw forbidden(PREVIEW_NOT_ALLOWED);
  const month = previousMonthOf(due);
  const file = await deliverReport(
    auth,
    subscription,
    due,
    { to: auth.email, limit: ATTACHMENT_LIMIT, preview: true },
    now,
  );
  return allowed({ sent_to: auth.email, month, file });
}

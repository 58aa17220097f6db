import type { Logger } from '@aws-lambda-powertools/logger';
import { publishAlarmMail, subscribeRecipients } from '../alarms/alarm-mail';
import { loadRoleMatrix, permissionsOf } from '../auth/role-matrix';
import type { TenantContext } from '../data/tenant-context';
import { allUsersOf } from '../users/user-repository';
import { localTimeIn, MAIL_WORDS } from './mail-texts';
import { readNotificationSettings } from './notification-settings';

export type ReportKind = 'delivered' | 'empty';

/** Who confirms reports: the permission of the role matrix. */
export const CONFIRM_PERMISSION = 'ASSET_REPORT_CONFIRM';

/**
 * The planners of a tenant: its active users whose roles grant the confirm permission in the tenant's own
 * matrix. Super admins are left out: they run the platform, they do not plan a tenant's transports.
 */
export async function plannerAddresses(ctx: TenantContext): Promise<string[]> {
  const [matrix, users] = await Promise.all([loadRoleMatrix(ctx), allUsersOf(ctx)]);
  const addresses = users
    .filter((user) => user.active && !user.roles.includes('ROLE_SUPER_ADMIN'))
    .filter((user) => permissionsOf(matrix, user.roles).has(CONFIRM_PERMISSION))
    .map((user) => user.email.trim().toLowerCase())
    .filter(Boolean);
  return [...new Set(addresses)];
}

/**
 * Mails a delivered / empty report to the tenant's configured report address, or else to its planners,
 * through the alarm topic (the same SNS path and subscriptions as alarm mails; a new address gets SNS's
 * confirmation mail first, as for an alarm rule), in the tenant's language.
 */
export async function mailReport(
  ctx: TenantContext,
  report: { kind: ReportKind; assetName: string; reporter: string; at: string },
): Promise<string[]> {
  const settings = await readNotificationSettings(ctx);
  const recipients = settings.email ? [settings.email.toLowerCase()] : await plannerAddresses(ctx);
  if (recipients.length === 0) return [];
  const words = MAIL_WORDS[settings.language];
  const text = words.reportText[report.kind]
    .replace('{who}', report.reporter)
    .replace('{asset}', report.assetName)
    .replace('{time}', localTimeIn(words, report.at));
  await subscribeRecipients(recipients);
  await publishAlarmMail({
    subject: `${words.reportSubject[report.kind]}: ${report.assetName}`,
    text: `${text}\n\n${words.confirmHint}`,
    recipients,
  });
  return recipients;
}

/**
 * The report is written before it is mailed (the mail tells what was written). A mail that fails is logged
 * and the report stands: planners still find it in the console's Reports list, which reads the statuses.
 */
export async function mailReportSafely(
  ctx: TenantContext,
  report: { kind: ReportKind; assetName: string; reporter: string; at: string },
  logger: Pick<Logger, 'warn'>,
): Promise<void> {
  try {
    await mailReport(ctx, report);
  } catch (error) {
    logger.warn('the report mail was not sent', { kind: report.kind, error });
  }
}

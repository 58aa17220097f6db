import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { NoticeChannel } from '../../../shared/schemas/alarm-notice';
import { dynamo, tableName } from '../data/client';
import { systemTenantContext } from '../data/system-context';
import type { TenantContext } from '../data/tenant-context';
import { MAIL_WORDS } from '../notifications/mail-texts';
import { readNotificationSettings } from '../notifications/notification-settings';
import { tenantRepository } from '../tenants/tenant-repository';
import { allUsersOf, userRepository } from '../users/user-repository';
import { handlingOf } from './alarm-handling-record';
import { publishAlarmMail } from './alarm-mail';
import { noticeLog } from './alarm-notice-log';
import {
  claimNotice,
  dueNotices,
  type NoticeDueItem,
  putNoticeDue,
  readNoticeChoices,
  retireNoticeDue,
} from './alarm-notice-store';
import {
  type FollowUpEntry,
  type NoticeContent,
  nextFollowUpDue,
  sendAddressNotice,
  sendUserNotice,
} from './alarm-notices';
import { mayBeTold, noticeAudience, settingsOf } from './notice-audience';
import { isInNoticeWindow } from './notice-window';
import { type SentAlarmOwner, sentAlarmsPartition } from './sent-alarms';

/**
 * The notice job (functions/jobs/alarm-notices.ts, every 15 minutes; docs/decisions/0317-alarm-repeats-and-escalation-per-rule.md):
 * per tenant it reads only the due entries up to now (the sparse due index), and per entry the alarm's state.
 * An alarm no longer open (acknowledged or resolved) stops: its entry goes. A held notice goes to its user once
 * their window opened; a follow-up sends its next repeat (the rule's addresses and the users who take the rule,
 * inside their windows) and, when due, the escalation (the group, whatever their hours), then moves to its next
 * step. Every send is claimed first, so a rerun sends nothing twice.
 */
export interface AlarmNoticeReport {
  now: string;
  tenants: number;
  due: number;
  /** Held notices sent, repeats and escalations made. */
  released: number;
  repeated: number;
  escalated: number;
  /** Entries of alarms acknowledged, resolved or gone: removed unsent. */
  stopped: number;
}

export async function runAlarmNoticeJob(now: Date, options: { tenants?: readonly string[] } = {}) {
  const report: AlarmNoticeReport = {
    now: now.toISOString(),
    tenants: 0,
    due: 0,
    released: 0,
    repeated: 0,
    escalated: 0,
    stopped: 0,
  };
  const only = options.tenants ? new Set(options.tenants) : undefined;
  for (const tenant of await tenantRepository.list()) {
    if (only && !only.has(String(tenant.id))) continue;
    report.tenants += 1;
    const ctx = systemTenantContext(String(tenant.id));
    for (const entry of await dueNotices(ctx, now)) {
      report.due += 1;
      await settle(ctx, entry, now, report);
    }
  }
  return report;
}

async function isOpen(ctx: TenantContext, alarmId: string, owner: SentAlarmOwner): Promise<boolean> {
  const key = { pk: sentAlarmsPartition(ctx, owner), sk: `ALARM#${alarmId}` };
  const item = (await dynamo().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;
  return item !== undefined && handlingOf(item).state === 'open';
}

async function settle(ctx: TenantContext, entry: NoticeDueItem, now: Date, report: AlarmNoticeReport) {
  const owner = entry.owner as SentAlarmOwner;
  if (!(await isOpen(ctx, entry.alarmId, owner))) {
    await retireNoticeDue(ctx, entry);
    report.stopped += 1;
    return;
  }
  const expiresAt = entry.expiresAt as number;
  if (entry.sk.startsWith('DUE#HELD#')) {
    await releaseHeld(ctx, entry, expiresAt);
    await retireNoticeDue(ctx, entry);
    report.released += 1;
    return;
  }
  await followUp(ctx, entry as unknown as FollowUpEntry & { expiresAt: number }, now, report);
}

/** A held notice: to its user, if they may still be told of it (active, their customer's). */
async function releaseHeld(ctx: TenantContext, entry: NoticeDueItem, expiresAt: number) {
  const user = await userRepository.get(ctx, entry.userId as number);
  if (!user || !mayBeTold(user, (entry.clientId as number | null) ?? null)) return;
  const alarm = { alarmId: entry.alarmId, expiresAt };
  await sendUserNotice(ctx, alarm, 'notice', user, entry.channel as NoticeChannel, entry.content as NoticeContent);
}

const MINUTE = 60_000;

async function followUp(
  ctx: TenantContext,
  entry: FollowUpEntry & { expiresAt: number },
  now: Date,
  report: AlarmNoticeReport,
) {
  const start = new Date(entry.start).getTime();
  const next = { repeated: entry.repeated, escalated: entry.escalated };
  const words = MAIL_WORDS[(await readNotificationSettings(ctx)).language];
  // One repeat a run, the next in line: a late run sends it late rather than several at once.
  if (entry.repeat && entry.repeated < entry.repeat.times) {
    const number = entry.repeated + 1;
    if (start + number * entry.repeat.every * MINUTE <= now.getTime()) {
      const subject = `${words.noticeRepeat} ${number}/${entry.repeat.times}: ${entry.content.subject}`;
      await sendRepeat(ctx, entry, `repeat-${number}`, { ...entry.content, subject }, now);
      next.repeated = number;
      report.repeated += 1;
    }
  }
  if (entry.escalate && !entry.escalated && start + entry.escalate.after * MINUTE <= now.getTime()) {
    const subject = `${words.noticeEscalation}: ${entry.content.subject}`;
    await sendEscalation(ctx, entry, { ...entry.content, subject });
    next.escalated = true;
    report.escalated += 1;
  }
  const due = nextFollowUpDue({ ...entry, ...next });
  if (!due) {
    await retireNoticeDue(ctx, { ...entry });
    return;
  }
  await putNoticeDue(ctx, { ...entry, ...next, due }, entry.expiresAt, { movedFrom: entry.due });
}

/** A repeat: the rule's addresses (the alarm topic, claimed once per repeat) and the users inside their window. */
async function sendRepeat(
  ctx: TenantContext,
  entry: FollowUpEntry & { expiresAt: number },
  step: string,
  content: NoticeContent,
  now: Date,
) {
  if (entry.recipients.length > 0 && (await claimNotice(ctx, entry.alarmId, `${step}#rule#email`, entry.expiresAt))) {
    await publishAlarmMail({ subject: content.subject, text: content.text, recipients: entry.recipients }).catch(
      (error: Error) => noticeLog.warn('alarm repeat not mailed', { error: error.message }),
    );
  }
  const [choices, users] = await Promise.all([readNoticeChoices(ctx), allUsersOf(ctx)]);
  for (const { user, settings } of noticeAudience(users, choices, entry.ruleId, entry.clientId)) {
    if (!isInNoticeWindow(settings, now)) continue;
    for (const channel of settings.channels) await sendUserNotice(ctx, entry, step, user, channel, content);
  }
}

/**
 * The escalation: the group's addresses by mail, its users on their channels (e-mail when they chose none),
 * whatever their hours: an escalation is what quiet hours are not for. A client user of another customer, a
 * deactivated user, is still told nothing.
 */
async function sendEscalation(
  ctx: TenantContext,
  entry: FollowUpEntry & { expiresAt: number },
  content: NoticeContent,
) {
  if (!entry.escalate) return;
  for (const email of entry.escalate.to) await sendAddressNotice(ctx, entry, 'escalation', email, content);
  if (entry.escalate.users.length === 0) return;
  const choices = await readNoticeChoices(ctx);
  for (const userId of entry.escalate.users) {
    const user = await userRepository.get(ctx, userId);
    if (!user || !mayBeTold(user, entry.clientId)) continue;
    const chosen = settingsOf(user, choices).settings.channels;
    const channels: NoticeChannel[] = chosen.length > 0 ? chosen : ['email'];
    for (const channel of channels) await sendUserNotice(ctx, entry, 'escalation', user, channel, content);
  }
}

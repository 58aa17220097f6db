import type { NoticeChannel } from '../../../shared/schemas/alarm-notice';
import type { TenantContext } from '../data/tenant-context';
import { sendMail } from '../mail/send-mail';
import { pushToUser } from '../web-push/push-sender';
import { noticeLog } from './alarm-notice-log';
import { claimNotice, putNoticeDue } from './alarm-notice-store';
import type { AlarmRecord } from './alarm-repository';
import type { NoticeTarget, NoticeUser } from './notice-audience';
import { nextNoticeWindow } from './notice-window';
import type { SentAlarmOwner } from './sent-alarms';

/**
 * Alarm notices sent to users (docs/decisions/0316-alarm-notices-per-user-held-repeated-and-escalated-by-one-due-job.md):
 * per user per channel now, held for their window (a due entry of the notice job) or dropped. Each send is
 * claimed first (alarm, step, recipient, channel), so a redelivered event or a rerun job tells nobody twice; a
 * channel that fails (Web Push not set up, a mail refused) is logged and never stops the other channels.
 */

/** What a notice says: the alarm mail's subject and text, and the console path a push opens. */
export interface NoticeContent {
  subject: string;
  text: string;
  url: string;
}

/** What the notice job needs of a sent alarm, kept on its due entries. */
export interface NoticedAlarm {
  alarmId: string;
  owner: SentAlarmOwner;
  ruleId: number;
  clientId: number | null;
  content: NoticeContent;
  /** Epoch seconds: the alarm's claims and due entries go with the alarm. */
  expiresAt: number;
}

export type NoticeOutcome = 'sent' | 'failed' | 'claimed';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

async function deliver(
  ctx: TenantContext,
  user: Pick<NoticeUser, 'id' | 'email'>,
  channel: NoticeChannel,
  content: NoticeContent,
  tag: string,
) {
  if (channel === 'email') {
    await sendMail({
      to: user.email,
      subject: content.subject,
      text: content.text,
      html: `<pre style="font-family:inherit;white-space:pre-wrap">${escapeHtml(content.text)}</pre>`,
    });
  } else {
    await pushToUser(ctx, String(user.id), {
      title: content.subject,
      body: content.text.split('\n')[0] ?? content.subject,
      url: content.url,
      tag,
    });
  }
}

/** One notice to one user on one channel, claimed as `<step>#user-<id>#<channel>`. */
export async function sendUserNotice(
  ctx: TenantContext,
  alarm: Pick<NoticedAlarm, 'alarmId' | 'expiresAt'>,
  step: string,
  user: Pick<NoticeUser, 'id' | 'email'>,
  channel: NoticeChannel,
  content: NoticeContent,
): Promise<NoticeOutcome> {
  if (!(await claimNotice(ctx, alarm.alarmId, `${step}#user-${user.id}#${channel}`, alarm.expiresAt))) return 'claimed';
  try {
    await deliver(ctx, user, channel, content, alarm.alarmId);
    return 'sent';
  } catch (error) {
    noticeLog.warn('alarm notice not sent', { step, channel, userId: user.id, error: (error as Error).message });
    return 'failed';
  }
}

/** One notice to a plain address (an escalation group's), claimed as `<step>#mail-<address>#email`. */
export async function sendAddressNotice(
  ctx: TenantContext,
  alarm: Pick<NoticedAlarm, 'alarmId' | 'expiresAt'>,
  step: string,
  email: string,
  content: NoticeContent,
): Promise<NoticeOutcome> {
  const address = email.trim().toLowerCase();
  if (!(await claimNotice(ctx, alarm.alarmId, `${step}#mail-${address}#email`, alarm.expiresAt))) return 'claimed';
  try {
    await deliver(ctx, { id: 0, email: address }, 'email', content, alarm.alarmId);
    return 'sent';
  } catch (error) {
    noticeLog.warn('alarm notice not sent', { step, channel: 'email', error: (error as Error).message });
    return 'failed';
  }
}

export const heldSk = (userId: number, channel: NoticeChannel) => `DUE#HELD#${userId}#${channel}`;

/**
 * The first notice of an alarm to its audience: inside a user's window it goes now; outside, it is held until the
 * window opens (a due entry, put once) or dropped, as the user chose. Answers what happened, for the logs.
 */
export async function noticeAlarm(ctx: TenantContext, alarm: NoticedAlarm, audience: NoticeTarget[], now: Date) {
  const counts = { sent: 0, held: 0, dropped: 0, failed: 0 };
  for (const { user, settings } of audience) {
    const opens = nextNoticeWindow(settings, now);
    for (const channel of settings.channels) {
      if (opens && opens.getTime() === now.getTime()) {
        const outcome = await sendUserNotice(ctx, alarm, 'notice', user, channel, alarm.content);
        if (outcome !== 'claimed') counts[outcome] += 1;
      } else if (opens && settings.outside_hours === 'hold') {
        const entry = {
          ...heldEntryOf(alarm),
          sk: heldSk(user.id, channel),
          due: opens.toISOString(),
          userId: user.id,
          channel,
        };
        if (await putNoticeDue(ctx, entry, alarm.expiresAt, { onlyNew: true })) counts.held += 1;
      } else counts.dropped += 1;
    }
  }
  if (counts.sent + counts.held + counts.dropped + counts.failed > 0) noticeLog.info('alarm notices', { ...counts });
  return counts;
}

const heldEntryOf = (alarm: NoticedAlarm) => ({
  alarmId: alarm.alarmId,
  owner: alarm.owner,
  ruleId: alarm.ruleId,
  clientId: alarm.clientId,
  content: alarm.content,
});

/** Whether a rule repeats or escalates an alarm nobody acknowledged. */
export const hasFollowUp = (rule: Partial<AlarmRecord>) =>
  Boolean(rule.repeat_every && rule.repeat_times) || Boolean(rule.escalate_after);

/** The follow-up's state on its due entry: how many repeats went, whether it escalated, from when it counts. */
export interface FollowUpEntry {
  alarmId: string;
  sk: 'DUE#FOLLOW';
  due: string;
  start: string;
  owner: SentAlarmOwner;
  ruleId: number;
  clientId: number | null;
  content: NoticeContent;
  recipients: string[];
  repeat: { every: number; times: number } | null;
  repeated: number;
  escalate: { after: number; to: string[]; users: number[] } | null;
  escalated: boolean;
}

const MINUTE = 60_000;

/** The next time a follow-up step is due: the next repeat or the escalation, whichever comes first; none: done. */
export function nextFollowUpDue(
  entry: Pick<FollowUpEntry, 'start' | 'repeat' | 'repeated' | 'escalate' | 'escalated'>,
) {
  const start = new Date(entry.start).getTime();
  const times: number[] = [];
  if (entry.repeat && entry.repeated < entry.repeat.times)
    times.push(start + (entry.repeated + 1) * entry.repeat.every * MINUTE);
  if (entry.escalate && !entry.escalated) times.push(start + entry.escalate.after * MINUTE);
  return times.length === 0 ? null : new Date(Math.min(...times)).toISOString();
}

/** Puts an alarm's follow-up when its rule has one (once: a redelivered event finds it there). */
export async function planFollowUp(
  ctx: TenantContext,
  alarm: NoticedAlarm,
  rule: AlarmRecord,
  recipients: string[],
  escalateTo: string[],
  now: Date,
) {
  if (!hasFollowUp(rule)) return;
  const base = {
    start: now.toISOString(),
    repeat: rule.repeat_every && rule.repeat_times ? { every: rule.repeat_every, times: rule.repeat_times } : null,
    repeated: 0,
    escalate: rule.escalate_after
      ? { after: rule.escalate_after, to: escalateTo, users: rule.escalate_users ?? [] }
      : null,
    escalated: false,
  };
  const due = nextFollowUpDue(base);
  if (!due) return;
  const entry: FollowUpEntry = { ...heldEntryOf(alarm), ...base, sk: 'DUE#FOLLOW', due, recipients };
  await putNoticeDue(ctx, { ...entry }, alarm.expiresAt, { onlyNew: true });
}

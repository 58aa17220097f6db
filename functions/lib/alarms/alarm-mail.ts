import { PublishCommand, SubscribeCommand } from '@aws-sdk/client-sns';
import type { AlarmSubscription, AlarmSubscriptionStatus } from '../../../shared/schemas/alarm-subscription';
import { alarmTopicShards, createShard, emailSubscriptions, sns, type TopicSubscription } from './alarm-topics';

/**
 * Alarm mails go through the alarm topic's shards (./alarm-topics.ts: SNS allows 200 filter policies per
 * topic). Each address has one e-mail subscription, on one shard, whose filter policy accepts only messages
 * whose `recipient` attribute (a String.Array) lists that address; the alarm handler publishes to every shard
 * with the rule's addresses there. So each address gets exactly the mails of the rules that name it, once.
 */
const RECIPIENT_ATTRIBUTE = 'recipient';

export const normalizeAddress = (email: string) => email.trim().toLowerCase();
export const recipientFilterPolicy = (email: string) =>
  JSON.stringify({ [RECIPIENT_ATTRIBUTE]: [normalizeAddress(email)] });

/** The addresses SNS refused, with SNS's error name as the reason (e.g. FilterPolicyLimitExceeded). */
export type SubscribeFailures = Map<string, string>;

const errorCode = (error: unknown) => ((error as { name?: string }).name ?? 'Error').replace(/Exception$/, '');

/**
 * Subscribes each address not subscribed yet on any shard, on the first shard with room (a new shard when all
 * are full). A new address gets SNS's confirmation mail and receives alarms once it confirmed. An address SNS
 * refuses for another reason is answered in the failures, never swallowed.
 */
export async function subscribeRecipients(emails: string[]): Promise<SubscribeFailures> {
  const failures: SubscribeFailures = new Map();
  const shards = await alarmTopicShards();
  const subscribed = new Set((await emailSubscriptions(shards)).map((s) => normalizeAddress(s.endpoint)));
  // Shards fill in order: once one is full, the addresses after this one go to later shards too.
  let shard = 0;
  for (const email of new Set(emails.map(normalizeAddress))) {
    if (subscribed.has(email)) continue;
    for (;;) {
      if (!shards[shard]) shards[shard] = await createShard(shard);
      const outcome = await subscribe(shards[shard] as string, email);
      if (outcome === 'full') shard++;
      else {
        if (outcome !== 'subscribed') failures.set(email, outcome);
        break;
      }
    }
  }
  return failures;
}

/** 'subscribed', 'full' (the shard holds 200 filter policies), or the code SNS refused the address with. */
async function subscribe(topicArn: string, email: string): Promise<string> {
  try {
    await sns().send(
      new SubscribeCommand({
        TopicArn: topicArn,
        Protocol: 'email',
        Endpoint: email,
        Attributes: { FilterPolicy: recipientFilterPolicy(email) },
      }),
    );
    return 'subscribed';
  } catch (error) {
    const code = errorCode(error);
    return code === 'FilterPolicyLimitExceeded' ? 'full' : code;
  }
}

const statusOf = (sub: TopicSubscription): AlarmSubscriptionStatus =>
  sub.confirmed ? 'confirmed' : 'pending confirmation';

/**
 * Each address's subscription state: confirmed, pending confirmation (SNS lists it as PendingConfirmation),
 * failed (SNS refused it on this save: `failures`), or not subscribed (SNS was unreachable when the rule was
 * saved; saving it again subscribes it).
 */
export async function subscriptionStatuses(
  emails: string[],
  failures: SubscribeFailures = new Map(),
): Promise<AlarmSubscription[]> {
  if (emails.length === 0) return [];
  const found = new Map<string, AlarmSubscriptionStatus>();
  for (const sub of await emailSubscriptions(await alarmTopicShards())) {
    found.set(normalizeAddress(sub.endpoint), statusOf(sub));
  }
  return emails.map((email): AlarmSubscription => {
    const status = found.get(normalizeAddress(email));
    if (status) return { email, status };
    const reason = failures.get(normalizeAddress(email));
    return reason ? { email, status: 'failed', reason } : { email, status: 'not subscribed' };
  });
}

/**
 * SNS refuses (InvalidParameter) a Publish whose Subject is not "UTF-8 text with no line breaks or control
 * characters, and less than 100 characters long" that begins with a letter, number or punctuation mark (the
 * PublishRequest reference). The subject carries a user's asset name, and names stored before they were
 * checked may hold any of those: a refused Publish would fail the alarm on every redelivery and
 * nobody would be told. So the subject is cleaned instead: controls, line and paragraph separators and bidi
 * overrides become spaces, runs of spaces one, anything before the first letter, number or punctuation mark is
 * dropped, and it is cut to 99 characters (code points, so no emoji is cut in half).
 */
const SUBJECT_MAX = 99;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const NOT_IN_SUBJECT = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const FALLBACK_SUBJECT = 'Alarm';

export function snsSubject(text: string): string {
  const oneLine = text.replace(NOT_IN_SUBJECT, ' ').replace(/\s+/g, ' ');
  const start = oneLine.replace(/^[^\p{L}\p{N}\p{P}]+/u, '');
  const cut = Array.from(start).slice(0, SUBJECT_MAX).join('').trimEnd();
  return cut || FALLBACK_SUBJECT;
}

/** Publishes to every shard: the filter policies let each address's one subscription take it. */
export async function publishAlarmMail(mail: { subject: string; text: string; recipients: string[] }) {
  for (const topicArn of await alarmTopicShards()) await publishTo(topicArn, mail);
}

async function publishTo(topicArn: string, mail: { subject: string; text: string; recipients: string[] }) {
  await sns().send(
    new PublishCommand({
      TopicArn: topicArn,
      Subject: snsSubject(mail.subject),
      Message: mail.text,
      MessageAttributes: {
        [RECIPIENT_ATTRIBUTE]: {
          DataType: 'String.Array',
          StringValue: JSON.stringify(mail.recipients.map(normalizeAddress)),
        },
      },
    }),
  );
}

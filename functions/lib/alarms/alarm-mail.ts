import { ListSubscriptionsByTopicCommand, PublishCommand, SNSClient, SubscribeCommand } from '@aws-sdk/client-sns';
import type { AlarmSubscription, AlarmSubscriptionStatus } from '../../../shared/schemas/alarm-subscription';
import { localServiceConfig } from '../local-endpoints';

/**
 * Alarm mails go through one SNS topic (ALARM_TOPIC_ARN). Each address has one e-mail subscription (SNS allows
 * one per endpoint and topic) whose filter policy accepts only messages whose `recipient` attribute (a
 * String.Array) lists that address; the alarm handler puts the rule's addresses there. So each address gets
 * exactly the mails of the rules that name it, and a subscription no rule names any more receives nothing.
 */
const RECIPIENT_ATTRIBUTE = 'recipient';

let client: SNSClient | undefined;
const sns = () => {
  client ??= new SNSClient(localServiceConfig('SNS_ENDPOINT'));
  return client;
};
const topicArn = () => {
  const arn = process.env.ALARM_TOPIC_ARN;
  if (!arn) throw new Error('ALARM_TOPIC_ARN is not set');
  return arn;
};

export const normalizeAddress = (email: string) => email.trim().toLowerCase();
export const recipientFilterPolicy = (email: string) =>
  JSON.stringify({ [RECIPIENT_ATTRIBUTE]: [normalizeAddress(email)] });

/**
 * Subscribes each address (idempotent: SNS answers the existing subscription for the same endpoint and
 * attributes). A new address gets SNS's confirmation mail and receives alarms once it confirmed.
 */
export async function subscribeRecipients(emails: string[]): Promise<void> {
  for (const email of new Set(emails.map(normalizeAddress))) {
    await sns().send(
      new SubscribeCommand({
        TopicArn: topicArn(),
        Protocol: 'email',
        Endpoint: email,
        Attributes: { FilterPolicy: recipientFilterPolicy(email) },
      }),
    );
  }
}

/**
 * Each address's subscription state: confirmed, pending confirmation (SNS lists it as PendingConfirmation), or
 * not subscribed (SNS was unreachable when the rule was saved; saving it again subscribes it).
 */
export async function subscriptionStatuses(emails: string[]): Promise<AlarmSubscription[]> {
  if (emails.length === 0) return [];
  const found = new Map<string, AlarmSubscriptionStatus>();
  let nextToken: string | undefined;
  do {
    const page = await sns().send(new ListSubscriptionsByTopicCommand({ TopicArn: topicArn(), NextToken: nextToken }));
    for (const sub of page.Subscriptions ?? []) {
      if (sub.Protocol !== 'email' || !sub.Endpoint) continue;
      found.set(
        normalizeAddress(sub.Endpoint),
        sub.SubscriptionArn?.startsWith('arn:') ? 'confirmed' : 'pending confirmation',
      );
    }
    nextToken = page.NextToken;
  } while (nextToken);
  return emails.map((email) => ({ email, status: found.get(normalizeAddress(email)) ?? 'not subscribed' }));
}

/**
 * SNS refuses (InvalidParameter) a Publish whose Subject is not "UTF-8 text with no line breaks or control
 * characters, and less than 100 characters long" that begins with a letter, number or punctuation mark (the
 * PublishRequest reference). The subject carries a user's asset name, and names stored before they were
 * checked (issue 13) may hold any of those: a refused Publish would fail the alarm on every redelivery and
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

export async function publishAlarmMail(mail: { subject: string; text: string; recipients: string[] }) {
  await sns().send(
    new PublishCommand({
      TopicArn: topicArn(),
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

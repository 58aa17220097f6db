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

/** SNS cuts an e-mail subject at 100 characters. */
const SUBJECT_LIMIT = 100;

export async function publishAlarmMail(mail: { subject: string; text: string; recipients: string[] }) {
  await sns().send(
    new PublishCommand({
      TopicArn: topicArn(),
      Subject: mail.subject.replace(/[\r\n]+/g, ' ').slice(0, SUBJECT_LIMIT),
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

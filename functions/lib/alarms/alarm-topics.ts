import {
  CreateTopicCommand,
  GetTopicAttributesCommand,
  ListSubscriptionsByTopicCommand,
  SNSClient,
} from '@aws-sdk/client-sns';
import { localServiceConfig } from '../local-endpoints';
import { sdkClient } from '../sdk-client';

/**
 * SNS allows 200 filter policies per topic (account quota "Filter policies per topic"; a Subscribe past it
 * fails with FilterPolicyLimitExceeded). Every alarm address carries a filter policy, so one topic would stop
 * at 200 addresses. The alarm topic is therefore split into shards: shard 0 is the topic CDK deploys
 * (ALARM_TOPIC_ARN), shard n its sibling `<name>-<n>`, created on demand (same KMS key, TLS only) when every
 * shard before it is full. Shards are never deleted, so they exist without gaps and are found by asking for
 * the next one until SNS answers NotFound. Decision: docs/decisions/0236.
 */
let client: SNSClient | undefined;
export const sns = () => {
  client ??= sdkClient(new SNSClient(localServiceConfig('SNS_ENDPOINT')));
  return client;
};

export const baseTopicArn = () => {
  const arn = process.env.ALARM_TOPIC_ARN;
  if (!arn) throw new Error('ALARM_TOPIC_ARN is not set');
  return arn;
};

export const shardArn = (index: number) => (index === 0 ? baseTopicArn() : `${baseTopicArn()}-${index}`);
const shardName = (index: number) => shardArn(index).split(':').pop() ?? '';

const errorName = (error: unknown) => (error as { name?: string }).name ?? '';

/** The ARNs of the alarm topic's shards, shard 0 first. */
export async function alarmTopicShards(): Promise<string[]> {
  const found = [baseTopicArn()];
  for (let index = 1; ; index++) {
    try {
      await sns().send(new GetTopicAttributesCommand({ TopicArn: shardArn(index) }));
      found.push(shardArn(index));
    } catch (error) {
      if (errorName(error) === 'NotFoundException' || errorName(error) === 'NotFound') return found;
      throw error;
    }
  }
}

/** Creates shard `index` like the deployed topic: encrypted with its key, refusing requests without TLS. */
export async function createShard(index: number): Promise<string> {
  const name = shardName(index);
  const arn = shardArn(index);
  const policy = {
    Version: '2012-10-17',
    Statement: [
      {
        Sid: 'AllowPublishThroughSSLOnly',
        Effect: 'Deny',
        Principal: '*',
        Action: 'sns:Publish',
        Resource: arn,
        Condition: { Bool: { 'aws:SecureTransport': 'false' } },
      },
    ],
  };
  const key = process.env.ALARM_TOPIC_KEY_ARN;
  const created = await sns().send(
    new CreateTopicCommand({
      Name: name,
      Attributes: {
        DisplayName: 'Tracking alarms',
        Policy: JSON.stringify(policy),
        ...(key ? { KmsMasterKeyId: key } : {}),
      },
    }),
  );
  return created.TopicArn ?? arn;
}

export interface TopicSubscription {
  topicArn: string;
  endpoint: string;
  confirmed: boolean;
}

/** Every e-mail subscription of the given shards (ListSubscriptionsByTopic pages 100 at a time). */
export async function emailSubscriptions(shards: string[]): Promise<TopicSubscription[]> {
  const found: TopicSubscription[] = [];
  for (const topicArn of shards) {
    let nextToken: string | undefined;
    do {
      const page = await sns().send(new ListSubscriptionsByTopicCommand({ TopicArn: topicArn, NextToken: nextToken }));
      for (const sub of page.Subscriptions ?? []) {
        if (sub.Protocol !== 'email' || !sub.Endpoint) continue;
        found.push({ topicArn, endpoint: sub.Endpoint, confirmed: !!sub.SubscriptionArn?.startsWith('arn:') });
      }
      nextToken = page.NextToken;
    } while (nextToken);
  }
  return found;
}

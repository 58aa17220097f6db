import * as path from 'node:path';
import { Duration, Stack } from 'aws-cdk-lib';
import type * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import * as sns from 'aws-cdk-lib/aws-sns';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { ALARM_TOPIC_ACTIONS } from '../handler-grants';
import { acknowledge, flattenReference } from '../nag';
import { invokeOnBusRules } from './bus-rule-target';
import { FailureQueue } from './failure-queue';
import { type DataAccess, HandlerFunction, REPO_ROOT } from './handler-function';

export interface AlarmDeliveryProps {
  stage: string;
  data: DataAccess;
  /** The pipeline's bus (F2's PipelineStack.eventBus): the processor puts AlarmRaised there. */
  eventBus: events.IEventBus;
  logRetention: RetentionDays;
}

export const ALARM_HANDLER_MODULE = 'pipeline/alarm-handler';

/**
 * The alarm side of the pipeline: the SNS topic the alarm mails go through (KMS-encrypted, TLS
 * only; one e-mail subscription per address, made by the alarm rules API), the alarm handler Lambda, and the
 * bus rules of infra/pipeline-rules.ts targeting it, with Lambda's retries and a dead-letter queue for events
 * it could not handle.
 */
export class AlarmDelivery extends Construct {
  readonly topic: sns.Topic;
  readonly handler: HandlerFunction;
  readonly deadLetterQueue: sqs.Queue;
  private readonly key: kms.Key;
  private readonly topicName: string;

  constructor(scope: Construct, id: string, props: AlarmDeliveryProps) {
    super(scope, id);
    const key = new kms.Key(this, 'TopicKey', {
      enableKeyRotation: true,
      description: 'Encrypts the alarm mail topic',
    });
    this.topicName = `tracking-alarms-${props.stage}`;
    this.topic = new sns.Topic(this, 'AlarmTopic', {
      topicName: this.topicName,
      displayName: 'Tracking alarms',
      masterKey: key,
      enforceSSL: true,
    });
    this.key = key;

    this.handler = new HandlerFunction(this, 'AlarmHandler', {
      module: 'pipeline-alarm-handler',
      entry: path.join(REPO_ROOT, 'functions', 'pipeline', 'alarm-handler.ts'),
      data: props.data,
      logRetention: props.logRetention,
      timeout: Duration.seconds(60),
      environment: { STAGE: props.stage, ALARM_TOPIC_ARN: this.topic.topicArn, POWERTOOLS_LOG_LEVEL: 'INFO' },
    });
    this.grantAlarmMail(this.handler);

    // Made before this construct and kept by its ids (FailureQueue's `ids`): the queue may hold events.
    this.deadLetterQueue = new FailureQueue(this, 'Default', {
      what: 'alarm events nobody could mail',
      ids: { queue: 'DeadLetterQueue', alarm: 'DeadLetterAlarm' },
    }).queue;
    // The geocoder's and the zone stock's rules are their own constructs' (address-geocoding.ts,
    // zone-stock.ts), each with its own dead-letter queue.
    invokeOnBusRules(this, {
      eventBus: props.eventBus,
      targetModule: ALARM_HANDLER_MODULE,
      handler: this.handler.function,
      deadLetterQueue: this.deadLetterQueue,
    });
  }

  /**
   * What the alarm rules API needs to keep the addresses' subscriptions (functions/lib/alarms/alarm-mail.ts):
   * ALARM_TOPIC_ARN and the key new shards are encrypted with; Subscribe, ListSubscriptionsByTopic and
   * GetTopicAttributes on this topic and its shards, and CreateTopic for the shards only (SNS allows 200
   * filter policies per topic; docs/decisions/0236).
   */
  grantSubscriptionManagement(fn: { addEnvironment(name: string, value: string): unknown; role?: iam.IRole }) {
    fn.addEnvironment('ALARM_TOPIC_ARN', this.topic.topicArn);
    fn.addEnvironment('ALARM_TOPIC_KEY_ARN', this.key.keyArn);
    fn.role?.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ALARM_TOPIC_ACTIONS.subscribe.filter((action) => action !== 'sns:CreateTopic'),
        resources: [this.topic.topicArn, this.shardArns(fn.role)],
      }),
    );
    fn.role?.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['sns:CreateTopic'], resources: [this.shardArns(fn.role)] }),
    );
  }

  /**
   * The assets API's report mails: it subscribes the planners' addresses like the alarm rules API
   * and publishes to every shard like the alarm handler, through the topic's key (IAM statements only: a
   * grant on the key from another stack would edit the key policy across stacks).
   */
  grantReportNotices(fn: { addEnvironment(name: string, value: string): unknown; role?: iam.IRole }) {
    this.grantSubscriptionManagement(fn);
    fn.role?.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn, this.shardArns(fn.role)],
      }),
    );
    fn.role?.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['kms:Decrypt', 'kms:GenerateDataKey*'], resources: [this.key.keyArn] }),
    );
    if (fn.role)
      acknowledge(
        fn.role,
        'Publishing to the KMS-encrypted topic needs kms:GenerateDataKey* (its data-key variants), on the ' +
          "topic's own key only.",
        'AwsSolutions-IAM5[Action::kms:GenerateDataKey*]',
      );
  }

  /**
   * The alarm handler and the notice job (functions/jobs/alarm-notices.ts, its repeats): publish to the topic and
   * its shards, in this stack (so the key's grant is a grant, not a cross-stack policy edit).
   */
  grantAlarmMail(fn: HandlerFunction) {
    fn.function.addEnvironment('ALARM_TOPIC_ARN', this.topic.topicArn);
    if (fn.grants.alarmTopic !== 'publish') return;
    this.topic.grantPublish(fn.role);
    // The shards made on demand past 200 addresses (functions/lib/alarms/alarm-topics.ts): found with
    // GetTopicAttributes, published to like the topic (same key, so its grant above covers the encryption).
    fn.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: [...ALARM_TOPIC_ACTIONS.publish],
        resources: [this.topic.topicArn, this.shardArns(fn.role)],
      }),
    );
    acknowledge(
      fn.role,
      'Publishing to the KMS-encrypted topic needs kms:GenerateDataKey* (its data-key variants), on the ' +
        "topic's own key only.",
      'AwsSolutions-IAM5[Action::kms:GenerateDataKey*]',
    );
  }

  /**
   * `<topic name>-<n>` in the role's stack: the shards' ARNs, a wildcard because they are made at run time,
   * acknowledged on the role as it is limited to this topic's name.
   */
  private shardArns(role: iam.IRole | undefined): string {
    const stack = Stack.of(role ?? this);
    const arn = stack.formatArn({ service: 'sns', resource: `${this.topicName}-*` });
    if (role)
      acknowledge(
        role,
        'The alarm topic is split into shards made at run time past 200 filter policies (SNS quota); the ' +
          "wildcard covers only this topic's shards.",
        `AwsSolutions-IAM5[Resource::${flattenReference(stack.resolve(arn))}]`,
      );
    return arn;
  }
}

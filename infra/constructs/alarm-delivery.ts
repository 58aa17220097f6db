import * as path from 'node:path';
import { Duration } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { ALARM_TOPIC_ACTIONS } from '../handler-grants';
import { acknowledge } from '../nag';
import { type EventPattern, PIPELINE_RULES } from '../pipeline-rules';
import { type DataAccess, HandlerFunction, REPO_ROOT } from './handler-function';

export interface AlarmDeliveryProps {
  stage: string;
  data: DataAccess;
  /** The pipeline's bus (F2's PipelineStack.eventBus): the processor puts AlarmRaised there. */
  eventBus: events.IEventBus;
  logRetention: RetentionDays;
}

/** The shared rule data's pattern in CDK's spelling (detail-type -> detailType). */
export const toCdkPattern = (pattern: EventPattern): events.EventPattern =>
  Object.fromEntries(
    Object.entries(pattern).map(([field, value]) => [field === 'detail-type' ? 'detailType' : field, value]),
  ) as events.EventPattern;

/**
 * The alarm side of the pipeline (issue 9): the SNS topic the alarm mails go through (KMS-encrypted, TLS
 * only; one e-mail subscription per address, made by the alarm rules API), the alarm handler Lambda, and the
 * bus rules of infra/pipeline-rules.ts targeting it, with Lambda's retries and a dead-letter queue for events
 * it could not handle.
 */
export class AlarmDelivery extends Construct {
  readonly topic: sns.Topic;
  readonly handler: HandlerFunction;
  readonly deadLetterQueue: sqs.Queue;

  constructor(scope: Construct, id: string, props: AlarmDeliveryProps) {
    super(scope, id);
    const key = new kms.Key(this, 'TopicKey', {
      enableKeyRotation: true,
      description: 'Encrypts the alarm mail topic',
    });
    this.topic = new sns.Topic(this, 'AlarmTopic', {
      topicName: `tracking-alarms-${props.stage}`,
      displayName: 'Tracking alarms',
      masterKey: key,
      enforceSSL: true,
    });

    this.handler = new HandlerFunction(this, 'AlarmHandler', {
      module: 'pipeline-alarm-handler',
      entry: path.join(REPO_ROOT, 'functions', 'pipeline', 'alarm-handler.ts'),
      data: props.data,
      logRetention: props.logRetention,
      timeout: Duration.seconds(60),
      environment: { STAGE: props.stage, ALARM_TOPIC_ARN: this.topic.topicArn, POWERTOOLS_LOG_LEVEL: 'INFO' },
    });
    if (this.handler.grants.alarmTopic === 'publish') this.topic.grantPublish(this.handler.role);
    acknowledge(
      this.handler.role,
      'Publishing to the KMS-encrypted topic needs kms:GenerateDataKey* (its data-key variants), on the ' +
        "topic's own key only.",
      'AwsSolutions-IAM5[Action::kms:GenerateDataKey*]',
    );

    this.deadLetterQueue = new sqs.Queue(this, 'DeadLetterQueue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledge(
      this.deadLetterQueue,
      'This queue is the dead-letter queue of the alarm rules; a dead-letter queue of its own would only move ' +
        'the same events once more.',
      'AwsSolutions-SQS3',
    );

    const functions: Record<string, HandlerFunction> = { 'pipeline/alarm-handler': this.handler };
    for (const rule of PIPELINE_RULES) {
      const target = functions[rule.targetModule];
      if (!target) throw new Error(`No function deployed for rule ${rule.id}'s target ${rule.targetModule}`);
      new events.Rule(this, rule.id, {
        eventBus: props.eventBus,
        description: rule.description,
        eventPattern: toCdkPattern(rule.eventPattern),
        targets: [
          new targets.LambdaFunction(target.function, {
            retryAttempts: 2,
            maxEventAge: Duration.hours(6),
            deadLetterQueue: this.deadLetterQueue,
          }),
        ],
      });
    }
  }

  /**
   * What the alarm rules API needs to keep the addresses' subscriptions (functions/lib/alarms/alarm-mail.ts):
   * ALARM_TOPIC_ARN, Subscribe and ListSubscriptionsByTopic on this topic only.
   */
  grantSubscriptionManagement(fn: { addEnvironment(name: string, value: string): unknown; role?: iam.IRole }) {
    fn.addEnvironment('ALARM_TOPIC_ARN', this.topic.topicArn);
    fn.role?.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: [...ALARM_TOPIC_ACTIONS.subscribe],
        resources: [this.topic.topicArn],
      }),
    );
  }
}

import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { acknowledge } from '../nag';

export interface FailureQueueProps {
  /** What lands here, for the alarm and the acknowledgement (e.g. "uplinks the IoT rules could not hand on"). */
  what: string;
  /** A name of its own, where something finds the queue by name (the local stand-ins). */
  queueName?: string;
  /** The dead-letter queue of a FIFO queue is FIFO too. */
  fifo?: boolean;
  /**
   * The ids of a queue and alarm that were made directly in the scope before this construct existed. Made with
   * the id `Default`, which CDK leaves out of logical ids, the construct's queue and alarm keep theirs, so
   * CloudFormation keeps the queue (and the messages in it) rather than replacing it.
   */
  ids?: { queue: string; alarm: string };
}

/**
 * Where an asynchronous run that failed for good is kept: an encrypted, TLS-only SQS queue
 * holding it 14 days, and a CloudWatch alarm as soon as one is there, so a failed run is never dropped
 * unnoticed. Every such queue is one of these: Lambda's async onFailure destination, an IoT rule's error action,
 * a bus rule's or a schedule's dead-letter queue, and a queue's redrive target.
 */
export class FailureQueue extends Construct {
  readonly queue: sqs.Queue;
  readonly alarm: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, props: FailureQueueProps) {
    super(scope, id);
    this.queue = new sqs.Queue(this, props.ids?.queue ?? 'Queue', {
      queueName: props.queueName,
      fifo: props.fifo,
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledge(
      this.queue,
      `This queue keeps ${props.what}; a dead-letter queue of its own would only move them once more. Its depth ` +
        'raises a CloudWatch alarm instead.',
      'AwsSolutions-SQS3',
    );
    this.alarm = new cloudwatch.Alarm(this, props.ids?.alarm ?? 'DepthAlarm', {
      alarmDescription: `Failed runs are waiting: ${props.what}.`,
      metric: this.queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5) }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
  }

  /** A role IoT Core assumes to put a failed rule action's message here (the topic rules' error action). */
  iotErrorActionRole(): iam.Role {
    const role = new iam.Role(this, 'IotErrorActionRole', {
      assumedBy: new iam.ServicePrincipal('iot.amazonaws.com'),
      description: 'IoT Core: keep the messages a topic rule action failed on',
    });
    this.queue.grantSendMessages(role);
    return role;
  }
}

import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { acknowledge } from '../nag';

export interface FailureQueueProps {
  /** What lands here, for the alarm and the acknowledgement (e.g. "uplinks the IoT rules could not hand on"). */
  what: string;
}

/**
 * Where an asynchronous run that failed for good is kept: an encrypted, TLS-only SQS queue
 * holding it 14 days, and a CloudWatch alarm as soon as one is there, so a failed run is never dropped
 * unnoticed. Used as Lambda's async onFailure destination, an IoT rule's error action, and a dead-letter queue.
 */
export class FailureQueue extends Construct {
  readonly queue: sqs.Queue;
  readonly alarm: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, props: FailureQueueProps) {
    super(scope, id);
    this.queue = new sqs.Queue(this, 'Queue', {
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
    this.alarm = alarmOnDepth(this, 'DepthAlarm', this.queue, props.what);
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

/** A depth alarm like FailureQueue's for a dead-letter queue made elsewhere. */
export function alarmOnDepth(scope: Construct, id: string, queue: sqs.IQueue, what: string): cloudwatch.Alarm {
  return new cloudwatch.Alarm(scope, id, {
    alarmDescription: `Failed runs are waiting: ${what}.`,
    metric: queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5) }),
    threshold: 1,
    evaluationPeriods: 1,
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
  });
}

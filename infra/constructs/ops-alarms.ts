import { Duration } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';

export interface OpsAlarmsProps {
  email: string;
  httpApi: apigw.IHttpApi;
  functions: ReadonlyMap<string, lambda.IFunction>;
  /** Further alarms mailed the same way (the operations dashboard's: queue age, rejection rate, dead letters). */
  alarms?: cloudwatch.AlarmBase[];
}

/**
 * Operator alarms (not the product's alarm rules): API 5xx responses and handler errors, and the operations
 * dashboard's alarms (uplink backlog, rejection rate, dead letters), mailed to one address through an SNS topic
 * that only accepts TLS publishers.
 */
export class OpsAlarms extends Construct {
  readonly topic: sns.Topic;

  constructor(scope: Construct, id: string, props: OpsAlarmsProps) {
    super(scope, id);
    this.topic = new sns.Topic(this, 'Topic', { displayName: 'Tracking console operations', enforceSSL: true });
    this.topic.addSubscription(new EmailSubscription(props.email));
    const action = new SnsAction(this.topic);
    const period = Duration.minutes(5);

    new cloudwatch.Alarm(this, 'Api5xx', {
      alarmDescription: 'The HTTP API answered 5xx',
      metric: props.httpApi.metricServerError({ period, statistic: 'Sum' }),
      threshold: 5,
      evaluationPeriods: 1,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    }).addAlarmAction(action);

    for (const alarm of props.alarms ?? []) alarm.addAlarmAction(action);

    for (const [module, fn] of props.functions) {
      new cloudwatch.Alarm(this, `${module}-errors`, {
        alarmDescription: `Handler ${module} threw or timed out`,
        metric: fn.metricErrors({ period, statistic: 'Sum' }),
        threshold: 1,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }).addAlarmAction(action);
    }
  }
}

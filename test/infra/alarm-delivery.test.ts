import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { AwsSolutionsChecks } from 'cdk-nag';
import { AlarmDelivery } from '../../infra/constructs/alarm-delivery';
import type { DataAccess } from '../../infra/constructs/handler-function';
import { LOAN_DAY_CRON, LOAN_DAY_JOB, QUARTER_HOUR_RATE, ScheduledJob } from '../../infra/constructs/scheduled-job';
import { DATA_GRANT_ACTIONS } from '../../infra/handler-grants';
import { PIPELINE_RULES } from '../../infra/pipeline-rules';
import { ALARM_TYPES } from '../../shared/schemas/alarm';
import { synthTracking } from './synth';

/**
 * The alarm side's constructs in a stack of their own (the pipeline stack wires the same constructs to its
 * bus): template properties and cdk-nag findings.
 */
function build() {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [], mailFrom: 'no-reply@example.com' } });
  const stack = new Stack(app, 'AlarmSide', { env: { account: '123456789012', region: 'eu-west-1' } });
  const tablePolicy = new iam.ManagedPolicy(stack, 'DataPolicy', {
    statements: [
      new iam.PolicyStatement({
        actions: ['dynamodb:GetItem'],
        resources: ['arn:aws:dynamodb:eu-west-1:123456789012:table/tracking'],
      }),
    ],
  });
  const data = {
    tableName: 'tracking',
    bucketName: 'attachments',
    policies: Object.fromEntries(
      Object.keys(DATA_GRANT_ACTIONS).map((piece) => [piece, tablePolicy]),
    ) as unknown as DataAccess['policies'],
    vapidKeys: secretsmanager.Secret.fromSecretNameV2(stack, 'VapidKeys', 'vapid-keys'),
  };
  const eventBus = new events.EventBus(stack, 'Bus', { eventBusName: 'tracking-pipeline-dev' });
  const delivery = new AlarmDelivery(stack, 'AlarmDelivery', {
    stage: 'dev',
    data,
    eventBus,
    logRetention: RetentionDays.ONE_MONTH,
  });
  new ScheduledJob(stack, 'LoanDays', {
    stage: 'dev',
    data,
    logRetention: RetentionDays.ONE_MONTH,
    job: LOAN_DAY_JOB,
  });
  const api = new lambda.Function(stack, 'AlarmsApi', {
    runtime: lambda.Runtime.NODEJS_22_X,
    handler: 'index.handler',
    code: lambda.Code.fromInline('exports.handler = async () => {}'),
  });
  delivery.grantSubscriptionManagement(api);
  return { stack, template: Template.fromStack(stack) };
}

describe('alarm delivery and loan-day schedule', () => {
  const { stack, template } = build();

  it('has a KMS-encrypted alarm topic that refuses plain HTTP', () => {
    template.hasResourceProperties('AWS::SNS::Topic', {
      TopicName: 'tracking-alarms-dev',
      KmsMasterKeyId: Match.anyValue(),
    });
    template.hasResourceProperties('AWS::KMS::Key', { EnableKeyRotation: true });
    template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('creates one bus rule per shared rule, with the same pattern, targeting the alarm handler with retries and a DLQ', () => {
    const rules = template.findResources('AWS::Events::Rule');
    // The geocoder's, the zone stock's and the reset mailer's rules belong to their own constructs
    // (address-geocoding.test.ts, zone-stock.test.ts; the reset mailer's is in the API stack).
    const elsewhere = new Set(['pipeline/geocoder', 'pipeline/zone-stock', 'workers/reset-mailer']);
    expect(Object.keys(rules)).toHaveLength(PIPELINE_RULES.filter((r) => !elsewhere.has(r.targetModule)).length);
    template.hasResourceProperties('AWS::Events::Rule', {
      EventBusName: Match.anyValue(),
      EventPattern: {
        source: ['tracking.pipeline'],
        'detail-type': ['AlarmRaised'],
        detail: { kind: [...ALARM_TYPES] },
      },
      Targets: [
        Match.objectLike({
          RetryPolicy: { MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 21600 },
          DeadLetterConfig: { Arn: Match.anyValue() },
        }),
      ],
    });
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({
          ALARM_TOPIC_ARN: Match.anyValue(),
          POWERTOOLS_SERVICE_NAME: 'pipeline-alarm-handler',
        }),
      },
    });
  });

  it('lets the alarm rules API subscribe addresses and read their state on that topic and its shards only', () => {
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: ['sns:Subscribe', 'sns:ListSubscriptionsByTopic', 'sns:GetTopicAttributes'],
            Resource: [{ Ref: Match.anyValue() }, Match.objectLike({ 'Fn::Join': Match.anyValue() })],
          }),
          // SNS allows 200 filter policies per topic: past that the API makes `tracking-alarms-<stage>-<n>`.
          Match.objectLike({
            Action: 'sns:CreateTopic',
            Resource: Match.objectLike({
              'Fn::Join': ['', Match.arrayWith([Match.stringLikeRegexp(':tracking-alarms-dev-[*]$')])],
            }),
          }),
        ]),
      },
    });
  });

  it('schedules the loan-day job at midnight Europe/Amsterdam with retries and a dead-letter queue', () => {
    template.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: LOAN_DAY_CRON,
      ScheduleExpressionTimezone: 'Europe/Amsterdam',
      FlexibleTimeWindow: { Mode: 'OFF' },
      Target: Match.objectLike({
        Input: '{}',
        RetryPolicy: { MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 21600 },
        DeadLetterConfig: { Arn: Match.anyValue() },
      }),
    });
    template.hasResourceProperties('AWS::Lambda::Function', {
      Timeout: 900,
      Environment: { Variables: Match.objectLike({ POWERTOOLS_SERVICE_NAME: 'job-loan-days' }) },
    });
  });

  it('starts a loan-day worker per tenant, whose failed runs land in a queue with an alarm', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Timeout: 900,
      Environment: { Variables: Match.objectLike({ POWERTOOLS_SERVICE_NAME: 'loan-day-worker' }) },
    });
    const workerRef = { Ref: Match.stringLikeRegexp('^LoanDaysTenantWorkerFunction') };
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({ POWERTOOLS_SERVICE_NAME: 'job-loan-days', LOAN_DAY_WORKER_FUNCTION: workerRef }),
      },
    });
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: workerRef,
      MaximumRetryAttempts: 2,
      MaximumEventAgeInSeconds: 21600,
      DestinationConfig: {
        OnFailure: {
          Destination: { 'Fn::GetAtt': [Match.stringLikeRegexp('^LoanDaysTenantWorkerFailuresQueue'), 'Arn'] },
        },
      },
    });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmDescription: Match.stringLikeRegexp("tenants' loan-day runs that failed"),
      Threshold: 1,
    });
    // The job's scheduled run may invoke the worker, and only its unqualified ARN.
    template.hasResourceProperties('AWS::IAM::Policy', {
      Roles: [{ Ref: Match.stringLikeRegexp('^LoanDaysJobRole') }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: 'lambda:InvokeFunction',
            Resource: { 'Fn::GetAtt': [Match.stringLikeRegexp('^LoanDaysTenantWorkerFunction'), 'Arn'] },
          }),
        ]),
      },
    });
  });

  it('has no unacknowledged cdk-nag finding in its constructs', () => {
    const violations = new AwsSolutionsChecks(undefined, { verbose: false })
      .validateScope(stack)
      .violations.map((v) => `${v.ruleName} @ ${v.violatingResources.map((r) => r.constructPath).join(', ')}`)
      .filter((v) => !/@ AlarmSide\/(AlarmsApi|DataPolicy)/.test(v));
    expect(violations).toEqual([]);
  });
});

describe('alarm side in the tracking app', () => {
  it("is wired to the pipeline stack's bus, and the alarm rules API may manage the topic's subscriptions", () => {
    const s = synthTracking();
    const pipeline = s.template(s.pipeline);
    pipeline.hasResourceProperties('AWS::Events::Rule', {
      EventBusName: { Ref: Match.stringLikeRegexp('^EventBus') },
      EventPattern: Match.objectLike({ 'detail-type': ['AlarmRaised'] }),
    });
    // The daily loan-day job; the silent-tag, time-rule, tenant-walk and alarm notice jobs every 15 minutes.
    pipeline.resourceCountIs('AWS::Scheduler::Schedule', 5);
    pipeline.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: QUARTER_HOUR_RATE,
      Target: Match.objectLike({ Input: '{}', DeadLetterConfig: Match.anyValue() }),
    });
    s.template(s.api).hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({ POWERTOOLS_SERVICE_NAME: 'alarms', ALARM_TOPIC_ARN: Match.anyValue() }),
      },
    });
    // The notice job publishes repeats to the topic and mails notices: it knows the topic and the sender.
    pipeline.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({
          POWERTOOLS_SERVICE_NAME: 'job-alarm-notices',
          ALARM_TOPIC_ARN: Match.anyValue(),
          MAIL_FROM: Match.anyValue(),
        }),
      },
    });
  });
});

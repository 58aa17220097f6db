import * as path from 'node:path';
import { Duration } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as destinations from 'aws-cdk-lib/aws-lambda-destinations';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { acknowledge } from '../nag';
import { alarmOnDepth } from './failure-queue';
import { type DataAccess, HandlerFunction, REPO_ROOT } from './handler-function';

export interface LoanDayScheduleProps {
  stage: string;
  data: DataAccess;
  logRetention: RetentionDays;
}

/** Midnight in the product's time zone; Scheduler follows the clock changes. */
export const LOAN_DAY_CRON = 'cron(0 0 * * ? *)';
export const LOAN_DAY_TIME_ZONE = 'Europe/Amsterdam';

/**
 * The daily loan-day job (functions/jobs/loan-days.ts) and the EventBridge Scheduler schedule that invokes it
 * at 00:00 Europe/Amsterdam with `{}`. A failed invocation is retried by Scheduler (the job is idempotent per
 * day and resumes from its cursor), then parked in a dead-letter queue.
 */
export class LoanDaySchedule extends Construct {
  readonly job: HandlerFunction;
  readonly schedule: scheduler.CfnSchedule;
  readonly deadLetterQueue: sqs.Queue;

  constructor(scope: Construct, id: string, props: LoanDayScheduleProps) {
    super(scope, id);
    this.job = new HandlerFunction(this, 'Job', {
      module: 'job-loan-days',
      entry: path.join(REPO_ROOT, 'functions', 'jobs', 'loan-days.ts'),
      data: props.data,
      logRetention: props.logRetention,
      timeout: Duration.minutes(15),
      environment: { STAGE: props.stage, POWERTOOLS_LOG_LEVEL: 'INFO' },
    });

    this.deadLetterQueue = new sqs.Queue(this, 'DeadLetterQueue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledge(
      this.deadLetterQueue,
      'This queue is the dead-letter queue of the loan-day schedule; one of its own would only move the same ' +
        'invocation once more.',
      'AwsSolutions-SQS3',
    );

    alarmOnDepth(this, 'DeadLetterAlarm', this.deadLetterQueue, 'loan-day runs that failed');
    // Scheduler invokes Lambda asynchronously: its retry policy and dead-letter queue cover the invoke, and a
    // job that throws on Lambda's own retries is kept in the same queue.
    this.job.function.configureAsyncInvoke({
      retryAttempts: 2,
      maxEventAge: Duration.hours(6),
      onFailure: new destinations.SqsDestination(this.deadLetterQueue),
    });

    const role = new iam.Role(this, 'SchedulerRole', {
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com'),
      description: 'EventBridge Scheduler: invoke the loan-day job',
    });
    // The function itself, not its versions (grantInvoke would add `<arn>:*`): the schedule invokes $LATEST.
    role.addToPolicy(
      new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [this.job.function.functionArn] }),
    );
    this.deadLetterQueue.grantSendMessages(role);

    this.schedule = new scheduler.CfnSchedule(this, 'Schedule', {
      name: `tracking-loan-days-${props.stage}`,
      description: 'Counts a loan day for every asset outside its geo zone, at midnight in Amsterdam',
      scheduleExpression: LOAN_DAY_CRON,
      scheduleExpressionTimezone: LOAN_DAY_TIME_ZONE,
      flexibleTimeWindow: { mode: 'OFF' },
      target: {
        arn: this.job.function.functionArn,
        roleArn: role.roleArn,
        input: '{}',
        retryPolicy: { maximumRetryAttempts: 3, maximumEventAgeInSeconds: 6 * 3600 },
        deadLetterConfig: { arn: this.deadLetterQueue.queueArn },
      },
    });
  }
}

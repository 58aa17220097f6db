import * as path from 'node:path';
import { Duration } from 'aws-cdk-lib';
import type * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as destinations from 'aws-cdk-lib/aws-lambda-destinations';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { FailureQueue } from './failure-queue';
import { type DataAccess, HandlerFunction, REPO_ROOT } from './handler-function';

export interface TimeRuleScheduleProps {
  stage: string;
  data: DataAccess;
  logRetention: RetentionDays;
  /** The pipeline bus: the job raises the time rules' alarms (6-9) as AlarmRaised there, like the processor. */
  eventBus: events.IEventBus;
}

/** Every quarter of an hour (issue 18: a time rule fires at most 15 minutes after its duration passed). */
export const TIME_RULE_RATE = 'rate(15 minutes)';

/**
 * The time-rule job (functions/jobs/time-rules.ts, issue 18 part 3) and its EventBridge Scheduler schedule, invoked
 * with `{}` every 15 minutes. A failed run is retried (the job is idempotent: a timer already moved is no longer
 * due, an alarm raised again has the same id) and then parked in a dead-letter queue; the next run picks up
 * whatever is still due anyway.
 */
export class TimeRuleSchedule extends Construct {
  readonly job: HandlerFunction;
  readonly schedule: scheduler.CfnSchedule;
  readonly deadLetterQueue: sqs.Queue;

  constructor(scope: Construct, id: string, props: TimeRuleScheduleProps) {
    super(scope, id);
    this.job = new HandlerFunction(this, 'Job', {
      module: 'job-time-rules',
      entry: path.join(REPO_ROOT, 'functions', 'jobs', 'time-rules.ts'),
      data: props.data,
      logRetention: props.logRetention,
      // Shorter than the rate: two runs never overlap for long (and overlapping ones are harmless).
      timeout: Duration.minutes(10),
      environment: { STAGE: props.stage, EVENT_BUS_NAME: props.eventBus.eventBusName, POWERTOOLS_LOG_LEVEL: 'INFO' },
    });
    if (this.job.grants.eventBus) props.eventBus.grantPutEventsTo(this.job.role);

    this.deadLetterQueue = new FailureQueue(this, 'DeadLetters', { what: 'time-rule runs that failed' }).queue;
    this.job.function.configureAsyncInvoke({
      retryAttempts: 1,
      maxEventAge: Duration.minutes(30),
      onFailure: new destinations.SqsDestination(this.deadLetterQueue),
    });

    const role = new iam.Role(this, 'SchedulerRole', {
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com'),
      description: 'EventBridge Scheduler: invoke the time-rule job',
    });
    role.addToPolicy(
      new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [this.job.function.functionArn] }),
    );
    this.deadLetterQueue.grantSendMessages(role);

    this.schedule = new scheduler.CfnSchedule(this, 'Schedule', {
      name: `tracking-time-rules-${props.stage}`,
      description:
        'Fires the time rules (outside too long, idle, at one site, overdue) of the assets due, every 15 minutes',
      scheduleExpression: TIME_RULE_RATE,
      flexibleTimeWindow: { mode: 'OFF' },
      target: {
        arn: this.job.function.functionArn,
        roleArn: role.roleArn,
        input: '{}',
        retryPolicy: { maximumRetryAttempts: 2, maximumEventAgeInSeconds: 1800 },
        deadLetterConfig: { arn: this.deadLetterQueue.queueArn },
      },
    });
  }
}

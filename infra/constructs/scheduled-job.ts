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

/** Every quarter of an hour: a job's state is at most 15 minutes behind its due times. */
export const QUARTER_HOUR_RATE = 'rate(15 minutes)';

/** What differs between the quarter-hour jobs: the handler and the words for it. */
export interface QuarterHourJobSpec {
  /** The job's name in resource names: `tracking-<name>-<stage>`, functions/jobs/<name>.ts, module job-<name>. */
  name: string;
  /** For the scheduler role's description: "invoke the <role> job". */
  role: string;
  /** What the dead-letter queue keeps, e.g. "silent-tag runs that failed". */
  failed: string;
  /** The schedule's description. */
  description: string;
}

/** The silent-tag job (functions/jobs/silent-tags.ts): devices late or silent when uplinks stop. */
export const SILENT_TAG_JOB: QuarterHourJobSpec = {
  name: 'silent-tags',
  role: 'silent-tag',
  failed: 'silent-tag runs that failed',
  description: 'Turns devices late or silent when their uplinks stop, every 15 minutes',
};

/** The time-rule job (functions/jobs/time-rules.ts): alarm types 6-9 of the assets due. */
export const TIME_RULE_JOB: QuarterHourJobSpec = {
  name: 'time-rules',
  role: 'time-rule',
  failed: 'time-rule runs that failed',
  description:
    'Fires the time rules (outside too long, idle, at one site, overdue) of the assets due, every 15 minutes',
};

/**
 * The tenant-walk job (functions/jobs/tenant-walks.ts): the changes of a tenant's past that walk its records
 * (erasing a person's copies, re-dating records after a retention change).
 */
export const TENANT_WALK_JOB: QuarterHourJobSpec = {
  name: 'tenant-walks',
  role: 'tenant-walk',
  failed: 'tenant-walk runs that failed',
  description: "Erases people's copies and re-dates kept records after a retention change, every 15 minutes",
};

export interface QuarterHourJobProps {
  stage: string;
  data: DataAccess;
  logRetention: RetentionDays;
  /** The pipeline bus: the job raises its alarms as AlarmRaised there, like the processor. */
  eventBus: events.IEventBus;
  job: QuarterHourJobSpec;
}

/**
 * A job invoked with `{}` every 15 minutes by EventBridge Scheduler. A failed run is retried (the jobs are
 * idempotent: what was moved is no longer due, an alarm raised again has the same id) and then parked in a
 * dead-letter queue; the next run picks up whatever is still due anyway. Locally scripts/local/quarter-hour-timer.ts
 * runs the same handlers.
 */
export class QuarterHourJob extends Construct {
  readonly job: HandlerFunction;
  readonly schedule: scheduler.CfnSchedule;
  readonly deadLetterQueue: sqs.Queue;

  constructor(scope: Construct, id: string, props: QuarterHourJobProps) {
    super(scope, id);
    const spec = props.job;
    this.job = new HandlerFunction(this, 'Job', {
      module: `job-${spec.name}`,
      entry: path.join(REPO_ROOT, 'functions', 'jobs', `${spec.name}.ts`),
      data: props.data,
      logRetention: props.logRetention,
      // Shorter than the rate: two runs never overlap for long (and overlapping ones are harmless).
      timeout: Duration.minutes(10),
      environment: { STAGE: props.stage, EVENT_BUS_NAME: props.eventBus.eventBusName, POWERTOOLS_LOG_LEVEL: 'INFO' },
    });
    if (this.job.grants.eventBus) props.eventBus.grantPutEventsTo(this.job.role);

    this.deadLetterQueue = new FailureQueue(this, 'DeadLetters', { what: spec.failed }).queue;
    this.job.function.configureAsyncInvoke({
      retryAttempts: 1,
      maxEventAge: Duration.minutes(30),
      onFailure: new destinations.SqsDestination(this.deadLetterQueue),
    });

    const role = new iam.Role(this, 'SchedulerRole', {
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com'),
      description: `EventBridge Scheduler: invoke the ${spec.role} job`,
    });
    role.addToPolicy(
      new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [this.job.function.functionArn] }),
    );
    this.deadLetterQueue.grantSendMessages(role);

    this.schedule = new scheduler.CfnSchedule(this, 'Schedule', {
      name: `tracking-${spec.name}-${props.stage}`,
      description: spec.description,
      scheduleExpression: QUARTER_HOUR_RATE,
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
